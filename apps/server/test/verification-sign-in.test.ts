import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, pathOf, RegistrationResultSchema, VerifyResultSchema } from '@hubbub/contract';
import { loggerOptions } from '../src/logger.js';
import { build, type TestApp } from './support/build.js';
import { PASSWORD, call, readMail, uniqueEmail } from './support/api.js';

// Issue 24, item 7: verifying in the browser that registered signs the person in. The registration
// answers a key to that browser; the verification brings it with the emailed token or code.

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  // Every request's own lines too (debug), to show that no key or token reaches them.
  t = await build({ logger: { ...(loggerOptions('debug') as object), stream: { write: (line: string) => void logLines.push(line) } } });
});
afterAll(() => t.close());

async function register(email = uniqueEmail()) {
  const res = await call(t.app, 'POST', authApi.register.path, { body: { email, name: 'Vera', password: PASSWORD } });
  expect(res.statusCode).toBe(201);
  const { signInKey } = RegistrationResultSchema.parse(res.json());
  return { email, signInKey, mail: await readMail(t, email, 'verify') };
}

function verify(tokenOrCode: string, body?: object) {
  return call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode }), body ? { body } : {});
}

async function expectSignedIn(res: Awaited<ReturnType<typeof verify>>, email: string) {
  expect(res.statusCode).toBe(200);
  const { session } = VerifyResultSchema.parse(res.json());
  expect(session).toEqual({ jwt: expect.any(String), refreshToken: expect.any(String), rememberMe: true });
  // A real session: the access token reads the account, the refresh token rotates.
  const me = await call(t.app, 'GET', authApi.user.path, { jwt: session!.jwt });
  expect(me.statusCode).toBe(200);
  expect(me.json()).toMatchObject({ email });
  const refreshed = await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: session!.refreshToken } });
  expect(refreshed.statusCode).toBe(200);
  return session!;
}

/** Verified, and not signed in: the answer is the spec's, and the password still signs in. */
async function expectVerifiedOnly(res: Awaited<ReturnType<typeof verify>>, email: string) {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ verified: true, email });
  expect((await call(t.app, 'POST', authApi.login.path, { body: { email, password: PASSWORD } })).statusCode).toBe(200);
}

describe('verification in the browser that registered', () => {
  it('signs in with the emailed link and the key', async () => {
    const { email, signInKey, mail } = await register();
    expect(signInKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expectSignedIn(await verify(mail.token, { signInKey }), email);
  });

  it('signs in with the typed code and the key', async () => {
    const { email, signInKey, mail } = await register();
    await expectSignedIn(await verify(mail.code.toLowerCase(), { signInKey }), email);
  });

  it('without a key (another browser, or the spec\'s call with no body) verifies only', async () => {
    const a = await register();
    await expectVerifiedOnly(await verify(a.mail.token), a.email);
    const b = await register();
    await expectVerifiedOnly(await verify(b.mail.code, {}), b.email);
  });

  it('with a wrong key verifies only', async () => {
    const { email, signInKey, mail } = await register();
    const wrong = `${signInKey.slice(0, -1)}${signInKey.endsWith('A') ? 'B' : 'A'}`;
    await expectVerifiedOnly(await verify(mail.token, { signInKey: wrong }), email);
  });

  it("with another person's key verifies only, and that key does not sign its owner in through someone else's token", async () => {
    const alice = await register();
    const bob = await register();
    await expectVerifiedOnly(await verify(bob.mail.token, { signInKey: alice.signInKey }), bob.email);
    // Alice's own token still signs her in with her key: nothing of hers was spent.
    await expectSignedIn(await verify(alice.mail.token, { signInKey: alice.signInKey }), alice.email);
  });

  it('a used token signs in nobody, even with the right key', async () => {
    const { email, signInKey, mail } = await register();
    await expectSignedIn(await verify(mail.token, { signInKey }), email);
    for (const secret of [mail.token, mail.code]) {
      const again = await verify(secret, { signInKey });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'code_invalid' });
      expect(again.json()).not.toHaveProperty('session');
    }
  });

  it('a key dies with the email it came with: a newer email verifies only', async () => {
    const { email, signInKey } = await register();
    // Signing in before verifying mails a new link and code and retires the first ones.
    expect((await call(t.app, 'POST', authApi.login.path, { body: { email, password: PASSWORD } })).statusCode).toBe(403);
    const newer = await readMail(t, email, 'verify');
    await expectVerifiedOnly(await verify(newer.token, { signInKey }), email);
  });

  it('refuses a malformed key as a bad request, spending nothing', async () => {
    const { email, signInKey, mail } = await register();
    for (const body of [{ signInKey: 42 }, { signInKey: 'x'.repeat(300) }]) {
      const res = await verify(mail.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation' });
    }
    await expectSignedIn(await verify(mail.token, { signInKey }), email);
  });

  it('logs no key and no token of the session', async () => {
    logLines.length = 0;
    const { email, signInKey, mail } = await register();
    const session = await expectSignedIn(await verify(mail.token, { signInKey }), email);
    const log = logLines.join('\n');
    expect(log).toContain(authApi.register.path);
    for (const secret of [signInKey, session.jwt, session.refreshToken]) expect(log).not.toContain(secret);
  });
});
