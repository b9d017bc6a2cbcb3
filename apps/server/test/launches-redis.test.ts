import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EventSchema,
  FlyerSchema,
  TimelineSchema,
  toCamelCaseKeys,
  type Flyer,
  type HubEvent,
  type Timeline,
  eventsApi,
  flyersApi,
  launchesApi,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser, usePlan } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { REDIS_URL, needsRedis } from './support/redis.js';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

// Acceptance point 2 of the flyers issue: instances sharing Redis and one PostgreSQL database.
// The Redis server (TEST_REDIS_URL) is shared with other runs; every event (so every group channel) here is new.
const databaseUrl = inject('databaseUrl');
const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 86_400_000;
const RUN = randomUUID().slice(0, 8);
const CONTENT = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#224466' }, blocks: [], imagePath: null });
const at = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 6000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

type Instance = TestApp & { port: number; instanceId: string; closed: boolean };

/** One server instance: REDIS_URL set, the scheduler polling often and naming itself in claimed_by. */
async function startInstance(database: ScratchDatabase, label: string): Promise<Instance> {
  const instanceId = `${label}-${RUN}`;
  const built = await build({ database, listen: true, env: { REDIS_URL }, launches: { pollMs: 50, instanceId } });
  const instance: Instance = {
    ...built,
    instanceId,
    closed: false,
    async close() {
      if (instance.closed) return;
      instance.closed = true;
      await built.close();
    },
  };
  return instance;
}

/** A watcher with the official client, and the order in which flyer messages arrived. */
interface Watcher {
  hub: TestHub;
  log: { name: 'FlyerStarted' | 'FlyerStopped'; id: string }[];
}

async function watch(instance: Instance, user: TestUser, eventId: string): Promise<Watcher> {
  const hub = createHub({ port: instance.port, jwt: user.jwt });
  const log: Watcher['log'] = [];
  for (const name of ['FlyerStarted', 'FlyerStopped'] as const) {
    hub.connection.on(name, (payload: unknown) => log.push({ name, id: toCamelCaseKeys<{ id: string }>(payload).id }));
  }
  await hub.connection.start();
  expect(await hub.connection.invoke('JoinEventSession', eventId)).toBe(true);
  return { hub, log };
}

/** This flyer's messages, in order: S for FlyerStarted, X for FlyerStopped. */
const sequence = (w: Watcher, flyerId: string) =>
  w.log
    .filter((m) => m.id === flyerId)
    .map((m) => (m.name === 'FlyerStarted' ? 'S' : 'X'))
    .join('');

interface TransitionState {
  timelineId: string;
  kind: string;
  done: boolean;
  claimedBy: string | null;
}

describe.skipIf(!databaseUrl || !REDIS_URL)(needsRedis('launches across two instances sharing Redis (PostgreSQL only: two PGlite instances cannot share a database)'), () => {
  // A scratch PostgreSQL database only this file's apps use: apps of other test files run
  // schedulers on the shared injected database and would apply our transitions on their own hub.
  let db: ScratchDatabase;
  const instances: Instance[] = [];
  const watchers: Watcher[] = [];
  let a: Instance;
  let b: Instance;
  let owner: TestUser;
  let viewer1: TestUser;
  let viewer2: TestUser;
  let event: HubEvent;
  let flyers: Flyer[];
  let w1: Watcher; // on B from the first phase to the second
  const timelineIds: string[] = [];

  const started = async (label: string) => {
    const instance = await startInstance(db, label);
    instances.push(instance);
    return instance;
  };
  const watcher = async (instance: Instance, user: TestUser) => {
    const w = await watch(instance, user, event.id);
    watchers.push(w);
    return w;
  };
  const launch = async (through: Instance, body: { startDate: string; endDate: string }): Promise<Timeline> => {
    const res = await call(through.app, 'POST', launchesApi.create.path, { jwt: owner.jwt, body: { eventId: event.id, flyerIds: flyers.map((f) => f.id), ...body } });
    expect(res.statusCode, res.body).toBe(200);
    const timeline = TimelineSchema.parse(res.json());
    timelineIds.push(timeline.id);
    return timeline;
  };
  const transitions = (through: Instance, ids: string[]) =>
    queryRows<TransitionState>(through.app.ctx.db, sql`
      select timeline_id as "timelineId", kind, done_at is not null as done, claimed_by as "claimedBy"
      from launch_transitions where timeline_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      order by due_at, kind`);
  /** Waits until every flyer's sequence on each watcher is `expected`, lets stragglers arrive, then checks it still is. */
  const expectSequences = async (ws: Watcher[], expected: string) => {
    for (const w of ws) {
      for (const f of flyers) await until(() => sequence(w, f.id).length >= expected.length, `${expected} for flyer ${f.name}`);
    }
    await sleep(700);
    for (const w of ws) expect(flyers.map((f) => sequence(w, f.id))).toEqual(flyers.map(() => expected));
  };

  beforeAll(async () => {
    db = await createScratchDatabase('launch_redis', { server: databaseUrl });
    // One after the other: the first one migrates the fresh database.
    a = await started('A');
    b = await started('B');
    [owner, viewer1, viewer2] = await Promise.all([signUp(a), signUp(a), signUp(a)]);
    await usePlan(a, owner, 'Pro');
    const res = await call(a.app, 'POST', eventsApi.create.path, {
      jwt: owner.jwt,
      body: { name: `Relay night ${RUN}`, startDate: at(T0), endDate: at(T0 + HOUR), area: { latitude: 21, longitude: -157 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    event = EventSchema.parse(res.json());
    flyers = [];
    for (const name of ['Doors', 'Encore']) {
      const created = await call(a.app, 'POST', flyersApi.create.path, { jwt: owner.jwt, body: { eventId: event.id, name: `${name} ${RUN}`, contentJson: CONTENT } });
      expect(created.statusCode, created.body).toBe(200);
      flyers.push(FlyerSchema.parse(created.json()));
    }
  });

  afterAll(async () => {
    await Promise.all(watchers.map((w) => w.hub.connection.stop().catch(() => {})));
    for (const instance of instances) await instance.close().catch(() => {});
    await db?.drop();
  });

  it('a watcher on each instance gets every launch through A exactly once, launched now and on the timeline', async () => {
    w1 = await watcher(b, viewer1);
    const w2 = await watcher(a, viewer2);
    // Both instances subscribed to the group's channel: each member hears the count over both.
    await w1.hub.next('EventWatcherUpdated', (p) => p.watchers === 2);
    await w2.hub.next('EventWatcherUpdated', (p) => p.watchers === 2);

    const base = Date.now();
    const now = await launch(a, { startDate: at(base), endDate: at(base + 800) });
    const scheduled = await launch(a, { startDate: at(base + 1500), endDate: at(base + 3000) });
    expect(scheduled.state).toBe('Scheduled');

    // "Launch now" is on at once for the watcher on the other instance.
    await w1.hub.next('FlyerStarted', (p) => p.id === flyers[0].id, 2000);
    expect(Date.now() - base).toBeLessThan(800);
    expect(Date.now()).toBeLessThan(base + 1500);
    await expectSequences([w1, w2], 'SXSX');
    expect(Date.now()).toBeGreaterThanOrEqual(base + 3000);

    const rows = await transitions(b, [now.id, scheduled.id]);
    expect(rows.map((r) => [r.timelineId, r.kind, r.done])).toEqual([
      [now.id, 'start', true],
      [now.id, 'stop', true],
      [scheduled.id, 'start', true],
      [scheduled.id, 'stop', true],
    ]);
    for (const row of rows) expect([a.instanceId, b.instanceId]).toContain(row.claimedBy);
    await w2.hub.connection.stop();
  });

  it('a restart of A while B runs neither loses nor repeats a transition', async () => {
    const base = Date.now();
    const timeline = await launch(a, { startDate: at(base + 3500), endDate: at(base + 5000) });
    await a.close();
    expect(Date.now(), 'A closed before the start').toBeLessThan(base + 3500);
    const a2 = await started('A2');
    const w3 = await watcher(a2, viewer2);
    await w3.hub.next('EventWatcherUpdated');
    expect(Date.now(), 'A2 up and watched before the start').toBeLessThan(base + 3300);

    await expectSequences([w3], 'SX');
    // W1 on B saw the first phase too: one more start and stop, no repeat.
    await expectSequences([w1], 'SXSXSX');
    const rows = await transitions(b, [timeline.id]);
    expect(rows.map((r) => [r.kind, r.done])).toEqual([
      ['start', true],
      ['stop', true],
    ]);
    for (const row of rows) expect([a2.instanceId, b.instanceId]).toContain(row.claimedBy);
    await Promise.all([w1.hub.connection.stop(), w3.hub.connection.stop()]);
  });

  it('with every instance down at the start, a fresh one fires the overdue start exactly once', async () => {
    const base = Date.now();
    const timeline = await launch(b, { startDate: at(base + 1500), endDate: at(base + 4500) });
    await Promise.all(instances.filter((i) => !i.closed).map((i) => i.close()));
    expect(Date.now(), 'every instance closed before the start').toBeLessThan(base + 1500);
    await sleep(base + 1800 - Date.now());

    const c = await started('C');
    // The overdue start went in C's first round, before it reported ready.
    const [start] = await transitions(c, [timeline.id]);
    expect(start).toEqual({ timelineId: timeline.id, kind: 'start', done: true, claimedBy: c.instanceId });
    const active = await queryRows<{ state: string }>(c.app.ctx.db, sql`select state from timelines where id = ${timeline.id}`);
    expect(active).toEqual([{ state: 'Active' }]);

    // Joining now, the watcher learns of the active flyers from the join's replay (the broadcast went to nobody).
    const w4 = await watcher(c, viewer1);
    await until(() => new Set(w4.hub.received.FlyerStarted.map((p) => (p as { id: string }).id)).size === flyers.length, 'both flyers on');
    expect(Date.now(), 'the watcher joined before the end').toBeLessThan(base + 4500);
    expect(new Set(w4.hub.received.FlyerStarted.map((p) => (p as { id: string }).id))).toEqual(new Set(flyers.map((f) => f.id)));
    await expectSequences([w4], 'SX');

    const rows = await transitions(c, [timeline.id]);
    expect(rows.map((r) => [r.kind, r.done, r.claimedBy])).toEqual([
      ['start', true, c.instanceId],
      ['stop', true, c.instanceId],
    ]);
    // Every transition of this run's four timelines done, each once; no flyer left on.
    const all = await transitions(c, timelineIds);
    expect(all).toHaveLength(2 * timelineIds.length);
    expect(all.every((r) => r.done)).toBe(true);
    const states = await queryRows<{ state: string; n: number }>(c.app.ctx.db, sql`
      select state, count(*)::int as n from timelines where event_id = ${event.id} group by state`);
    expect(states).toEqual([{ state: 'Done', n: 4 }]);
    const on = await queryRows<{ n: number }>(c.app.ctx.db, sql`select count(*)::int as n from flyers where event_id = ${event.id} and is_activated`);
    expect(on[0].n).toBe(0);
  });
});
