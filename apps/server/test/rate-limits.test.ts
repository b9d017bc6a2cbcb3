import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, pathOf } from '@hubbub/contract';
import { AUTH_LIMITS } from '../src/modules/auth/limits.js';
import { build, type TestApp } from './support/build.js';
import { PASSWORD, call, readMail, uniqueEmail } from './support/api.js';
import { expectProblem } from './support/problem.js';
import { REDIS_URL, needsRedis } from './support/redis.js';

// The account budgets as deployed (production defaults): a crowd on one address gets in,
// guessing passwords does not (issue 9).

/** A fresh address per test, so budgets kept in a shared Redis by other runs never interfere. */
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function signUpFrom(t: TestApp, ip: string, email = uniqueEmail('crowd')) {
  const headers = { 'x-forwarded-for': ip };
  const reg = await call(t.app, 'POST', authApi.register.path, { body: { email, name: 'Crowd Member', password: PASSWORD }, headers });
  expect(reg.statusCode, reg.body).toBe(201);
  const { code } = await readMail(t, email, 'verify');
  const ver = await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: code }), { headers });
  expect(ver.statusCode, ver.body).toBe(200);
  return email;
}

const login = (t: TestApp, ip: string, email: string, password: string) =>
  call(t.app, 'POST', authApi.login.path, { body: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('account budgets as deployed', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test's requests come from loopback, standing for a proxy that names each client.
    t = await build({ rateLimits: 'production', env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());

  it('fifty people on one Wi-Fi sign up, verify and sign in within a minute', async () => {
    const venue = randomIp();
    const started = Date.now();
    for (let i = 0; i < 50; i++) {
      const email = await signUpFrom(t, venue);
      const res = await login(t, venue, email, PASSWORD);
      expect(res.statusCode, `person ${i + 1}: ${res.body}`).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('stops password guessing against one account, and tells when to come back', async () => {
    const email = await signUpFrom(t, randomIp());
    const attacker = randomIp();
    for (let i = 0; i < AUTH_LIMITS.loginAccountFailures.points; i++) {
      expectProblem(await login(t, attacker, email, `guess number ${i}`), 401, { code: 'invalid_credentials' });
    }
    // Even the right password from another address: the account is protected, not just the address.
    const refused = await login(t, randomIp(), email, PASSWORD);
    const problem = expectProblem(refused, 429, { code: 'rate_limited' });
    expect(problem.detail).toMatch(/wrong passwords for this account\. Try again in \d+ minutes?\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // Someone else on the attacker's address is not locked out by it.
    const neighbour = await signUpFrom(t, attacker);
    expect((await login(t, attacker, neighbour, PASSWORD)).statusCode).toBe(200);
  });

  it('a success ends a run of failures', async () => {
    const ip = randomIp();
    const email = await signUpFrom(t, ip);
    const almost = AUTH_LIMITS.loginAccountFailures.points - 1;
    for (let i = 0; i < almost; i++) expect((await login(t, ip, email, 'typo password')).statusCode).toBe(401);
    expect((await login(t, ip, email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < almost; i++) expect((await login(t, ip, email, 'typo password')).statusCode).toBe(401);
    expect((await login(t, ip, email, PASSWORD)).statusCode).toBe(200);
  });

  it('stops one address guessing across many accounts', async () => {
    const stuffer = randomIp();
    for (let i = 0; i < AUTH_LIMITS.loginIpFailures.points; i++) {
      expect((await login(t, stuffer, uniqueEmail('nobody'), 'password123')).statusCode).toBe(401);
    }
    const res = await login(t, stuffer, uniqueEmail('nobody'), 'password123');
    expect(expectProblem(res, 429, { code: 'rate_limited' }).detail).toMatch(/from your network/);
  }, 60_000);

  it('limits reset emails per address so nobody can flood an inbox', async () => {
    const email = await signUpFrom(t, randomIp());
    for (let i = 0; i < AUTH_LIMITS.forgotEmail.points; i++) {
      expect((await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email }, headers: { 'x-forwarded-for': randomIp() } })).statusCode).toBe(200);
    }
    const res = await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email }, headers: { 'x-forwarded-for': randomIp() } });
    expectProblem(res, 429, { code: 'rate_limited' });
  });
});

describe.skipIf(!REDIS_URL)(needsRedis('account budgets shared by two instances through Redis'), () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Each instance has its own database here; only the budgets are shared, which is what is tested.
    const env = { REDIS_URL, TRUST_PROXY: 'loopback' };
    [a, b] = [await build({ rateLimits: 'production', env }), await build({ rateLimits: 'production', env })];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('failures counted on one instance stop the same address on the other', async () => {
    const ip = randomIp();
    const half = Math.ceil(AUTH_LIMITS.loginIpFailures.points / 2);
    for (let i = 0; i < half; i++) expect((await login(a, ip, uniqueEmail('nobody'), 'password123')).statusCode).toBe(401);
    for (let i = half; i < AUTH_LIMITS.loginIpFailures.points; i++) expect((await login(b, ip, uniqueEmail('nobody'), 'password123')).statusCode).toBe(401);
    expectProblem(await login(a, ip, uniqueEmail('nobody'), 'password123'), 429, { code: 'rate_limited' });
    expectProblem(await login(b, ip, uniqueEmail('nobody'), 'password123'), 429, { code: 'rate_limited' });
  }, 60_000);
});
