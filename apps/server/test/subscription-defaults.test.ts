import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SubscriptionSchema, accountApi, eventsApi, subscriptionApi } from '@hubbub/contract';
import { runPlansCommand } from '../src/modules/subscription/plans-command.js';
import { OTHER_TENANT, TENANT, build, type ListeningTestApp, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { FakeStripe } from './support/fake-stripe.js';
import { expectProblem } from './support/problem.js';
import { createScratchDatabase } from './support/scratch-database.js';

// Issue 26: the plan a new account starts on fits the server. No billing (DEFAULT_PLAN unset):
// Enterprise, no practical limit; with Stripe: Free. Free's capacities are the operator's to set.
// `DEFAULT_PLAN: ''` unsets the Free that the test helper otherwise configures.

// The limits command changes the catalogue, one table for the whole database: on PostgreSQL this
// file has a database of its own (PGlite gives each app its own copy anyway).
const projectDatabase = inject('databaseUrl');
const scratch = projectDatabase ? await createScratchDatabase('plan-defaults', { server: projectDatabase }) : undefined;

let fake: FakeStripe;
let plain: ListeningTestApp;
let billed: TestApp;
beforeAll(async () => {
  fake = await FakeStripe.start();
  plain = await build({ database: scratch, listen: true, env: { DEFAULT_PLAN: '' }, launches: { enabled: false } });
  billed = await build({ database: scratch, env: { DEFAULT_PLAN: '', ...fake.env() }, launches: { enabled: false } });
});
afterAll(async () => {
  await plain?.close();
  await billed?.close();
  await fake?.stop();
  await scratch?.drop();
});

const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR;
function eventBody() {
  return {
    name: `Club night ${Math.random().toString(36).slice(2, 8)}`,
    startDate: new Date(T0).toISOString(),
    endDate: new Date(T0 + 2 * HOUR).toISOString(),
    timeZone: 'Europe/Lisbon',
    venue: 'Club house',
    area: { name: 'Lisbon', type: 4, latitude: 38.72 + Math.random() / 10, longitude: -9.14 + Math.random() / 10, city: 'Lisbon', country: 'PT' },
  };
}

async function subscriptionOf(app: TestApp, user: TestUser) {
  const res = await call(app.app, 'GET', subscriptionApi.get.path, { jwt: user.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return SubscriptionSchema.parse(res.json());
}

const create = (app: TestApp, user: TestUser) => call(app.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body: eventBody() });

describe('without billing (no Stripe configured, DEFAULT_PLAN unset)', () => {
  it('a new account is on Enterprise by default, with no practical limit: a third event is created', async () => {
    const host = await signUp(plain);
    expect(await subscriptionOf(plain, host)).toMatchObject({ plan: 'Enterprise', source: 'default', billing: 'operator', canManageBilling: false });
    const usage = (await call(plain.app, 'GET', accountApi.usage.path, { jwt: host.jwt })).json();
    expect(usage).toMatchObject({ eventCapacity: 1000, eventCount: 0 });
    for (let i = 0; i < 3; i++) {
      const made = await create(plain, host);
      expect(made.statusCode, made.body).toBe(200);
    }
    // Nothing can be bought here, and the answer says so.
    expectProblem(await call(plain.app, 'POST', subscriptionApi.checkout.path, { jwt: host.jwt, body: { plan: 'Pro' } }), 409, { code: 'billing_unavailable' });
  });

  it("the operator sets Free's capacities with the plans command; they hold at once for every Free account", async () => {
    const env = { DATA_DIR: plain.dataDir, TENANTS: `${TENANT},${OTHER_TENANT}` };
    const host = await signUp(plain);
    await usePlan(plain, host, 'Free');
    const set = await runPlansCommand(['limits', 'Free', '--events', '2', '--calendars', '3'], env);
    expect(set, set.out).toMatchObject({ code: 0 });
    expect(set.out).toMatch(/Free now allows 2 events, 3 calendars and 1 flyers per event/);
    expect((await call(plain.app, 'GET', accountApi.usage.path, { jwt: host.jwt })).json()).toMatchObject({ eventCapacity: 2, calendarCapacity: 3, flyerCapacity: 1 });
    expect((await create(plain, host)).statusCode).toBe(200);
    expect((await create(plain, host)).statusCode).toBe(200);
    const refused = await create(plain, host);
    expectProblem(refused, 403, { code: 'plan_limit' });
    expect(refused.json().detail).toMatch(/Free plan allows 2 events/);
    const list = await runPlansCommand(['list'], env);
    expect(list.out).toMatch(/Free\s+2 \/ 3 \/ 1/);
    // A wrong plan or number changes nothing.
    const gold = await runPlansCommand(['limits', 'Gold', '--events', '5'], env);
    expect(gold, gold.out).toMatchObject({ code: 1 });
    expect(gold.out).toMatch(/No plan is called "Gold"/);
    expect((await runPlansCommand(['limits', 'Free', '--events', 'many'], env)).code).toBe(2);
    expect((await runPlansCommand(['list'], env)).out).toMatch(/Free\s+2 \/ 3 \/ 1/);
    expect((await runPlansCommand(['limits', 'Free', '--events', '1', '--calendars', '1'], env)).code).toBe(0);
  });
});

describe('with Stripe configured (the fake Stripe), DEFAULT_PLAN unset', () => {
  it('a new account is on Free, and a second event is refused naming the limit', async () => {
    const host = await signUp(billed);
    expect(await subscriptionOf(billed, host)).toMatchObject({ plan: 'Free', source: 'default', billing: 'stripe' });
    expect((await create(billed, host)).statusCode).toBe(200);
    const refused = await create(billed, host);
    expectProblem(refused, 403, { code: 'plan_limit' });
    expect(refused.json().detail).toMatch(/Free plan allows 1 event/);
  });
});
