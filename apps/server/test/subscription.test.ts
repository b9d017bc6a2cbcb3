import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CLAIM_FEATURE,
  EventSchema,
  ManifestSchema,
  PLAN_FEATURES,
  ProductListSchema,
  SubscriptionSchema,
  authApi,
  accountApi,
  subscriptionApi,
  type HubEvent,
  eventsApi,
  pathOf,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { setStripePrice } from '../src/modules/account/service.js';
import { OPERATOR_FILE } from '../src/modules/subscription/operator.js';
import { runPlansCommand } from '../src/modules/subscription/plans-command.js';
import { OTHER_TENANT, TENANT, build, type ListeningTestApp, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { FAKE_PRICES, FAKE_WEBHOOK_SECRET, FakeStripe } from './support/fake-stripe.js';
import { expectProblem } from './support/problem.js';
import { createScratchDatabase } from './support/scratch-database.js';

// Issue 12: plans from the database catalogue, subscriptions kept in step by Stripe's webhook
// (a local fake Stripe, never the internet), the operator's plans command, DEFAULT_PLAN.

// The catalogue is one table for the whole database: this file sets Stripe prices in it, so on
// PostgreSQL it gets a database of its own rather than the one the other files share.
const projectDatabase = inject('databaseUrl');
const scratch = projectDatabase ? await createScratchDatabase('billing', { server: projectDatabase }) : undefined;

let fake: FakeStripe;
let t: ListeningTestApp;
beforeAll(async () => {
  fake = await FakeStripe.start();
  t = await build({ database: scratch, listen: true, env: { ...fake.env(), PUBLIC_URL: 'https://hubbub.example.org' }, launches: { enabled: false } });
  fake.webhookUrl = `${t.url}${subscriptionApi.stripeWebhook.path}`;
  for (const [name, interval, price] of FakeStripe.priceAssignments()) expect(await setStripePrice(t.app.ctx.db, name, interval, price)).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
  await scratch?.drop();
});

const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR;
function eventBody(name = `Billing night ${Math.random().toString(36).slice(2, 8)}`) {
  const lat = -40 + Math.random() * 25;
  const lng = -150 + Math.random() * 25;
  return {
    name,
    startDate: new Date(T0).toISOString(),
    endDate: new Date(T0 + 2 * HOUR).toISOString(),
    timeZone: 'Pacific/Tahiti',
    venue: 'Hall',
    area: { name: 'Harbour', type: 4, latitude: lat, longitude: lng, city: 'Papeete', state: 'PF', country: 'PF' },
  };
}

async function subscriptionOf(app: TestApp, user: TestUser) {
  const res = await call(app.app, 'GET', subscriptionApi.get.path, { jwt: user.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return SubscriptionSchema.strict().parse(res.json());
}

async function userRow(app: TestApp, id: string) {
  const [row] = await queryRows<{ plan: string; add_ons: string[]; updated_at: string }>(app.app.ctx.db, sql`select plan, add_ons, updated_at::text from users where id = ${id}`);
  return row;
}

async function stored(app: TestApp, userId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    app.app.ctx.db,
    sql`select s.*, s.updated_at::text as updated, (select count(*)::int from billing_events) as events from subscriptions s where s.user_id = ${userId}`,
  );
  return row;
}

async function refreshedFeatures(app: TestApp, user: TestUser): Promise<string[]> {
  const res = await call(app.app, 'POST', authApi.refresh.path, { body: { refreshToken: user.refreshToken } });
  expect(res.statusCode, res.body).toBe(200);
  Object.assign(user, res.json());
  return featuresIn(user.jwt);
}

/** The JWT's Feature claim: the plan's level and the add-ons, `;`-separated. */
function featuresIn(jwt: string): string[] {
  return String(decodeJwt(jwt)[CLAIM_FEATURE] ?? '').split(';').filter(Boolean);
}

/** Checkout for a plan, then the fake's Pay: Stripe's three events delivered to the webhook. */
async function subscribe(user: TestUser, plan: string, addOns: string[] = [], interval: 'month' | 'year' = 'month') {
  const res = await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan, addOns, interval } });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = res.json().url.split('/').pop() as string;
  const sub = await fake.pay(sessionId);
  const last = fake.deliveries.slice(-3);
  expect(last.map((d) => [d.type, d.status])).toEqual([
    ['checkout.session.completed', 200],
    ['customer.subscription.created', 200],
    ['invoice.paid', 200],
  ]);
  return { sessionId, sub };
}

describe('the catalogue in the manifest', () => {
  it('lists the four plans then the add-on, with prices, purchasable where a Stripe price is set', async () => {
    const res = await call(t.app, 'GET', accountApi.manifest.path);
    const entries = ProductListSchema.parse(JSON.parse(ManifestSchema.parse(res.json()).settings.Products));
    expect(entries.map((e) => (e.kind === 'plan' ? e.plan : e.feature))).toEqual(['Free', 'Basic', 'Pro', 'Enterprise', 'Download.HTML']);
    expect(entries.map((e) => e.purchasable)).toEqual([false, true, true, true, true]);
    expect(entries[2]).toMatchObject({ kind: 'plan', plan: 'Pro', monthlyPrice: 1500, yearlyPrice: 15000, currency: 'usd', eventCapacity: 100 });
  });
});

describe('GET subscription', () => {
  it('a new account: Free, from the default, billing by Stripe, nothing to manage yet', async () => {
    const user = await signUp(t);
    expect(await subscriptionOf(t, user)).toEqual({
      plan: 'Free',
      addOns: [],
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      source: 'default',
      billing: 'stripe',
      canManageBilling: false,
    });
    expectProblem(await call(t.app, 'GET', subscriptionApi.get.path), 401);
  });
});

describe('Checkout', () => {
  it('creates a customer and a subscription-mode session with the plan, the add-on, metadata and the return addresses', async () => {
    const user = await signUp(t);
    const before = fake.calls.length;
    const res = await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Pro', addOns: ['Download.HTML'], interval: 'year' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.base}/checkout/cs_test_`));
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    expect(calls[0].body).toMatchObject({ email: user.email, metadata: { tenant: TENANT, user_id: user.id } });
    const customer = [...fake.customers.values()].find((c) => c.email === user.email)!;
    expect(calls[1].body).toEqual({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: user.id,
      line_items: [
        { price: FAKE_PRICES.Pro.year, quantity: '1' },
        { price: FAKE_PRICES['Download.HTML'].year, quantity: '1' },
      ],
      metadata: { tenant: TENANT, user_id: user.id },
      subscription_data: { metadata: { tenant: TENANT, user_id: user.id } },
      success_url: 'https://hubbub.example.org/account/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://hubbub.example.org/account/subscription?checkout=canceled',
    });
    // The customer is kept (the webhook finds the account by it); the plan has not changed yet.
    expect(await stored(t, user.id)).toMatchObject({ stripe_customer_id: customer.id, plan: 'Free', source: 'default' });
    expect((await userRow(t, user.id)).plan).toBe('Free');

    // A second try reuses the customer.
    const again = fake.calls.length;
    expect((await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Basic' } })).statusCode).toBe(200);
    expect(fake.calls.slice(again).map((c) => c.path)).toEqual(['/v1/checkout/sessions']);
    expect(fake.calls.at(-1)!.body).toMatchObject({ customer: customer.id, line_items: [{ price: FAKE_PRICES.Basic.month, quantity: '1' }] });
  });

  it('refuses what cannot be bought, and Stripe failing, without changing anything', async () => {
    const user = await signUp(t);
    const before = fake.calls.length;
    expectProblem(await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { addOns: ['Download.PDF'] } }), 400, { code: 'product_unavailable' });
    expectProblem(await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Gold' } }), 400, { code: 'validation' });
    expectProblem(await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { addOns: [] } }), 400, { code: 'validation' });
    expect(fake.calls.length).toBe(before);
    fake.failNext = { status: 400, message: 'Your account cannot currently make live charges.' };
    expectProblem(await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Pro' } }), 502, { code: 'billing_failed' });
    expect(await stored(t, user.id)).toBeUndefined();
    expect(await subscriptionOf(t, user)).toMatchObject({ plan: 'Free', source: 'default' });
  });

  it('an add-on alone on top of a plan the operator gave is refused (Stripe would then say Free)', async () => {
    const user = await signUp(t);
    expect((await runPlansCommand(['set', user.email, 'Pro'], { DATA_DIR: t.dataDir, TENANTS: `${TENANT},${OTHER_TENANT}` })).code).toBe(0);
    const before = fake.calls.length;
    expectProblem(await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { addOns: ['Download.HTML'] } }), 400, { code: 'product_unavailable' });
    expect(fake.calls.length).toBe(before);
    expect((await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Pro', addOns: ['Download.HTML'] } })).statusCode).toBe(200);
  });

  it('paying moves the account to the plan; the next refresh carries it; buying again opens the portal', async () => {
    const user = await signUp(t);
    expect(await refreshedFeatures(t, user)).toEqual([]);
    const { sub } = await subscribe(user, 'Pro', ['Download.HTML']);
    expect(await userRow(t, user.id)).toMatchObject({ plan: 'Pro', add_ons: ['Download.HTML'] });
    const subscription = await subscriptionOf(t, user);
    expect(subscription).toMatchObject({ plan: 'Pro', addOns: ['Download.HTML'], status: 'active', source: 'billing', billing: 'stripe', canManageBilling: true, cancelAtPeriodEnd: false });
    expect(new Date(subscription.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 20 * 24 * HOUR);
    expect(await stored(t, user.id)).toMatchObject({ stripe_subscription_id: sub.id });
    expect(await refreshedFeatures(t, user)).toEqual([PLAN_FEATURES.Pro, 'Download.HTML']);
    // Capacities follow at once: Pro holds more than one event.
    for (let i = 0; i < 2; i++) expect((await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body: eventBody() })).statusCode).toBe(200);

    const again = await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Enterprise' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().url).toMatch(new RegExp(`^${fake.base}/portal/`));
  });
});

describe("the fake Stripe's pages (what the browser suite drives)", () => {
  it('Checkout lists the items; Pay sends the events and returns to success_url with the session id; Cancel to cancel_url', async () => {
    const user = await signUp(t);
    const start = async () => (await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Basic' } })).json().url as string;
    const canceled = await start();
    const page = await (await fetch(canceled)).text();
    expect(page).toContain('data-testid="fake-stripe-pay"');
    expect(page).toContain('data-testid="fake-stripe-cancel"');
    expect(page).toMatch(/Basic/);
    const cancel = await fetch(`${canceled}/cancel`, { method: 'POST', redirect: 'manual' });
    expect([cancel.status, cancel.headers.get('location')]).toEqual([303, 'https://hubbub.example.org/account/subscription?checkout=canceled']);
    expect((await userRow(t, user.id)).plan).toBe('Free');
    const url = await start();
    const pay = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect([pay.status, pay.headers.get('location')]).toEqual([303, `https://hubbub.example.org/account/subscription?checkout=success&session_id=${url.split('/').pop()}`]);
    expect((await userRow(t, user.id)).plan).toBe('Basic');
  });
});

describe('the customer portal', () => {
  it('opens for a customer with the return address, and not for someone who never bought', async () => {
    const user = await signUp(t);
    expectProblem(await call(t.app, 'POST', subscriptionApi.portal.path, { jwt: user.jwt }), 409, { code: 'billing_unavailable' });
    await subscribe(user, 'Basic');
    const res = await call(t.app, 'POST', subscriptionApi.portal.path, { jwt: user.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${fake.base}/portal/bps_`));
    expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/billing_portal/sessions', body: { return_url: 'https://hubbub.example.org/account/subscription' } });
    // The portal page's buttons change the subscription and Stripe tells Hubbub.
    const page = await fetch(res.json().url);
    expect(await page.text()).toContain('data-testid="fake-stripe-portal-plan-Pro"');
    const post = await fetch(`${res.json().url}/plan/Pro`, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(303);
    expect(fake.deliveries.at(-1)).toMatchObject({ type: 'customer.subscription.updated', status: 200 });
    expect((await subscriptionOf(t, user)).plan).toBe('Pro');
  });
});

describe('the webhook', () => {
  it('refuses a bad signature, another secret, a changed body, no header, and changes nothing', async () => {
    const user = await signUp(t);
    const { sub } = await subscribe(user, 'Basic');
    const before = { row: await userRow(t, user.id), stored: await stored(t, user.id) };
    fake.updateSubscription(sub.id, { prices: [FAKE_PRICES.Enterprise.month] });
    const event = fake.event('customer.subscription.updated', sub);
    const good = fake.signed(event);
    const attempts = [
      fake.signed(event, 'whsec_someone_else'),
      { payload: good.payload.replace('"livemode":false', '"livemode":true'), headers: good.headers },
      { payload: good.payload, headers: { 'content-type': 'application/json' } },
      { payload: good.payload, headers: { ...good.headers, 'stripe-signature': 't=1,v1=deadbeef' } },
      { payload: 'garbage', headers: { 'content-type': 'text/plain', 'stripe-signature': 'nonsense' } },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers: attempt.headers, payload: attempt.payload });
      expectProblem(res, 400, { code: 'webhook_signature_invalid' });
    }
    expect(await userRow(t, user.id)).toEqual(before.row);
    expect(await stored(t, user.id)).toEqual(before.stored);
    // The same event, signed right, is applied.
    const res = await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers: good.headers, payload: good.payload });
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await userRow(t, user.id)).plan).toBe('Enterprise');
  });

  it('handles a replayed event once', async () => {
    const user = await signUp(t);
    const { sub } = await subscribe(user, 'Basic');
    fake.updateSubscription(sub.id, { prices: [FAKE_PRICES.Pro.month] });
    const { payload, headers } = fake.signed(fake.event('customer.subscription.updated', sub));
    const first = await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload });
    expect(first.json()).toMatchObject({ outcome: 'applied' });
    const after = await stored(t, user.id);
    // Stripe moves on (the portal switches back), then the old delivery comes again: no second effect.
    fake.updateSubscription(sub.id, { prices: [FAKE_PRICES.Basic.month] });
    const replay = await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await stored(t, user.id)).toEqual({ ...after, events: after.events });
    expect((await userRow(t, user.id)).plan).toBe('Pro');
  });

  it('an event older than the newest applied changes nothing', async () => {
    const user = await signUp(t);
    const { sub } = await subscribe(user, 'Pro');
    const applied = await stored(t, user.id);
    const older = fake.event('customer.subscription.deleted', { ...sub, status: 'canceled' }, Math.floor(new Date(applied.stripe_event_at as string).getTime() / 1000) - 60);
    // Even if Stripe now said canceled, an event from before the newest applied one is not acted on.
    fake.updateSubscription(sub.id, { status: 'canceled' });
    const { payload, headers } = fake.signed(older);
    const res = await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload });
    expect(res.json()).toMatchObject({ outcome: 'stale' });
    expect((await userRow(t, user.id)).plan).toBe('Pro');
    fake.updateSubscription(sub.id, { status: 'active' });
  });

  it('out of order: a late "created" after "deleted" reads the subscription from Stripe and stays canceled', async () => {
    const user = await signUp(t);
    const { sub } = await subscribe(user, 'Pro');
    const created = fake.event('customer.subscription.created', sub);
    await fake.cancel(sub.id);
    expect((await userRow(t, user.id)).plan).toBe('Free');
    await fake.deliver(created);
    expect(fake.deliveries.at(-1)!.status).toBe(200);
    expect(await userRow(t, user.id)).toMatchObject({ plan: 'Free', add_ons: [] });
  });

  it('past due keeps the plan until Stripe cancels; canceled is Free without add-ons', async () => {
    const user = await signUp(t);
    const { sub } = await subscribe(user, 'Pro', ['Download.HTML']);
    await fake.failPayment(sub.id);
    expect(fake.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    expect(await subscriptionOf(t, user)).toMatchObject({ plan: 'Pro', addOns: ['Download.HTML'], status: 'past_due' });
    expect(await refreshedFeatures(t, user)).toEqual([PLAN_FEATURES.Pro, 'Download.HTML']);
    await fake.cancel(sub.id);
    expect(await subscriptionOf(t, user)).toMatchObject({ plan: 'Free', addOns: [], status: 'canceled', source: 'billing' });
    expect(await refreshedFeatures(t, user)).toEqual([]);
    // Canceled, they may buy again: Checkout, not the portal.
    const res = await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Basic' } });
    expect(res.json().url).toMatch(/\/checkout\//);
  });

  it('a signed body that is no Stripe event is refused, not a failure', async () => {
    const { payload, headers } = fake.signedRaw(JSON.stringify({ hello: 'world' }));
    expectProblem(await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload }), 400, { code: 'malformed_request' });
  });

  it('records events it does not handle, and events about nobody it knows, without effect', async () => {
    const other = fake.event('customer.created', { id: 'cus_x', object: 'customer' });
    const { payload, headers } = fake.signed(other);
    expect((await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload })).json()).toEqual({ received: true, outcome: 'ignored' });
    const stray = fake.makeSubscription('cus_nobody', [FAKE_PRICES.Pro.month], { tenant: TENANT, user_id: '00000000-0000-0000-0000-000000000000' });
    const signed = fake.signed(fake.event('customer.subscription.created', stray));
    expect((await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers: signed.headers, payload: signed.payload })).json()).toMatchObject({ outcome: 'ignored' });
  });
});

describe('tenant isolation', () => {
  it("a webhook naming tenant A and tenant B's user touches nobody; a customer never moves to another account", async () => {
    const b = await signUp(t, { tenant: OTHER_TENANT });
    const sub = fake.makeSubscription('cus_forged', [FAKE_PRICES.Enterprise.month], { tenant: TENANT, user_id: b.id });
    const { payload, headers } = fake.signed(fake.event('customer.subscription.created', sub));
    const res = await t.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload });
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
    expect((await userRow(t, b.id)).plan).toBe('Free');

    // Someone's own customer, with metadata naming another person of the same tenant: the customer's owner is the one changed.
    const payer = await signUp(t);
    const victim = await signUp(t);
    const { sub: paid } = await subscribe(payer, 'Basic');
    paid.metadata = { tenant: TENANT, user_id: victim.id };
    fake.updateSubscription(paid.id, { prices: [FAKE_PRICES.Pro.month] });
    await fake.deliver(fake.event('customer.subscription.updated', paid));
    expect((await userRow(t, payer.id)).plan).toBe('Pro');
    expect((await userRow(t, victim.id)).plan).toBe('Free');
  });

  it("checkout and the subscription are the caller's own tenant's: another tenant's header with this token is refused", async () => {
    const a = await signUp(t);
    expectProblem(await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: a.jwt, tenant: OTHER_TENANT, body: { plan: 'Pro' } }), 401);
    expectProblem(await call(t.app, 'GET', subscriptionApi.get.path, { jwt: a.jwt, tenant: OTHER_TENANT }), 401);
  });
});

describe('downgrade', () => {
  it('deletes nothing: events over the capacity stay readable and editable, a new one is refused naming the plan and limit', async () => {
    const host = await signUp(t);
    await subscribe(host, 'Pro');
    const made: HubEvent[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody() });
      expect(res.statusCode, res.body).toBe(200);
      made.push(EventSchema.parse(res.json()));
    }
    const sub = [...fake.subscriptions.values()].find((s) => (s.metadata as Record<string, string>).user_id === host.id)!;
    await fake.cancel(sub.id);
    expect((await subscriptionOf(t, host)).plan).toBe('Free');
    const mine = await call(t.app, 'GET', eventsApi.mine.path, { jwt: host.jwt });
    expect(mine.json().events.map((e: { id: string }) => e.id).sort()).toEqual(made.map((e) => e.id).sort());
    for (const event of made) expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: host.jwt })).statusCode).toBe(200);
    const e = made[0];
    const update = await call(t.app, 'POST', eventsApi.update.path, {
      jwt: host.jwt,
      body: { id: e.id, name: 'Renamed after the downgrade', startDate: e.startDate, endDate: e.endDate, timeZone: e.timeZone, publishOnDate: e.publishOnDate, venue: e.venue, area: e.area, status: e.status, tagIds: [] },
    });
    expect(update.statusCode, update.body).toBe(200);
    const refused = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody() });
    expectProblem(refused, 403, { code: 'plan_limit' });
    expect(refused.json().detail).toMatch(/Free plan allows 1 event and you have 3/);
  });

  it('a stale token claiming Pro cannot exceed the plan the database holds', async () => {
    const host = await signUp(t);
    await usePlan(t, host, 'Pro');
    expect(await refreshedFeatures(t, host)).toEqual([PLAN_FEATURES.Pro]);
    const stale = host.jwt;
    expect((await call(t.app, 'POST', eventsApi.create.path, { jwt: stale, body: eventBody() })).statusCode).toBe(200);
    const out = await runPlansCommand(['set', host.email, 'Free'], { DATA_DIR: t.dataDir, TENANTS: `${TENANT},${OTHER_TENANT}` });
    expect(out, out.out).toMatchObject({ code: 0 });
    expect(featuresIn(stale)).toEqual([PLAN_FEATURES.Pro]);
    expectProblem(await call(t.app, 'POST', eventsApi.create.path, { jwt: stale, body: eventBody() }), 403, { code: 'plan_limit' });
  });
});

describe('the plans command', () => {
  const env = (over: Record<string, string> = {}) => ({ DATA_DIR: t.dataDir, TENANTS: `${TENANT},${OTHER_TENANT}`, ...over });

  it('while the server runs: asks it through DATA_DIR/operator.json (mode 0600), sets plans and add-ons', async () => {
    const stat = await fs.stat(path.join(t.dataDir, OPERATOR_FILE));
    expect(stat.mode & 0o777).toBe(0o600);
    const user = await signUp(t);
    const set = await runPlansCommand(['set', user.email.toUpperCase(), 'Enterprise', '--add-on', 'Download.HTML'], env());
    expect(set, set.out).toMatchObject({ code: 0 });
    expect(await subscriptionOf(t, user)).toMatchObject({ plan: 'Enterprise', addOns: ['Download.HTML'], source: 'operator', status: 'active' });
    expect(await refreshedFeatures(t, user)).toEqual([PLAN_FEATURES.Enterprise, 'Download.HTML']);
    const list = await runPlansCommand(['list'], env());
    expect(list.code).toBe(0);
    expect(list.out).toContain('Enterprise');
    expect(list.out).toContain(`${TENANT} ${user.email}: Enterprise + Download.HTML (active, operator)`);
    expect(list.out).toContain(FAKE_PRICES.Pro.month);
  });

  it('refuses an unknown email, plan, add-on, tenant, and a wrong secret', async () => {
    const user = await signUp(t);
    const cases: [string[], RegExp][] = [
      [['set', 'nobody@example.test', 'Pro'], /No account with the email/],
      [['set', user.email, 'Gold'], /No plan is called "Gold"/],
      [['set', user.email, 'Pro', '--add-on', 'Download.PDF'], /Unknown add-on/],
      [['set', user.email, 'Pro', '--tenant', 'elsewhere'], /No tenant "elsewhere"/],
      [['price', 'Gold', 'month', 'price_x'], /No plan or add-on is called "Gold"/],
    ];
    for (const [args, message] of cases) {
      const out = await runPlansCommand(args, env());
      expect(out.code, out.out).toBe(1);
      expect(out.out).toMatch(message);
    }
    expect((await runPlansCommand(['set', user.email], env())).code).toBe(2);
    expect((await runPlansCommand(['frobnicate'], env())).out).toContain('Usage:');
    expect((await userRow(t, user.id)).plan).toBe('Free');
    const forged = await fetch(`${t.url}/__operator/plans`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Operator guess' }, body: JSON.stringify({ action: 'list' }) });
    expect(forged.status).toBe(401);
  });

  it('with no server running it opens the database itself', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-plans-'));
    try {
      const own: Record<string, string> = scratch?.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {};
      const list = await runPlansCommand(['list'], { DATA_DIR: dataDir, ...own });
      expect(list, list.out).toMatchObject({ code: 0 });
      expect(list.out).toMatch(/Free\s+1 \/ 1 \/ 1/);
      const unknown = await runPlansCommand(['set', 'nobody@example.test', 'Pro'], { DATA_DIR: dataDir, ...own });
      expect(unknown.code).toBe(1);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('without Stripe', () => {
  let plain: TestApp;
  let pro: TestApp;
  beforeAll(async () => {
    // Free set explicitly: without billing the default is Enterprise since issue 26 (subscription-defaults.test.ts).
    plain = await build({ env: { DEFAULT_PLAN: 'Free' } });
    pro = await build({ env: { DEFAULT_PLAN: 'Pro' } });
  });
  afterAll(async () => {
    await plain?.close();
    await pro?.close();
  });

  it("checkout and the portal answer billing_unavailable; the subscription says the operator assigns plans; the webhook expects nothing", async () => {
    const user = await signUp(plain);
    expectProblem(await call(plain.app, 'POST', subscriptionApi.checkout.path, { jwt: user.jwt, body: { plan: 'Pro' } }), 409, { code: 'billing_unavailable' });
    expectProblem(await call(plain.app, 'POST', subscriptionApi.portal.path, { jwt: user.jwt }), 409, { code: 'billing_unavailable' });
    expect(await subscriptionOf(plain, user)).toMatchObject({ plan: 'Free', billing: 'operator', canManageBilling: false, source: 'default' });
    const { payload, headers } = fake.signed(fake.event('customer.subscription.created', fake.makeSubscription('cus_z', [FAKE_PRICES.Pro.month], { tenant: TENANT, user_id: user.id })), FAKE_WEBHOOK_SECRET);
    expectProblem(await plain.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload }), 400, { code: 'webhook_signature_invalid' });
    expect((await userRow(plain, user.id)).plan).toBe('Free');
  });

  it('DEFAULT_PLAN puts every new account on that plan (source default)', async () => {
    const user = await signUp(pro);
    expect(await subscriptionOf(pro, user)).toMatchObject({ plan: 'Pro', source: 'default', billing: 'operator' });
    expect(await refreshedFeatures(pro, user)).toEqual([PLAN_FEATURES.Pro]);
    const usage = await call(pro.app, 'GET', accountApi.usage.path, { jwt: user.jwt });
    expect(usage.json()).toMatchObject({ eventCapacity: 100 });
  });
});
