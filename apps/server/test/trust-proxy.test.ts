import { afterEach, describe, expect, it } from 'vitest';
import { authApi } from '@hubbub/contract';
import { AUTH_LIMITS } from '../src/modules/auth/limits.js';
import { build, type TestApp } from './support/build.js';
import { call, uniqueEmail } from './support/api.js';
import { expectProblem } from './support/problem.js';

// Issue 22, finding 2: a client must not reset its per-address budgets by naming its own
// address in X-Forwarded-For. Only proxies named by TRUST_PROXY may say who the client is.

const forgotFrom = (t: TestApp, forwardedFor: string) =>
  call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: uniqueEmail('nobody') }, headers: { 'x-forwarded-for': forwardedFor } });

/** Forty requests, each naming a different made-up address. */
async function fortyMadeUpAddresses(t: TestApp, prefix = '') {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) statuses.push((await forgotFrom(t, `${prefix}203.0.113.${i + 1}`)).statusCode);
  return statuses;
}

// Each refused or accepted reset request costs a password hash's time (no timing oracle): give them room.
describe('issue 22: proxy trust (TRUST_PROXY)', { timeout: 120_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('by default X-Forwarded-For is ignored: 40 made-up addresses share one budget', async () => {
    t = await build({ rateLimits: 'production' });
    const statuses = await fortyMadeUpAddresses(t);
    const budget = AUTH_LIMITS.forgotIp.points;
    expect(budget).toBeLessThan(40);
    expect(statuses.slice(0, budget).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(budget).every((s) => s === 429), statuses.join(',')).toBe(true);
    expectProblem(await forgotFrom(t, '198.51.100.7'), 429, { code: 'rate_limited' });
  });

  it('with trusted proxies, the nearest address they did not vouch for is the client', async () => {
    t = await build({ rateLimits: 'production', env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' } });
    const budget = AUTH_LIMITS.forgotIp.points;
    const statuses: number[] = [];
    // The client forges the first entry; the inner proxy 10.1.2.3 is trusted, so 192.0.2.20 is the client.
    for (let i = 0; i < 40; i++) statuses.push((await forgotFrom(t, `203.0.113.${i + 1}, 192.0.2.20, 10.1.2.3`)).statusCode);
    expect(statuses.slice(budget).every((s) => s === 429), statuses.join(',')).toBe(true);
    // Another client behind the same proxies has a budget of its own.
    const other = await forgotFrom(t, '192.0.2.21, 10.1.2.3');
    expect(other.statusCode, other.body).toBe(200);
  });

  it('a hop count or "true" is refused at start: neither can tell a proxy from a forging client', async () => {
    await expect(build({ env: { TRUST_PROXY: 'true' } })).rejects.toThrow(/TRUST_PROXY/);
    await expect(build({ env: { TRUST_PROXY: '1' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});
