import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Redis } from 'ioredis';
import { EventSchema, hubEventGroup, authApi, pathOf, usersApi, type HubEvent, eventsApi } from '@hubbub/contract';
import { createRedisBackplane, type Backplane } from '../src/modules/hub/index.js';
import { createRedisMemberCounts } from '../src/modules/hub/redis-member-counts.js';
import { build, TENANT, type ListeningTestApp, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { REDIS_URL, needsRedis } from './support/redis.js';

// The Redis server (TEST_REDIS_URL; without it these suites are skipped) is shared with other runs: every group name below is unique to this run.
const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 86_400_000;
const FLYER_ID = '7d3f5c1e-0000-4000-8000-0000000000f1';

const uniqueGroup = () => `test:${randomUUID()}`;
const settle = (ms = 100) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await settle(10);
  }
}

describe.skipIf(!REDIS_URL)(needsRedis('Redis group bus'), () => {
  const closers: { close(): Promise<void> }[] = [];
  let probe: Redis;
  const bus = (): Backplane => {
    const created = createRedisBackplane({ url: REDIS_URL });
    closers.push(created);
    return created;
  };
  const counts = () => {
    const created = createRedisMemberCounts({ url: REDIS_URL });
    closers.push(created);
    return created;
  };
  const subscribers = async (group: string) => {
    const [, count] = (await probe.pubsub('NUMSUB', `hubbub:group:${group}`)) as [string, number];
    return Number(count);
  };

  beforeAll(() => {
    probe = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all(closers.map((b) => b.close()));
    await probe.quit();
  });

  it('a frame published on one instance reaches the listeners of another, byte for byte', async () => {
    const [a, b] = [bus(), bus()];
    const group = uniqueGroup();
    const received: Buffer[] = [];
    const stop = b.subscribe(group, (frame) => received.push(frame));
    const frame = Buffer.from('{"type":1,"target":"FlyerStarted","arguments":[{"Name":"Ça va 🎉"}]}\u001e');
    // b's own publish waits for its subscription; once its echo is back, b is listening.
    await b.publish(group, Buffer.from('ready'));
    await until(() => received.length === 1, 'the subscription');
    received.length = 0;
    await a.publish(group, frame);
    await until(() => received.length === 1, 'the frame on b');
    expect(received[0].equals(frame)).toBe(true);
    stop();
  });

  it('delivers an own frame to local listeners exactly once (through the Redis echo)', async () => {
    const [a, b] = [bus(), bus()];
    const group = uniqueGroup();
    const onA: string[] = [];
    const onB: string[] = [];
    const stopA = a.subscribe(group, (f) => onA.push(f.toString()));
    const stopB = b.subscribe(group, (f) => onB.push(f.toString()));
    // Pub/sub keeps nothing for a subscriber Redis has not confirmed yet: both are in before anything is sent.
    await until(async () => (await subscribers(group)) === 2, 'both subscriptions');
    await b.publish(group, Buffer.from('from b'));
    await a.publish(group, Buffer.from('from a'));
    await until(() => onA.length === 2 && onB.length === 2, 'both frames on both instances');
    await settle();
    // Same order everywhere: Redis orders the channel.
    expect(onA).toEqual(['from b', 'from a']);
    expect(onB).toEqual(['from b', 'from a']);
    stopA();
    stopB();
  });

  it('subscribes to a group channel while a listener is there and unsubscribes when the last one leaves', async () => {
    const a = bus();
    const group = uniqueGroup();
    const got: string[] = [];
    const stop1 = a.subscribe(group, (f) => got.push(`1:${f}`));
    const stop2 = a.subscribe(group, (f) => got.push(`2:${f}`));
    await a.publish(group, Buffer.from('x'));
    await until(() => got.length === 2, 'both listeners');
    expect(await subscribers(group)).toBe(1);
    stop1();
    expect(await subscribers(group)).toBe(1);
    stop2();
    await until(async () => (await subscribers(group)) === 0, 'the unsubscribe');
    await a.publish(group, Buffer.from('y'));
    await settle();
    expect(got.sort()).toEqual(['1:x', '2:x']);
  });

  it('measures its lag by a probe through Redis: a round trip while Redis answers, the unanswered probe\'s age while it does not', async () => {
    const live = createRedisBackplane({ url: REDIS_URL, probeIntervalMs: 50 });
    closers.push(live);
    expect(live.lagSeconds!()).toBe(0);
    // Nothing listens on port 1: every probe stays unanswered.
    const away = createRedisBackplane({ url: 'redis://127.0.0.1:1', probeIntervalMs: 50 });
    closers.push(away);
    await settle(600);
    expect(live.lagSeconds!()).toBeGreaterThan(0);
    expect(live.lagSeconds!()).toBeLessThan(0.5);
    expect(away.lagSeconds!()).toBeGreaterThanOrEqual(0.4);
    expect(away.lagSeconds!()).toBeLessThan(5);
  });

  it('sums watcher counts over instances and forgets an instance that closes', async () => {
    const [a, b] = [createRedisMemberCounts({ url: REDIS_URL }), counts()];
    const group = uniqueGroup();
    expect(await a.total(group, 2)).toBe(2);
    expect(await b.total(group, 3)).toBe(5);
    expect(await a.total(group, 1)).toBe(4);
    await a.close();
    expect(await b.total(group, 3)).toBe(3);
    expect(await b.total(group, 0)).toBe(0);
    expect(await probe.exists(`hubbub:watchers:${group}`)).toBe(0);
  });

  it('peeks at the total over instances without recording anything, this instance counted as it is now', async () => {
    const [a, b] = [counts(), counts()];
    const group = uniqueGroup();
    await a.total(group, 2);
    await b.total(group, 3);
    expect(await a.peek(group, 4)).toBe(7);
    expect(await b.peek(group, 0)).toBe(2);
    expect(await a.total(group, 2)).toBe(5);
  });

  it('does not count an instance whose liveness key expired (a crash)', async () => {
    const [a, b] = [counts(), counts()];
    const group = uniqueGroup();
    await a.total(group, 4);
    expect(await b.total(group, 1)).toBe(5);
    await probe.del(`hubbub:instance:${a.instanceId}`);
    expect(await b.total(group, 1)).toBe(1);
  });
});

async function createEvent(t: TestApp, user: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: `Scale-out night ${randomUUID().slice(0, 6)}`,
      startDate: new Date(T0).toISOString(),
      endDate: new Date(T0 + 3 * HOUR).toISOString(),
      timeZone: 'Pacific/Tahiti',
      venue: 'Harbour Hall',
      area: { name: 'Harbour', type: 4, latitude: -30, longitude: -140, city: 'Papeete', state: 'PF', country: 'PF' },
    },
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return EventSchema.parse(res.json());
}

describe.skipIf(!REDIS_URL)(needsRedis('one app with REDIS_URL'), () => {
  let t: ListeningTestApp;
  let port: number;
  let probe: Redis;
  let hub: TestHub | undefined;

  beforeAll(async () => {
    t = await build({ env: { REDIS_URL }, listen: true });
    port = t.port;
    probe = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await hub?.connection.stop();
    await probe?.quit();
    await t?.close();
  });

  it('sends event sessions through Redis, one channel per event group', async () => {
    const owner = await signUp(t);
    const event = await createEvent(t, owner);
    const group = hubEventGroup(t.app.ctx.tenants.get(TENANT)!, event.id);
    const seen: string[] = [];
    probe.on('message', (_channel, message) => seen.push(message));
    await probe.subscribe(`hubbub:group:${group}`);
    hub = createHub({ port, jwt: owner.jwt });
    await hub.connection.start();
    expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect(await hub.next('EventWatcherUpdated')).toEqual({ eventId: event.id, watchers: 1 });
    await hub.connection.invoke('UpdateEventSessionSound', event.id, { level: 10 });
    expect(await hub.next('EventSoundUpdated')).toEqual({ eventId: event.id, level: 10, track: null });
    await until(() => seen.length === 2, 'the frames on the channel');
    expect(seen[1]).toContain('"target":"EventSoundUpdated"');
  });
});

// Two instances need one database holding the event: PostgreSQL. Each PGlite instance is its own in-memory database.
const sharedDatabase = Boolean(inject('databaseUrl'));

describe.skipIf(!sharedDatabase || !REDIS_URL)(needsRedis('two app instances sharing Redis (PostgreSQL only: two PGlite instances cannot share an event)'), () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  let portA: number;
  let portB: number;
  let owner: TestUser;
  let watcherA: TestUser;
  let watcherB: TestUser;
  let event: HubEvent;
  const open: TestHub[] = [];

  async function started(port: number, user: TestUser): Promise<TestHub> {
    const hub = createHub({ port, jwt: user.jwt, skipNegotiation: true });
    open.push(hub);
    await hub.connection.start();
    return hub;
  }

  beforeAll(async () => {
    a = await build({ env: { REDIS_URL }, listen: true });
    b = await build({ env: { REDIS_URL }, listen: true });
    [portA, portB] = [a.port, b.port];
    [owner, watcherA, watcherB] = await Promise.all([signUp(a), signUp(a), signUp(a)]);
    event = await createEvent(a, owner);
  });
  afterAll(async () => {
    await Promise.all(open.map((h) => h.connection.stop()));
    await a?.close();
    await b?.close();
  });

  it('a watcher on instance B receives what the owner triggers on instance A, and broadcastToEvent from A', async () => {
    const host = await started(portA, owner);
    const watcher = await started(portB, watcherB);
    expect(await watcher.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await host.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'Doors open' });
    await host.connection.invoke('UpdateEventSessionSound', event.id, { level: 70, track: 'Opening' });
    expect(await watcher.next('EventStarted')).toMatchObject({ eventId: event.id, state: 'Started', title: 'Doors open' });
    expect(await watcher.next('EventSoundUpdated')).toEqual({ eventId: event.id, level: 70, track: 'Opening' });

    const flyer = { id: FLYER_ID, eventId: event.id, name: 'Happy hour', contentType: 'flyer/v1', contentJson: '{"v":1}', isActivated: true };
    await a.app.ctx.realtime.toEvent(a.app.ctx.tenants.get(TENANT)!, event.id, 'FlyerStarted', flyer);
    expect(await watcher.next('FlyerStarted')).toEqual(flyer);
    await settle();
    // Exactly once: no second copy through another path.
    expect(watcher.received.FlyerStarted).toHaveLength(1);
    expect(watcher.received.EventStarted).toHaveLength(1);
    await watcher.connection.invoke('LeaveEventSession', event.id);
  });

  it('watcher counts add up both instances, as people join, leave and disconnect', async () => {
    const onA = await started(portA, watcherA);
    const onB = await started(portB, watcherB);
    expect(await onA.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await onA.next('EventWatcherUpdated', (p) => p.watchers === 1);
    expect(await onB.connection.invoke('JoinEventSession', event.id)).toBe(true);
    // Both instances' members hear the total.
    await onA.next('EventWatcherUpdated', (p) => p.watchers === 2);
    await onB.next('EventWatcherUpdated', (p) => p.watchers === 2);
    onA.received.EventWatcherUpdated.length = 0;
    await onB.connection.stop();
    expect(await onA.next('EventWatcherUpdated')).toEqual({ eventId: event.id, watchers: 1 });
    await onA.connection.invoke('LeaveEventSession', event.id);
  });

  it('the admin console counts hub connections and watchers over both instances', async () => {
    const tenantId = a.app.ctx.tenants.get(TENANT)!;
    const before = await a.app.ctx.realtime.stats(tenantId, [event.id]);
    const onA = await started(portA, watcherA);
    const onB = await started(portB, watcherB);
    expect(await onA.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect(await onB.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await onA.next('EventWatcherUpdated', (p) => p.watchers === 2);
    for (const app of [a, b]) {
      await expect.poll(() => app.app.ctx.realtime.stats(tenantId, [event.id])).toEqual({ connections: before.connections + 2, watchers: [2] });
    }
    await onB.connection.stop();
    await expect.poll(() => a.app.ctx.realtime.stats(tenantId, [event.id])).toEqual({ connections: before.connections + 1, watchers: [1] });
    await onA.connection.invoke('LeaveEventSession', event.id);
  });

  it('a logout on instance A closes the session\'s connection on instance B, and a block there removes the watcher', async () => {
    const leaving = await signUp(a);
    const onB = await started(portB, leaving);
    const closed = new Promise<Error | undefined>((resolve) => onB.connection.onclose(resolve));
    expect((await call(a.app, 'GET', authApi.logout.path, { jwt: leaving.jwt })).statusCode).toBe(200);
    expect((await closed)?.message).toMatch(/session has ended/);

    const blocked = await signUp(a);
    const watcher = await started(portB, blocked);
    expect(await watcher.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect((await call(a.app, 'POST', pathOf(usersApi.block, { id: blocked.id, flag: 1 }), { jwt: owner.jwt })).statusCode).toBe(200);
    expect(await watcher.next('EventStopped', (p) => p.eventId === event.id)).toMatchObject({ state: 'Stopped' });
    expect(await watcher.connection.invoke('JoinEventSession', event.id)).toBe(false);
  });
});
