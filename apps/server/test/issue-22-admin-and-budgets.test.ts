import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminPersonSchema, CLAIM_ROLE, authApi, pathOf, accountApi, accountDataApi, moderationApi } from '@hubbub/contract';
import { loadConfig } from '../src/config.js';
import { queryRows } from '../src/db/client.js';
import { AUTH_LIMITS } from '../src/modules/auth/limits.js';
import { isConfiguredAdmin, rolesOf } from '../src/modules/auth/service.js';
import { findUserByEmail, insertUser } from '../src/modules/users/service.js';
import { build, type TestApp } from './support/build.js';
import { PASSWORD, call, readMail, signUp, uniqueEmail, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';
import { FAKE_MS_TENANT, type FakeIdentity } from './support/fake-idp.js';
import { signInWith, startFakes } from './support/external-auth.js';

// Issue 22, findings 1 and 7: the Admin role from ADMIN_EMAIL went to whoever held the address,
// proven or not, in every tenant (and an external sign-in made accounts from addresses the
// provider did not vouch for); deleting the account checked the password with no failure budget.

const RIVAL = 'rival';
/** Migrating a fresh embedded database takes long on a busy machine. */
const BUILD_TIMEOUT_MS = 180_000;
const roleClaim = (jwt: string) => decodeJwt(jwt)[CLAIM_ROLE];

describe('issue 22 finding 1: ADMIN_EMAIL is Admin only for its proven owner, only in ADMIN_TENANT', () => {
  let fakes: Awaited<ReturnType<typeof startFakes>>;
  let t: TestApp;
  // Unique per run: the PostgreSQL project shares its database between suites.
  const ADMIN = uniqueEmail('boss');

  beforeAll(async () => {
    fakes = await startFakes();
    t = await build({ env: { ...fakes.env, PUBLIC_URL: 'http://localhost:8080', TENANTS: `hubbub,${RIVAL}`, ADMIN_EMAIL: ADMIN } });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await fakes?.stop();
  });
  afterEach(() => {
    fakes.google.reset();
    fakes.microsoft.reset();
  });

  const tenantId = (key: string) => t.app.ctx.tenants.get(key)!;
  const holders = async (tenant: string) => {
    const [row] = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from users where tenant_id = ${tenantId(tenant)} and email = ${ADMIN}`);
    return row.n;
  };
  const people = (jwt: string, tenant?: string) => call(t.app, 'GET', moderationApi.people.path, { jwt, tenant });

  const unvouched: [string, 'google' | 'microsoft', () => FakeIdentity][] = [
    ['a Microsoft token without xms_edov', 'microsoft', () => ({ sub: `pairwise-${randomUUID()}`, tid: FAKE_MS_TENANT, oid: randomUUID(), email: ADMIN, name: 'Mallory' })],
    ['a Google token with email_verified: false', 'google', () => ({ sub: `g-${randomUUID()}`, email: ADMIN, email_verified: false, name: 'Mallory' })],
  ];

  it.each(unvouched.flatMap(([label, kind, who]) => [RIVAL, 'hubbub'].map((tenant) => [label, tenant, kind, who] as const)))(
    '%s claiming the admin address on tenant %s makes no account, so no Admin',
    async (_label, tenant, kind, who) => {
      fakes[kind].signInAs(who());
      const res = await signInWith(t.app, fakes[kind], { tenant });
      const problem = expectProblem(res, 400, { code: 'external_email_unverified', detail: true });
      expect(problem.detail).toMatch(/Register with this email and a password.*connect/);
      expect(res.json()).not.toHaveProperty('jwt');
      expect(await holders(tenant)).toBe(0);
    },
  );

  it('an account that signed up with the admin address is not Admin while unverified, nor once verified in a tenant ADMIN_TENANT does not name', async () => {
    const reg = await call(t.app, 'POST', authApi.register.path, { body: { email: ADMIN, name: 'Rival Squatter', password: PASSWORD }, tenant: RIVAL });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(rolesOf(t.app.ctx, (await findUserByEmail(t.app.ctx.db, tenantId(RIVAL), ADMIN))!)).toEqual([]);
    const { code } = await readMail(t, ADMIN, 'verify');
    expect((await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: code }), { tenant: RIVAL })).statusCode).toBe(200);
    const login = await call(t.app, 'POST', authApi.login.path, { body: { email: ADMIN, password: PASSWORD }, tenant: RIVAL });
    expect(login.statusCode, login.body).toBe(200);
    const { jwt } = login.json() as TestUser;
    expect(roleClaim(jwt)).toBeUndefined();
    expect((await call(t.app, 'GET', accountApi.get.path, { jwt, tenant: RIVAL })).json()).toMatchObject({ email: ADMIN, emailVerified: true, roles: [] });
    expectProblem(await people(jwt, RIVAL), 403, { code: 'admin_required' });
  });

  it('an unverified account holding the address in the named tenant (made by an unvouched sign-in before the fix) is not Admin; its proven owner is', async () => {
    // The state an earlier version left behind: an account from a Microsoft sign-in that did not
    // vouch for the email, holding the address unverified, with an untrusted identity.
    const ms = { sub: `pairwise-${randomUUID()}`, tid: FAKE_MS_TENANT, oid: randomUUID(), email: ADMIN, name: 'Mallory' };
    const squatter = await insertUser(t.app.ctx.db, { tenantId: tenantId('hubbub'), email: ADMIN, name: 'Mallory', passwordHash: null });
    await queryRows(
      t.app.ctx.db,
      sql`insert into external_identities (tenant_id, user_id, provider, subject, issuer, provider_tenant, email, trusted)
          values (${tenantId('hubbub')}, ${squatter.id}, 'microsoft', ${`${ms.tid}:${ms.oid}`}, ${fakes.microsoft.issuerUrl}, ${ms.tid}, ${ADMIN}, false)`,
    );
    fakes.microsoft.signInAs(ms);
    const signedIn = await signInWith(t.app, fakes.microsoft);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const mallory = signedIn.json().jwt as string;
    expect(roleClaim(mallory)).toBeUndefined();
    expect((await call(t.app, 'GET', authApi.user.path, { jwt: mallory })).json()).toMatchObject({ email: ADMIN, roles: [] });
    expectProblem(await people(mallory), 403, { code: 'admin_required' });

    // The owner of the mailbox proves it with a reset code: now the address speaks for the operator.
    expect((await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: ADMIN } })).statusCode).toBe(200);
    let mail: Awaited<ReturnType<typeof readMail>> | undefined;
    for (let i = 0; i < 100 && !mail; i++) mail = await readMail(t, ADMIN, 'reset').catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 20)));
    expect((await call(t.app, 'POST', pathOf(authApi.resetPassword, { code: mail!.code }), { body: { password: 'the owner password 1' } })).statusCode).toBe(200);
    const login = await call(t.app, 'POST', authApi.login.path, { body: { email: ADMIN, password: 'the owner password 1' } });
    expect(login.statusCode, login.body).toBe(200);
    const boss = login.json().jwt as string;
    expect(roleClaim(boss)).toBe('Admin');
    const page = await people(boss);
    expect(page.statusCode, page.body).toBe(200);
    const person = AdminPersonSchema.parse((await call(t.app, 'GET', pathOf(moderationApi.person, { id: squatter.id }), { jwt: boss })).json());
    expect(person).toMatchObject({ email: ADMIN, roles: ['Admin'], adminFromConfig: true });
    // The session the squatter's identity opened was ended by the reset; it signs in no more.
    expectProblem(await people(mallory), 401);
    expectProblem(await signInWith(t.app, fakes.microsoft), 409, { code: 'external_link_required' });
    // The admin of the named tenant is nobody's admin on the other one.
    expectProblem(await people(boss, RIVAL), 401);
  });

  it('ADMIN_TENANT names the tenants (default: the first of TENANTS), checked against TENANTS', () => {
    const tenants = new Map([
      ['hubbub', 'id-hubbub'],
      [RIVAL, 'id-rival'],
    ]);
    const proven = { email: ADMIN, emailVerifiedAt: new Date() };
    const admin = (env: Record<string, string>, tenantId: string) =>
      isConfiguredAdmin({ config: loadConfig({ TENANTS: `hubbub,${RIVAL}`, ADMIN_EMAIL: ADMIN, ...env }), tenants }, { ...proven, tenantId });
    expect([admin({}, 'id-hubbub'), admin({}, 'id-rival')]).toEqual([true, false]);
    expect([admin({ ADMIN_TENANT: RIVAL }, 'id-hubbub'), admin({ ADMIN_TENANT: RIVAL }, 'id-rival')]).toEqual([false, true]);
    expect([admin({ ADMIN_TENANT: `hubbub, ${RIVAL}` }, 'id-hubbub'), admin({ ADMIN_TENANT: `hubbub,${RIVAL}` }, 'id-rival')]).toEqual([true, true]);
    const config = loadConfig({ TENANTS: 'hubbub', ADMIN_EMAIL: ADMIN });
    expect(isConfiguredAdmin({ config, tenants }, { ...proven, tenantId: 'id-hubbub', emailVerifiedAt: null })).toBe(false);
    expect(isConfiguredAdmin({ config, tenants }, { ...proven, tenantId: 'id-hubbub', email: uniqueEmail() })).toBe(false);
  });
});

describe('issue 22 finding 7: every password check has a failure budget (account deletion is no password oracle)', () => {
  /** A fresh address per test; the server trusts the loopback "proxy" to name it. */
  const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const deleteAccount = (t: TestApp, user: TestUser, password: string, ip: string) =>
    call(t.app, 'POST', accountDataApi.delete.path, { jwt: user.jwt, body: { password }, headers: { 'x-forwarded-for': ip } });
  const stillThere = async (t: TestApp, user: TestUser) => (await call(t.app, 'GET', accountApi.get.path, { jwt: user.jwt })).statusCode === 200;

  describe('with the budgets as deployed', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await build({ rateLimits: 'production', env: { TRUST_PROXY: 'loopback' } });
    }, BUILD_TIMEOUT_MS);
    afterAll(() => t?.close());

    it('wrong passwords on account/delete end in 429 rate_limited with Retry-After; the right one is refused too and the account stays', async () => {
      const user = await signUp(t);
      const thief = randomIp();
      for (let i = 0; i < AUTH_LIMITS.loginAccountFailures.points; i++) {
        expectProblem(await deleteAccount(t, user, `guess number ${i}`, thief), 401, { code: 'invalid_credentials' });
      }
      const refused = await deleteAccount(t, user, PASSWORD, thief);
      expect(expectProblem(refused, 429, { code: 'rate_limited', detail: true }).detail).toMatch(/wrong passwords for this account\. Try again in \d+ minutes?\./);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      // Per account, whatever the address; and the sign-in form shares the budget, so switching calls gains nothing.
      expectProblem(await deleteAccount(t, user, PASSWORD, randomIp()), 429, { code: 'rate_limited' });
      const login = await call(t.app, 'POST', authApi.login.path, { body: { email: user.email, password: PASSWORD }, headers: { 'x-forwarded-for': randomIp() } });
      expectProblem(login, 429, { code: 'rate_limited' });
      expect(await stillThere(t, user)).toBe(true);
    });
  });

  describe('with short windows', () => {
    let t: TestApp;
    // Long enough that a busy machine checks within it, short enough to wait out.
    const WINDOW_S = 6;
    beforeAll(async () => {
      t = await build({
        rateLimits: { loginAccountFailures: { points: 2, durationS: WINDOW_S }, loginIpFailures: { points: 3, durationS: WINDOW_S } },
        env: { TRUST_PROXY: 'loopback' },
      });
    }, BUILD_TIMEOUT_MS);
    afterAll(() => t?.close());

    it('refuses the right password until the window passes, then deletes the account', async () => {
      const user = await signUp(t);
      const ip = randomIp();
      for (let i = 0; i < 2; i++) expectProblem(await deleteAccount(t, user, 'not the password', ip), 401, { code: 'invalid_credentials' });
      const refused = await deleteAccount(t, user, PASSWORD, ip);
      expectProblem(refused, 429, { code: 'rate_limited' });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(WINDOW_S);
      expect(await stillThere(t, user)).toBe(true);
      await new Promise((r) => setTimeout(r, wait * 1000 + 300));
      expect((await deleteAccount(t, user, PASSWORD, ip)).statusCode).toBe(200);
      expect(await stillThere(t, user)).toBe(false);
    });

    it('stops one address guessing across accounts, and only that address', async () => {
      const [first, second] = [await signUp(t), await signUp(t)];
      const guesser = randomIp();
      for (let i = 0; i < 2; i++) expectProblem(await deleteAccount(t, first, `guess ${i}`, guesser), 401, { code: 'invalid_credentials' });
      expectProblem(await deleteAccount(t, second, 'guess 3', guesser), 401, { code: 'invalid_credentials' });
      const refused = await deleteAccount(t, second, PASSWORD, guesser);
      expect(expectProblem(refused, 429, { code: 'rate_limited' }).detail).toMatch(/from your network/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(await stillThere(t, second)).toBe(true);
      // The second account used one failure of its own: from another address its owner goes on.
      expect((await deleteAccount(t, second, PASSWORD, randomIp())).statusCode).toBe(200);
    });
  });
});
