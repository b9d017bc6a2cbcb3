import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROBLEM_CODES,
  authApi,
  externalAuthApi,
  pathOf,
  usersApi,
  accountApi,
  subscriptionApi,
  moderationApi,
  projectDocumentApi,
  type ProblemCode,
  eventsApi,
  flyersApi,
  launchesApi,
  eventLinksApi,
  goingApi,
} from '@hubbub/contract';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/service.js';
import { Readiness } from '../src/lib/readiness.js';
import { build, type ListeningTestApp, type TestApp } from './support/build.js';
import { createHub } from './support/hub-client.js';
import { PASSWORD, call, followPath, signUp, uniqueEmail, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';
import { multipart } from './support/multipart.js';
import { FakeIdp, type FakeIdentity } from './support/fake-idp.js';
import { FakeStripe } from './support/fake-stripe.js';
import { setStripePrice } from '../src/modules/account/service.js';
import { setRoles, setSuspension } from '../src/modules/users/service.js';
import { fakeEnv, finishLink, finishLogin, signInWith, startAtProvider, startLinkAtProvider } from './support/external-auth.js';

// One request per Problem code, through the real server: clients decide on `code`,
// so each must come back exactly where the contract says it does.

let t: TestApp;
let host: TestUser;
let other: TestUser;
let eventId: string;

const HOUR = 3_600_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 24 * HOUR;
const eventBody = () => ({
  name: `Code check ${randomUUID().slice(0, 8)}`,
  startDate: new Date(start).toISOString(),
  endDate: new Date(start + 2 * HOUR).toISOString(),
  timeZone: 'UTC',
  area: { latitude: -30 - Math.random(), longitude: -140 - Math.random() },
});

let google: FakeIdp;
/** Moves the app's clock ahead, past the refresh token grace window. */
let skew = 0;

beforeAll(async () => {
  google = await FakeIdp.start('google');
  // Listening: the hub's codes are checked with the official client too.
  t = await build({ rateLimits: { forgotIp: 1 }, env: fakeEnv(google), now: () => new Date(Date.now() + skew), listen: true });
  [host, other] = await Promise.all([signUp(t), signUp(t)]);
  const created = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody() });
  expect(created.statusCode, created.body).toBe(200);
  eventId = created.json().id;
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const covered = new Set<ProblemCode>();
const expectCode = (res: Parameters<typeof expectProblem>[0], status: number, code: ProblemCode) => {
  covered.add(code);
  return expectProblem(res, status, { code });
};

describe('every Problem code, where it belongs', () => {
  it('validation: a body that breaks its schema', async () => {
    const body = expectCode(await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: { ...eventBody(), name: '' } }), 400, 'validation');
    expect(body.errors).toHaveProperty('name');
  });

  it('malformed_request: JSON that does not parse', async () => {
    expectCode(await call(t.app, 'POST', authApi.login.path, { rawBody: '{"email": ' }), 400, 'malformed_request');
  });

  it('tenant_missing and tenant_unknown', async () => {
    expectCode(await call(t.app, 'GET', accountApi.manifest.path, { tenant: null }), 400, 'tenant_missing');
    expectCode(await call(t.app, 'GET', accountApi.manifest.path, { tenant: 'nowhere' }), 400, 'tenant_unknown');
  });

  it('code_invalid: a verification code nobody was sent', async () => {
    expectCode(await call(t.app, 'POST', pathOf(authApi.verify, { tokenOrCode: 'ZZZZZZ' })), 400, 'code_invalid');
  });

  it('image_invalid: a thumbnail that is not an image', async () => {
    const form = multipart([{ name: 'file', data: 'not an image at all', filename: 'x.png', contentType: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(eventsApi.setThumbnail, { id: eventId }),
      headers: { 'x-tenant': 'hubbub', authorization: `Bearer ${host.jwt}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expectCode(res, 400, 'image_invalid');
  });

  it('unauthenticated: no bearer token where one is needed', async () => {
    expectCode(await call(t.app, 'GET', eventsApi.mine.path), 401, 'unauthenticated');
  });

  it('session_ended: a token of a session that logged out', async () => {
    const person = await signUp(t);
    expect((await call(t.app, 'GET', authApi.logout.path, { jwt: person.jwt })).statusCode).toBe(200);
    expectCode(await call(t.app, 'GET', eventsApi.mine.path, { jwt: person.jwt }), 401, 'session_ended');
  });

  it('invalid_credentials: a wrong password', async () => {
    expectCode(await call(t.app, 'POST', authApi.login.path, { body: { email: host.email, password: 'not the password' } }), 401, 'invalid_credentials');
  });

  it('refresh_invalid and token_reused', async () => {
    expectCode(await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: 'made-up' } }), 401, 'refresh_invalid');
    const person = await signUp(t);
    expect((await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: person.refreshToken } })).statusCode).toBe(200);
    // Replayed after the grace window: within it, a reload's replay gets the same pair (issue 22).
    skew = REFRESH_REUSE_GRACE_MS;
    const reuse = await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: person.refreshToken } }).finally(() => (skew = 0));
    expectCode(reuse, 401, 'token_reused');
  });

  it('email_unverified: signing in before verifying', async () => {
    const email = uniqueEmail('unverified');
    expect((await call(t.app, 'POST', authApi.register.path, { body: { email, name: 'Not Yet', password: PASSWORD } })).statusCode).toBe(201);
    expectCode(await call(t.app, 'POST', authApi.login.path, { body: { email, password: PASSWORD } }), 403, 'email_unverified');
  });

  it('not_owner: changing someone else\'s event', async () => {
    expectCode(await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: eventId }), { jwt: other.jwt }), 403, 'not_owner');
  });

  it('plan_limit: a second event on the Free plan', async () => {
    const body = expectCode(await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody() }), 403, 'plan_limit');
    expect(body.detail).toMatch(/Free plan allows 1 event/);
  });

  it('add_on_required: downloading an event as HTML without the add-on', async () => {
    const body = expectCode(await call(t.app, 'GET', pathOf(eventsApi.export, { id: eventId }), { jwt: other.jwt }), 403, 'add_on_required');
    expect(body.detail).toContain('Download.HTML');
  });

  it('admin_required: the report queue for someone without the Admin role', async () => {
    expectCode(await call(t.app, 'GET', moderationApi.reports.path, { jwt: other.jwt }), 403, 'admin_required');
  });

  it('account_suspended: signing in to a suspended account with the right password', async () => {
    const person = await signUp(t);
    await setSuspension(t.app.ctx.db, person.id, { at: new Date(), reason: 'Spam' });
    expectCode(await call(t.app, 'POST', authApi.login.path, { body: { email: person.email, password: PASSWORD } }), 403, 'account_suspended');
  });

  it('event_hidden: launching flyers of an event the moderators hid (issue 22)', async () => {
    const [boss, person] = [await signUp(t), await signUp(t)];
    await setRoles(t.app.ctx.db, boss.id, ['Admin'], new Date());
    const event = (await call(t.app, 'POST', eventsApi.create.path, { jwt: person.jwt, body: eventBody() })).json() as { id: string };
    const content = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });
    const flyer = (await call(t.app, 'POST', flyersApi.create.path, { jwt: person.jwt, body: { eventId: event.id, name: 'Doors', contentJson: content } })).json() as { id: string };
    expect((await call(t.app, 'POST', pathOf(moderationApi.eventHide, { id: event.id }), { jwt: boss.jwt, body: { reason: 'Misleading' } })).statusCode).toBe(200);
    const launch = { eventId: event.id, flyerIds: [flyer.id], startDate: new Date().toISOString(), endDate: new Date(Date.now() + HOUR).toISOString() };
    expectCode(await call(t.app, 'POST', launchesApi.create.path, { jwt: person.jwt, body: launch }), 403, 'event_hidden');
  });

  it('session_not_live: the host messaging a room that is not live (on the hub; issue 26)', async () => {
    const hub = createHub({ port: (t as ListeningTestApp).port, jwt: host.jwt });
    await hub.connection.start();
    try {
      expect(await hub.connection.invoke('JoinEventSession', eventId)).toBe(true);
      await expect(hub.connection.invoke('UpdateEventSession', eventId, { state: 'Updated', message: 'Hello?' })).rejects.toThrow(/HubException: session_not_live: /);
      covered.add('session_not_live');
    } finally {
      await hub.connection.stop();
    }
  });

  it('last_admin: an admin removing their own Admin role', async () => {
    const boss = await signUp(t);
    await setRoles(t.app.ctx.db, boss.id, ['Admin'], new Date());
    expectCode(await call(t.app, 'POST', pathOf(moderationApi.personRole, { id: boss.id }), { jwt: boss.jwt, body: { admin: false, reason: 'Stepping down' } }), 409, 'last_admin');
  });

  it('version_conflict: saving a document over a version another tab replaced', async () => {
    const made = await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: other.jwt, body: { title: 'Two tabs' } });
    const id = made.json().id as string;
    expect((await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: other.jwt, body: { id, version: 1, title: 'Tab A' } })).statusCode).toBe(200);
    const body = expectCode(await call(t.app, 'POST', projectDocumentApi.update.path, { jwt: other.jwt, body: { id, version: 1, title: 'Tab B' } }), 409, 'version_conflict');
    expect(body.currentVersion).toBe(2);
  });

  it('blocked and conflict: following across a block', async () => {
    const [a, b] = await Promise.all([signUp(t), signUp(t)]);
    expect((await call(t.app, 'POST', pathOf(usersApi.block, { id: b.id, flag: 1 }), { jwt: a.jwt })).statusCode).toBe(200);
    expectCode(await call(t.app, 'POST', followPath(a.id), { jwt: b.jwt }), 403, 'blocked');
    expectCode(await call(t.app, 'POST', followPath(b.id), { jwt: a.jwt }), 409, 'conflict');
  });

  it('not_found: an event that does not exist, and an unknown address', async () => {
    expectCode(await call(t.app, 'GET', pathOf(eventsApi.get, { id: randomUUID() })), 404, 'not_found');
    expectCode(await call(t.app, 'GET', '/engine/api/v1/no-such-call'), 404, 'not_found');
  });

  it('email_taken: registering an address twice', async () => {
    expectCode(await call(t.app, 'POST', authApi.register.path, { body: { email: host.email, name: 'Again', password: PASSWORD } }), 409, 'email_taken');
  });

  it('payload_too_large and unsupported_media_type', async () => {
    expectCode(await call(t.app, 'POST', authApi.login.path, { rawBody: JSON.stringify({ email: 'x'.repeat(1_100_000) }) }), 413, 'payload_too_large');
    expectCode(
      await call(t.app, 'POST', pathOf(eventsApi.setThumbnail, { id: eventId }), { jwt: host.jwt, body: { file: 'x' } }),
      415,
      'unsupported_media_type',
    );
  });

  it('not_ready: an instance shutting down answers its readiness probe 503', async () => {
    const readiness = new Readiness();
    const draining = await build({ readiness });
    try {
      readiness.drain();
      expectCode(await draining.app.inject({ method: 'GET', url: '/readyz' }), 503, 'not_ready');
    } finally {
      await draining.close();
    }
  });

  it('signature_invalid: an unsigned activity posted to an ActivityPub inbox (FEDERATION on)', async () => {
    const federated = await build({ env: { FEDERATION: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' }, federation: { enabled: false } });
    try {
      const follow = { '@context': 'https://www.w3.org/ns/activitystreams', id: 'http://127.0.0.9/follow/1', type: 'Follow', actor: 'http://127.0.0.9/someone', object: 'http://localhost:8080/ap/actors/hubbub' };
      expectCode(await federated.app.inject({ method: 'POST', url: '/ap/inbox', headers: { 'content-type': 'application/activity+json' }, payload: follow }), 401, 'signature_invalid');
    } finally {
      await federated.close();
    }
  });

  it('rate_limited: past the limit, with Retry-After', async () => {
    const ip = { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
    const ask = () => call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: host.email }, headers: ip });
    expect((await ask()).statusCode).toBe(200);
    const res = await ask();
    expectCode(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
  });

  describe('external sign-in (Google configured against a local provider, Microsoft not)', () => {
    const person = (over: Partial<FakeIdentity> = {}): FakeIdentity => {
      const id = randomUUID().slice(0, 8);
      return { sub: `codes-${id}`, email: `codes-${id}@example.test`, email_verified: true, ...over };
    };

    it('external_provider_unconfigured: signing in with Microsoft', async () => {
      expectCode(await call(t.app, 'POST', externalAuthApi.login.path, { body: { provider: 'Windows', code: 'c', state: 'a-state-of-sixteen-chars' } }), 400, 'external_provider_unconfigured');
    });

    it('external_state_invalid: an answer nobody started', async () => {
      expectCode(await call(t.app, 'POST', externalAuthApi.login.path, { body: { provider: 'Google', code: 'c', state: 'a-state-of-sixteen-chars' } }), 400, 'external_state_invalid');
    });

    it('external_code_invalid: a code used twice', async () => {
      google.signInAs(person());
      const first = await startAtProvider(t.app, google);
      const second = await startAtProvider(t.app, google, { cookie: first.cookie });
      expect((await finishLogin(t.app, first)).statusCode).toBe(200);
      expectCode(await finishLogin(t.app, { ...second, code: first.code }), 400, 'external_code_invalid');
    });

    it('external_token_invalid: an ID token for another client', async () => {
      google.signInAs(person());
      const cb = await startAtProvider(t.app, google);
      google.tamperNext('wrong-aud');
      expectCode(await finishLogin(t.app, cb), 400, 'external_token_invalid');
    });

    it('external_email_missing: a provider account without an email', async () => {
      google.signInAs(person({ email: undefined }));
      expectCode(await signInWith(t.app, google), 400, 'external_email_missing');
    });

    it('external_email_unverified: a new account from an email the provider does not vouch for', async () => {
      google.signInAs(person({ email: uniqueEmail('unvouched'), email_verified: false }));
      expectCode(await signInWith(t.app, google), 400, 'external_email_unverified');
    });

    it('external_link_required: an email the provider does not vouch for', async () => {
      google.signInAs(person({ email: other.email, email_verified: false }));
      expectCode(await signInWith(t.app, google), 409, 'external_link_required');
    });

    it('external_identity_taken and last_sign_in_method', async () => {
      const who = person();
      google.signInAs(who);
      const jwt = (await signInWith(t.app, google)).json().jwt;
      expectCode(await call(t.app, 'DELETE', pathOf(externalAuthApi.disconnect, { provider: 'google' }), { jwt }), 409, 'last_sign_in_method');
      expectCode(await finishLink(t.app, await startLinkAtProvider(t.app, google, other.jwt), other.jwt), 409, 'external_identity_taken');
    });

    it('external_provider_failed: the provider refuses this server', async () => {
      google.signInAs(person());
      const cb = await startAtProvider(t.app, google);
      google.tamperNext('invalid-client');
      expectCode(await finishLogin(t.app, cb), 502, 'external_provider_failed');
    });
  });

  describe('billing', () => {
    it('billing_unavailable: buying a plan on a server without Stripe', async () => {
      expectCode(await call(t.app, 'POST', subscriptionApi.checkout.path, { jwt: host.jwt, body: { plan: 'Pro' } }), 409, 'billing_unavailable');
    });

    it('product_unavailable, webhook_signature_invalid and billing_failed, with Stripe (the fake)', async () => {
      const fake = await FakeStripe.start();
      const billed = await build({ env: fake.env() });
      try {
        for (const [name, interval, price] of FakeStripe.priceAssignments()) await setStripePrice(billed.app.ctx.db, name, interval, price);
        const buyer = await signUp(billed);
        expectCode(await call(billed.app, 'POST', subscriptionApi.checkout.path, { jwt: buyer.jwt, body: { addOns: ['Download.Nothing'] } }), 400, 'product_unavailable');
        const { payload, headers } = fake.signed(fake.event('invoice.paid', { id: 'in_1' }), 'whsec_not_this_server');
        expectCode(await billed.app.inject({ method: 'POST', url: subscriptionApi.stripeWebhook.path, headers, payload }), 400, 'webhook_signature_invalid');
        fake.failNext = { status: 400, message: 'No such price.' };
        expectCode(await call(billed.app, 'POST', subscriptionApi.checkout.path, { jwt: buyer.jwt, body: { plan: 'Pro' } }), 502, 'billing_failed');
      } finally {
        await billed.close();
        await fake.stop();
      }
    });
  });

  it('event_full, no_seat_offered and approval_required: seats and approval (issue 28)', async () => {
    const settings = (body: Record<string, unknown>) =>
      call(t.app, 'PUT', pathOf(goingApi.settings, { id: eventId }), { jwt: host.jwt, body: { capacity: 1, maxGuests: 0, offerHours: 24, ...body } });
    expect((await settings({})).statusCode).toBe(200);
    const third = await signUp(t);
    const link = (who: TestUser) => call(t.app, 'POST', eventLinksApi.create.path, { jwt: who.jwt, body: { eventId, type: 'Attendee' } });
    expect((await link(other)).statusCode).toBe(200);
    expectCode(await link(third), 409, 'event_full');
    expectCode(await call(t.app, 'POST', pathOf(goingApi.confirm, { id: eventId }), { jwt: third.jwt }), 409, 'no_seat_offered');
    expect((await settings({ approval: true })).statusCode).toBe(200);
    expectCode(await link(third), 409, 'approval_required');
    expect((await settings({ capacity: null })).statusCode).toBe(200);
  });

  it('OpenAPI lists every code with its meaning, on the Problem schema', async () => {
    const doc = (await call(t.app, 'GET', '/openapi.json', { tenant: null })).json();
    const schemas = doc.components.schemas;
    expect(schemas.Problem.required).toContain('code');
    expect(schemas.ProblemCode.enum).toEqual(PROBLEM_CODES);
    for (const code of PROBLEM_CODES) expect(schemas.ProblemCode.description).toContain(`\`${code}\``);
  });

  it('covers every code but internal (which no request may cause; see plugins/errors.test.ts)', () => {
    expect(PROBLEM_CODES.filter((code) => !covered.has(code) && code !== 'internal')).toEqual([]);
  });
});
