import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Redis } from 'ioredis';
import { EventSchema, hubEventGroup, paths, type HubEvent } from '@hubbub/contract';
import { broadcastToEvent } from '../src/modules/hub/index.js';
import { createRedisBus, type RedisBus } from '../src/modules/hub/redis-bus.js';
import { build, TENANT, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';

// The Redis server is shared with other runs: every group name below is unique to this run.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
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

describe('Redis group bus', () => {
  const buses: RedisBus[] = [];
  let probe: Redis;
  const bus = () => {
    const created = createRedisBus({ url: REDIS_URL });
    buses.push(created);
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
    await Promise.all(buses.map((b) => b.close()));
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

  it('sums watcher counts over instances and forgets an instance that closes', async () => {
    const [a, b] = [createRedisBus({ url: REDIS_URL }), bus()];
    const group = uniqueGroup();
    expect(await a.watchers(group, 2)).toBe(2);
    expect(await b.watchers(group, 3)).toBe(5);
    expect(await a.watchers(group, 1)).toBe(4);
    await a.close();
    expect(await b.watchers(group, 3)).toBe(3);
    expect(await b.watchers(group, 0)).toBe(0);
    expect(await probe.exists(`hubbub:watchers:${group}`)).toBe(0);
  });

  it('does not count an instance whose liveness key expired (a crash)', async () => {
    const [a, b] = [bus(), bus()];
    const group = uniqueGroup();
    await a.watchers(group, 4);
    expect(await b.watchers(group, 1)).toBe(5);
    await probe.del(`hubbub:instance:${a.instanceId}`);
    expect(await b.watchers(group, 1)).toBe(1);
  });
});

async function createEvent(t: TestApp, user: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'POST', paths.eventCreate, {
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

async function listening(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as { port: number }).port;
}

describe('one app with REDIS_URL', () => {
  let t: TestApp;
  let port: number;
  let probe: Redis;
  let hub: TestHub | undefined;

  beforeAll(async () => {
    t = await build({ env: { REDIS_URL } });
    port = await listening(t);
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

describe.skipIf(!sharedDatabase)('two app instances sharing Redis (PostgreSQL only: two PGlite instances cannot share an event)', () => {
  let a: TestApp;
  let b: TestApp;
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
    a = await build({ env: { REDIS_URL } });
    b = await build({ env: { REDIS_URL } });
    [portA, portB] = [await listening(a), await listening(b)];
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
    await broadcastToEvent(a.app.ctx, a.app.ctx.tenants.get(TENANT)!, event.id, 'FlyerStarted', flyer);
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
});
