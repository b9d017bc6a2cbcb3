import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_NAME_IDENTIFIER, CLAIM_ROLE, authApi, externalAuthApi, pathOf } from '@hubbub/contract';
import { decodeJwt } from 'jose';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/service.js';
import { JWT_SECRET, OTHER_TENANT, build, type TestApp } from './support/build.js';
import { PASSWORD, call, readMail, signUp, uniqueEmail } from './support/api.js';

let t: TestApp;
/** Moves the app's clock ahead, e.g. past the refresh token grace window. */
let skew = 0;
beforeAll(async () => {
  t = await build({ env: { ADMIN_EMAIL: 'boss@example.test' }, now: () => new Date(Date.now() + skew) });
});
afterAll(() => t.close());

describe('register', () => {
  it('creates an unverified account and mails a link and a code', async () => {
    const email = uniqueEmail();
    const res = await call(t.app, 'POST', authApi.register.path, { body: { email: email.toUpperCase(), name: ' Ada ', password: PASSWORD, extra: 'ignored' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, name: 'Ada', verificationRequired: true });
    const mail = await readMail(t, email, 'verify');
    expect(mail.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(mail.text).toContain(`/verification?token=${mail.token}`);
  });

  it('refuses a duplicate email in the same tenant with 409', async () => {
    const email = uniqueEmail();
    expect((await call(t.app, 'POST', authApi.register.path, { body: { email, name: 'A', password: PASSWORD } })).statusCode).toBe(201);
    const again = await call(t.app, 'POST', authApi.register.path, { body: { email, name: 'B', password: PASSWORD } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, errors: { email: [expect.any(String)] } });
  });

  it.each([
    ['missing fields', { body: {} }, 400],
    ['wrong types', { body: { email: 42, name: true, password: ['x'] } }, 400],
    ['short password', { body: { email: 'a@b.test', name: 'A', password: 'short' } }, 400],
    ['bad email', { body: { email: 'not-an-email', name: 'A', password: PASSWORD } }, 400],
    ['malformed JSON', { rawBody: '{"email":' }, 400],
    ['a JSON array', { rawBody: '[]' }, 400],
    ['an oversized body', { rawBody: JSON.stringify({ email: 'a@b.test', name: 'x'.repeat(2_000_000), password: PASSWORD }) }, 413],
  ])('answers %s with a Problem and stores nothing', async (_label, opts, status) => {
    const res = await call(t.app, 'POST', authApi.register.path, opts);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ status, title: expect.any(String) });
  });

  it('rejects a bad registration without creating the account', async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', authApi.register.path, { body: { email, name: '', password: PASSWORD } });
    const login = await call(t.app, 'POST', authApi.login.path, { body: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it('needs a known tenant', async () => {
    const missing = await call(t.app, 'POST', authApi.register.path, { body: { email: uniqueEmail(), name: 'A', password: PASSWORD }, tenant: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().title).toBe('Missing tenant');
    const unknown = await call(t.app, 'POST', authApi.register.path, { body: { email: uniqueEmail(), name: 'A', password: PASSWORD }, tenant: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().title).toBe('Unknown tenant');
  });
});

describe('verify and login', () => {
  it('refuses login before verification with 403, then verifies by link token once', async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', authApi.register.path, { body: { email, name: 'V', password: PASSWORD } });
    const early = await call(t.app, 'POST', authApi.login.path, { body: { email, password: PASSWORD } });
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toMatch(/verify/i);
    // The 403 mailed a fresh secret and retired the first one.
    const { token } = await readMail(t, email, 'verify');
    const ok = await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: token }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ verified: true, email });
    const reused = await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: token }));
    expect(reused.statusCode).toBe(400);
    const login = await call(t.app, 'POST', authApi.login.path, { body: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ jwt: expect.any(String), refreshToken: expect.any(String), rememberMe: true });
  });

  it('accepts the typed code in any case, once', async () => {
    const email = uniqueEmail();
    await call(t.app, 'POST', authApi.register.path, { body: { email, name: 'C', password: PASSWORD } });
    const { code } = await readMail(t, email, 'verify');
    expect((await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: code.toLowerCase() }))).statusCode).toBe(200);
    expect((await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: code }))).statusCode).toBe(400);
  });

  it('refuses unknown and expired codes', async () => {
    expect((await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: 'ZZZZZZ' }))).statusCode).toBe(400);
    expect((await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: 'x' }))).statusCode).toBe(400);
    let clock = Date.now();
    const timed = await build({ now: () => new Date(clock) });
    try {
      const email = uniqueEmail();
      await call(timed.app, 'POST', authApi.register.path, { body: { email, name: 'E', password: PASSWORD } });
      const { code } = await readMail(timed, email, 'verify');
      clock += 25 * 60 * 60 * 1000;
      const res = await call(timed.app, 'POST', pathOf(authApi.verify, { tokenOrCode: code }));
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/expired/);
    } finally {
      await timed.close();
    }
  });

  it('answers wrong passwords and unknown emails alike with 401', async () => {
    const user = await signUp(t);
    const wrong = await call(t.app, 'POST', authApi.login.path, { body: { email: user.email, password: 'wrong password' } });
    const unknown = await call(t.app, 'POST', authApi.login.path, { body: { email: uniqueEmail(), password: PASSWORD } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(unknown.json().detail);
  });

  it('puts the spec claims in the jwt, with Admin for ADMIN_EMAIL', async () => {
    const user = await signUp(t);
    const claims = decodeJwt(user.jwt);
    expect(claims[CLAIM_NAME_IDENTIFIER]).toBe(user.id);
    expect(claims).toMatchObject({ name: user.name, email: user.email, Feature: '' });
    expect(claims[CLAIM_ROLE]).toBeUndefined();
    expect(claims.exp! - claims.iat!).toBeGreaterThan(30 * 60);
    const boss = await signUp(t, { email: 'boss@example.test' });
    expect(decodeJwt(boss.jwt)[CLAIM_ROLE]).toBe('Admin');
    const me = await call(t.app, 'GET', authApi.user.path, { jwt: boss.jwt });
    expect(me.json()).toMatchObject({ id: boss.id, roles: ['Admin'], plan: 'Free' });
  });
});

describe('tokens', () => {
  it('refuses missing, forged, malformed and cross-tenant tokens', async () => {
    const user = await signUp(t);
    expect((await call(t.app, 'GET', authApi.user.path)).statusCode).toBe(401);
    const [h, p] = user.jwt.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: forged })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: 'not-a-jwt' })).statusCode).toBe(401);
    const basic = await call(t.app, 'GET', authApi.user.path, { headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
    const cross = await call(t.app, 'GET', authApi.user.path, { jwt: user.jwt, tenant: OTHER_TENANT });
    expect(cross.statusCode).toBe(401);
  });

  it('refuses an expired jwt', async () => {
    const user = await signUp(t);
    const { createJwtSigner } = await import('../src/lib/jwt.js');
    const expired = await createJwtSigner(JWT_SECRET, -10).sign({
      userId: user.id,
      name: user.name,
      email: user.email,
      roles: [],
      features: [],
      tenant: 'hubbub',
      sessionId: decodeJwt(user.jwt).sid as string,
    });
    const res = await call(t.app, 'GET', authApi.user.path, { jwt: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/expired/i);
  });

  it('rotates the refresh token, and a reused one ends the whole family', async () => {
    const user = await signUp(t);
    const first = await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: user.refreshToken } });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: rotated.jwt })).statusCode).toBe(200);

    // Replayed after the grace window (issue 22: within it, a reload's replay gets the same pair).
    skew = REFRESH_REUSE_GRACE_MS;
    const reuse = await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: user.refreshToken } }).finally(() => (skew = 0));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('token_reused');
    // The family is gone: the newest refresh token and the jwts of the session no longer work.
    expect((await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: rotated.refreshToken } })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: rotated.jwt })).statusCode).toBe(401);
    // Another session of the same user is untouched.
    const other = await call(t.app, 'POST', authApi.login.path, { body: { email: user.email, password: PASSWORD } });
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: other.json().jwt })).statusCode).toBe(200);
  });

  it('refuses unknown, empty and cross-tenant refresh tokens', async () => {
    const user = await signUp(t);
    expect((await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: 'nope' } })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', authApi.refresh.path, { body: {} })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: user.refreshToken }, tenant: OTHER_TENANT })).statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const user = await signUp(t);
    const out = await call(t.app, 'GET', authApi.logout.path, { jwt: user.jwt });
    expect(out.statusCode).toBe(200);
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: user.jwt })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: user.refreshToken } })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', authApi.logout.path)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers forgot the same way for known and unknown emails', async () => {
    const user = await signUp(t);
    const known = await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: user.email } });
    const unknown = await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: uniqueEmail() } });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect((await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: 'nope' } })).statusCode).toBe(400);
  });

  it('resets once with the emailed code, ending old sessions', async () => {
    const user = await signUp(t);
    await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: user.email } });
    const { code } = await waitForMail(user.email);
    const weak = await call(t.app, 'POST', pathOf(authApi.resetPassword, { code }), { body: { password: 'short' } });
    expect(weak.statusCode).toBe(400);
    const ok = await call(t.app, 'POST', pathOf(authApi.resetPassword, { code }), { body: { password: 'a brand new password' } });
    expect(ok.statusCode).toBe(200);
    expect((await call(t.app, 'POST', pathOf(authApi.resetPassword, { code }), { body: { password: 'yet another password' } })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: user.jwt })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', authApi.login.path, { body: { email: user.email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', authApi.login.path, { body: { email: user.email, password: 'a brand new password' } })).statusCode).toBe(200);
  });

  it('refuses an unknown reset code', async () => {
    const res = await call(t.app, 'POST', pathOf(authApi.resetPassword, { code: 'ABCDEF' }), { body: { password: 'a brand new password' } });
    expect(res.statusCode).toBe(400);
  });

  async function waitForMail(email: string) {
    for (let i = 0; i < 50; i++) {
      try {
        return await readMail(t, email, 'reset');
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return readMail(t, email, 'reset');
  }
});

describe('external login', () => {
  it('answers 400 naming the provider when it is not configured (tested with providers in external-auth.test.ts)', async () => {
    const res = await call(t.app, 'POST', externalAuthApi.login.path, { body: { provider: 'Google', code: 'x', state: 'a-state-of-sixteen-chars' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'external_provider_unconfigured', detail: expect.stringMatching(/Google/) });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After past the login limit', async () => {
    const limited = await build({ rateLimits: { loginAccountFailures: 2 } });
    try {
      const body = { email: uniqueEmail(), password: 'whatever-password' };
      await call(limited.app, 'POST', authApi.login.path, { body });
      await call(limited.app, 'POST', authApi.login.path, { body });
      const third = await call(limited.app, 'POST', authApi.login.path, { body });
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.json()).toMatchObject({ status: 429, title: 'Too many requests' });
    } finally {
      await limited.close();
    }
  });
});
