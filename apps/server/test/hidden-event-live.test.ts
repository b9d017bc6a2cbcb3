import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { sql } from 'drizzle-orm';
import { EventStatus, accountDataApi, moderationApi, pathOf, type HubEvent, eventsApi, flyersApi, launchesApi } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { TENANT, build, type ListeningTestApp, type TestApp } from './support/build.js';
import { PASSWORD, call, signUp, usePlan, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { expectProblem } from './support/problem.js';
import { REDIS_URL, needsRedis } from './support/redis.js';

// Issue 22, finding 3: a moderator-hidden event kept broadcasting. Hiding an event, suspending its
// host or deleting the host's account now ends its live session on every instance: every watcher
// gets EventStopped and leaves the event's group (nothing reaches them after), its launches are
// canceled, and the host's session calls and launches are refused with `event_hidden` while hidden.

const HOUR = 3_600_000;
const START = Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();
const FLYER = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });
const settle = (ms = 250) => new Promise((r) => setTimeout(r, ms));
const within = <T>(promise: Promise<T>, ms = 3000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const post = (t: TestApp, user: TestUser, url: string, body?: unknown) => call(t.app, 'POST', url, { jwt: user.jwt, body });

/** A host on the Pro plan: two events, two flyers each. */
async function hostOn(t: TestApp): Promise<TestUser> {
  const user = await signUp(t);
  await usePlan(t, user, 'Pro');
  return user;
}

async function admin(t: TestApp): Promise<TestUser> {
  const user = await signUp(t);
  await queryRows(t.app.ctx.db, sql`update users set roles = '{Admin}' where id = ${user.id}`);
  return user;
}

async function eventOf(t: TestApp, user: TestUser): Promise<HubEvent> {
  const body = {
    name: `Hidden live ${randomUUID().slice(0, 8)}`,
    startDate: at(START),
    endDate: at(START + 3 * HOUR),
    timeZone: 'UTC',
    area: { latitude: -40 + Math.random() * 10, longitude: -150 + Math.random() * 10 },
  };
  return ok<HubEvent>(await post(t, user, eventsApi.create.path, body));
}

async function flyerOf(t: TestApp, host: TestUser, event: HubEvent): Promise<{ id: string }> {
  return ok<{ id: string }>(await post(t, host, flyersApi.create.path, { eventId: event.id, name: `Doors ${randomUUID().slice(0, 6)}`, contentJson: FLYER }));
}

const launchOf = (t: TestApp, host: TestUser, event: HubEvent, flyerId: string, fromNow: number) =>
  post(t, host, launchesApi.create.path, { eventId: event.id, flyerIds: [flyerId], startDate: at(Date.now() + fromNow), endDate: at(Date.now() + fromNow + HOUR) });

const timelineStates = async (t: TestApp, eventId: string) =>
  (await queryRows<{ state: string }>(t.app.ctx.db, sql`select state from timelines where event_id = ${eventId} order by start_date`)).map((r) => r.state);

/** A message sent to the event's group after the stop: a watcher still in the group would receive it. */
const probe = (t: TestApp, eventId: string) =>
  t.app.ctx.realtime.toEvent(t.app.ctx.tenants.get(TENANT)!, eventId, 'EventNotification', { eventId, title: 'Probe', message: 'Still listening?', level: 'info' });

/** Nothing of the event reached the watcher after its EventStopped (which came exactly once). */
function expectNothingAfterStop(hub: TestHub, eventId: string, before: { started: number }) {
  const of = (name: keyof TestHub['received']) => (hub.received[name] as { eventId?: string }[]).filter((p) => p.eventId === eventId);
  expect(of('EventStopped')).toHaveLength(1);
  expect(of('EventStarted')).toHaveLength(before.started);
  expect(of('EventUpdated')).toHaveLength(0);
  expect(of('EventNotification')).toHaveLength(0);
  expect(of('EventSoundUpdated')).toHaveLength(0);
}

describe('issue 22 finding 3: hiding, suspending or deleting stops the live session at once', () => {
  let t: ListeningTestApp;
  const hubs: TestHub[] = [];
  beforeAll(async () => {
    t = await build({ listen: true, hub: { watcherAnnounceMs: 20 } });
  });
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.connection.stop().catch(() => {})));
  });
  afterAll(() => t.close());

  async function connected(user: TestUser): Promise<TestHub> {
    const hub = createHub({ port: t.port, jwt: user.jwt });
    hubs.push(hub);
    await hub.connection.start();
    return hub;
  }

  /** The host runs a live session with a flyer on the buzz and another launch to come; a watcher joined. */
  async function live(host: TestUser, watcher: TestUser) {
    const event = await eventOf(t, host);
    const [flyer, later] = [await flyerOf(t, host, event), await flyerOf(t, host, event)];
    const hostHub = await connected(host);
    expect(await hostHub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'Doors open' });
    const fan = await connected(watcher);
    expect(await fan.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await within(fan.next('EventStarted', (p) => p.eventId === event.id));
    await ok(await launchOf(t, host, event, flyer.id, -1000));
    await ok(await launchOf(t, host, event, later.id, 2 * HOUR));
    await within(fan.next('FlyerStarted', (p) => p.id === flyer.id));
    return { event, flyer, hostHub, fan };
  }

  it('hide: a watcher who joined before gets EventStopped and nothing after; the host is refused with event_hidden', async () => {
    const [boss, host, watcher] = [await admin(t), await hostOn(t), await signUp(t)];
    const { event, flyer, hostHub, fan } = await live(host, watcher);

    await ok(await post(t, boss, pathOf(moderationApi.eventHide, { id: event.id }), { reason: 'Broadcasting abuse' }));
    await within(fan.next('FlyerStopped', (p) => p.id === flyer.id));
    expect(await within(fan.next('EventStopped', (p) => p.eventId === event.id))).toMatchObject({ state: 'Stopped', message: 'The moderators stopped this live session.' });

    // The host's session calls and launches are refused while the event is hidden, with the stable code.
    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started', message: 'We are back!' })).rejects.toThrow(/HubException: event_hidden: /);
    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Updated', title: 'Still here' })).rejects.toThrow(/event_hidden/);
    await expect(hostHub.connection.invoke('UpdateEventSessionSound', event.id, { level: 50 })).rejects.toThrow(/event_hidden/);
    expectProblem(await launchOf(t, host, event, flyer.id, -1000), 403, { code: 'event_hidden' });
    // The watcher left the event's group: a message sent to it now reaches nobody who watched.
    await probe(t, event.id);
    await settle();
    expectNothingAfterStop(fan, event.id, { started: 1 });
    expect(fan.connection.state).toBe(HubConnectionState.Connected);
    expect(await fan.connection.invoke('JoinEventSession', event.id)).toBe(false);
    expect(await timelineStates(t, event.id)).toEqual(['Canceled', 'Canceled']);
    // Its session is over, not the event (still ahead): Created, as a host's Stop leaves it.
    expect((await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: host.jwt }))).status).toBe(EventStatus.Created);

    // Shown again, the host may run the session again.
    await ok(await post(t, boss, pathOf(moderationApi.eventUnhide, { id: event.id }), { reason: 'Appeal accepted' }));
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
    expect((await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id })))).status).toBe(EventStatus.Started);
  });

  it('hide of an event not live yet: its launches to come are canceled, its watchers told EventStopped, its status kept', async () => {
    const [boss, host, watcher] = [await admin(t), await hostOn(t), await signUp(t)];
    const event = await eventOf(t, host);
    const flyer = await flyerOf(t, host, event);
    await ok(await launchOf(t, host, event, flyer.id, 2 * HOUR));
    const fan = await connected(watcher);
    expect(await fan.connection.invoke('JoinEventSession', event.id)).toBe(true);

    await ok(await post(t, boss, pathOf(moderationApi.eventHide, { id: event.id }), { reason: 'Misleading' }));
    await within(fan.next('EventStopped', (p) => p.eventId === event.id));
    await probe(t, event.id);
    await settle();
    expectNothingAfterStop(fan, event.id, { started: 0 });
    expect(await timelineStates(t, event.id)).toEqual(['Canceled']);
    expect((await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: host.jwt }))).status).toBe(EventStatus.Created);
  });

  it('suspending the host: watchers of every one of the host\'s events leave their groups, launches to come are canceled', async () => {
    const [boss, host, watcher] = [await admin(t), await hostOn(t), await signUp(t)];
    const { event, fan } = await live(host, watcher);
    const quiet = await eventOf(t, host);
    await ok(await launchOf(t, host, quiet, (await flyerOf(t, host, quiet)).id, 2 * HOUR));
    expect(await fan.connection.invoke('JoinEventSession', quiet.id)).toBe(true);

    await ok(await post(t, boss, pathOf(moderationApi.personSuspend, { id: host.id }), { reason: 'Repeated scams' }));
    await within(fan.next('EventStopped', (p) => p.eventId === event.id));
    await within(fan.next('EventStopped', (p) => p.eventId === quiet.id));
    await probe(t, event.id);
    await probe(t, quiet.id);
    await settle();
    expectNothingAfterStop(fan, event.id, { started: 1 });
    expectNothingAfterStop(fan, quiet.id, { started: 0 });
    expect(await timelineStates(t, event.id)).toEqual(['Canceled', 'Canceled']);
    expect(await timelineStates(t, quiet.id)).toEqual(['Canceled']);
  });

  it('deleting the host\'s account: watchers get EventStopped and leave the group', async () => {
    const [host, watcher] = [await hostOn(t), await signUp(t)];
    const { event, fan } = await live(host, watcher);
    await ok(await post(t, host, accountDataApi.delete.path, { password: PASSWORD }));
    await within(fan.next('EventStopped', (p) => p.eventId === event.id));
    await probe(t, event.id);
    await settle();
    expectNothingAfterStop(fan, event.id, { started: 1 });
  });
});

// Two instances need one database holding the event: PostgreSQL. Each PGlite instance is its own in-memory database.
const sharedDatabase = Boolean(inject('databaseUrl'));

describe.skipIf(!sharedDatabase || !REDIS_URL)(needsRedis('issue 22 finding 3: a hide on instance A stops the session on instance B (Redis)'), () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  const hubs: TestHub[] = [];
  beforeAll(async () => {
    a = await build({ env: { REDIS_URL }, listen: true, hub: { watcherAnnounceMs: 20 } });
    b = await build({ env: { REDIS_URL }, listen: true, hub: { watcherAnnounceMs: 20 } });
  });
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.connection.stop().catch(() => {})));
    await a?.close();
    await b?.close();
  });

  async function connected(port: number, user: TestUser): Promise<TestHub> {
    const hub = createHub({ port, jwt: user.jwt, skipNegotiation: true });
    hubs.push(hub);
    await hub.connection.start();
    return hub;
  }

  it('the watcher and the host on B: EventStopped, nothing after, and the host refused', async () => {
    const [boss, host, watcher] = [await admin(a), await hostOn(a), await signUp(a)];
    const event = await eventOf(a, host);
    const hostHub = await connected(b.port, host);
    expect(await hostHub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
    const fan = await connected(b.port, watcher);
    expect(await fan.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await within(fan.next('EventStarted', (p) => p.eventId === event.id));

    await ok(await post(a, boss, pathOf(moderationApi.eventHide, { id: event.id }), { reason: 'Broadcasting abuse' }));
    await within(fan.next('EventStopped', (p) => p.eventId === event.id));
    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started', message: 'Back again' })).rejects.toThrow(/event_hidden/);
    await probe(a, event.id);
    await probe(b, event.id);
    await settle(400);
    expectNothingAfterStop(fan, event.id, { started: 1 });
  });
});
