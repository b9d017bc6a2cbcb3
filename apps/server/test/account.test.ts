import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountSchema,
  AccountUsageSchema,
  ManifestSchema,
  PLAN_FEATURES,
  ProductListSchema,
  authApi,
  usersApi,
  accountApi,
} from '@hubbub/contract';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await build();
  user = await signUp(t, { name: 'Acct Holder' });
});
afterAll(() => t.close());


const FREE_USAGE = { eventCapacity: 1, eventCount: 0, calendarCapacity: 1, calendarCount: 0, flyerCapacity: 1 };

describe('GET account', () => {
  it('answers the signed-in account: Free plan, verified, usage with capacities 1 and no events', async () => {
    const res = await call(t.app, 'GET', accountApi.get.path, { jwt: user.jwt });
    expect(res.statusCode, res.body).toBe(200);
    const account = AccountSchema.strict().parse(res.json());
    expect(account).toEqual({
      id: user.id,
      email: user.email,
      name: 'Acct Holder',
      roles: [],
      plan: 'Free',
      features: [],
      emailVerified: true,
      createdAt: expect.any(String),
      usage: FREE_USAGE,
    });
    expect(AccountUsageSchema.strict().parse(account.usage)).toEqual(FREE_USAGE);
    expect(new Date(account.createdAt).toISOString()).toBe(account.createdAt);
  });

  it('follows profile changes', async () => {
    const other = await signUp(t);
    await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: other.jwt, body: { name: '  Renamed Holder ' } });
    const res = await call(t.app, 'GET', accountApi.get.path, { jwt: other.jwt });
    expect(res.json()).toMatchObject({ id: other.id, name: 'Renamed Holder' });
  });

  it('needs a valid token of this tenant (401)', async () => {
    expectProblem(await call(t.app, 'GET', accountApi.get.path), 401);
    expectProblem(await call(t.app, 'GET', accountApi.get.path, { jwt: 'not-a-jwt' }), 401);
    expectProblem(await call(t.app, 'GET', accountApi.get.path, { jwt: user.jwt, tenant: OTHER_TENANT }), 401);
    expect(expectProblem(await call(t.app, 'GET', accountApi.get.path, { jwt: user.jwt, tenant: null }), 400).title).toBe('Missing tenant');
  });

  it('refuses the token of a logged-out session', async () => {
    const gone = await signUp(t);
    await call(t.app, 'GET', authApi.logout.path, { jwt: gone.jwt });
    expectProblem(await call(t.app, 'GET', accountApi.get.path, { jwt: gone.jwt }), 401);
  });

  it('has no other methods (404)', async () => {
    expectProblem(await call(t.app, 'POST', accountApi.get.path, { jwt: user.jwt, body: { plan: 'Enterprise' } }), 404);
    const after = await call(t.app, 'GET', accountApi.get.path, { jwt: user.jwt });
    expect(after.json()).toMatchObject({ plan: 'Free', features: [], usage: FREE_USAGE });
  });
});

describe('GET account manifest', () => {
  it('answers settings.Products as a JSON string of the 4 plans, Free with capacities 1, then the add-ons', async () => {
    const res = await call(t.app, 'GET', accountApi.manifest.path);
    expect(res.statusCode, res.body).toBe(200);
    const manifest = ManifestSchema.parse(res.json());
    expect(typeof manifest.settings.Products).toBe('string');
    const entries = ProductListSchema.parse(JSON.parse(manifest.settings.Products));
    const products = entries.filter((p) => p.kind === 'plan');
    expect(entries.filter((p) => p.kind === 'addOn').map((a) => a.feature)).toEqual(['Download.HTML']);
    expect(entries.slice(0, 4)).toEqual(products);
    expect(products.map((p) => p.plan)).toEqual(['Free', 'Basic', 'Pro', 'Enterprise']);
    expect(products[0]).toMatchObject({ plan: 'Free', feature: null, eventCapacity: 1, calendarCapacity: 1, flyerCapacity: 1, monthlyPrice: 0 });
    // No Stripe on this server: nothing is bought online.
    expect(entries.every((p) => !p.purchasable)).toBe(true);
    for (const product of products.slice(1)) {
      expect(product.feature).toBe(PLAN_FEATURES[product.plan as keyof typeof PLAN_FEATURES]);
      expect(product.eventCapacity).toBeGreaterThan(1);
    }
    // Capacities grow with the plan.
    for (let i = 1; i < products.length; i++) {
      expect(products[i].eventCapacity).toBeGreaterThan(products[i - 1].eventCapacity);
      expect(products[i].flyerCapacity).toBeGreaterThan(products[i - 1].flyerCapacity);
    }
  });

  it('needs no token, and answers the same with one', async () => {
    const anonymous = await call(t.app, 'GET', accountApi.manifest.path);
    const signedIn = await call(t.app, 'GET', accountApi.manifest.path, { jwt: user.jwt });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
  });

  it('needs a known tenant (400)', async () => {
    expect(expectProblem(await call(t.app, 'GET', accountApi.manifest.path, { tenant: null }), 400).title).toBe('Missing tenant');
    expect(expectProblem(await call(t.app, 'GET', accountApi.manifest.path, { tenant: 'nope' }), 400).title).toBe('Unknown tenant');
  });
});

describe('GET engine manifest/usage', () => {
  it('answers the AccountUsage of the signed-in user', async () => {
    const res = await call(t.app, 'GET', accountApi.usage.path, { jwt: user.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(AccountUsageSchema.strict().parse(res.json())).toEqual(FREE_USAGE);
    const account = await call(t.app, 'GET', accountApi.get.path, { jwt: user.jwt });
    expect(account.json().usage).toEqual(res.json());
  });

  it('needs a valid token (401)', async () => {
    expectProblem(await call(t.app, 'GET', accountApi.usage.path), 401);
    expectProblem(await call(t.app, 'GET', accountApi.usage.path, { jwt: 'not-a-jwt' }), 401);
    expectProblem(await call(t.app, 'GET', accountApi.usage.path, { headers: { authorization: 'Basic abc' } }), 401);
    expectProblem(await call(t.app, 'GET', accountApi.usage.path, { jwt: user.jwt, tenant: OTHER_TENANT }), 401);
  });
});
