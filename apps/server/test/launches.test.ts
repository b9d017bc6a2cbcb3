import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  EventSchema,
  FlyerSchema,
  ProblemSchema,
  TimelineListSchema,
  TimelineSchema,
  type Flyer,
  type HubEvent,
  type Timeline,
  eventsApi,
  flyersApi,
  launchesApi,
  pathOf,
} from '@hubbub/contract';
import { openDatabase, queryRows, type Db } from '../src/db/client.js';
import { launchLoop } from '../src/modules/launches/service.js';
import { createLocalBackplane, type Backplane } from '../src/modules/hub/index.js';
import { OTHER_TENANT, build, type BuildTestOptions, type TestApp } from './support/build.js';
import { call, signUp, type TestUser, usePlan } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

const UNKNOWN_ID = '7d3f5c1e-0000-4000-8000-0000000000f1';
const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CONTENT = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });
const databaseUrl = inject('databaseUrl');

function expectProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return ProblemSchema.parse(res.json());
}

const setPlan = (app: TestApp, user: TestUser, plan: string) => usePlan(app, user, plan);

async function createEvent(t: TestApp, user: TestUser, over: Record<string, unknown> = {}, tenant?: string): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    tenant,
    body: { name: `Launch Night ${randomUUID().slice(0, 8)}`, startDate: at(T0), endDate: at(T0 + HOUR), area: { latitude: 40, longitude: -100 }, ...over },
  });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.parse(res.json());
}

async function createFlyer(t: TestApp, user: TestUser, eventId: string, tenant?: string): Promise<Flyer> {
  const res = await call(t.app, 'POST', flyersApi.create.path, { jwt: user.jwt, tenant, body: { eventId, name: `Flyer ${randomUUID().slice(0, 6)}`, contentJson: CONTENT } });
  expect(res.statusCode, res.body).toBe(200);
  return FlyerSchema.parse(res.json());
}

async function launch(t: TestApp, user: TestUser, body: Record<string, unknown>, tenant?: string): Promise<Timeline> {
  const res = await call(t.app, 'POST', launchesApi.create.path, { jwt: user.jwt, tenant, body });
  expect(res.statusCode, res.body).toBe(200);
  return TimelineSchema.strict().parse(res.json());
}

async function getEvent(t: TestApp, id: string, user?: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'GET', pathOf(eventsApi.get, { id }), { jwt: user?.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.parse(res.json());
}

const timelineRows = (db: Db, eventId: string) => queryRows<{ n: number }>(db, sql`select count(*)::int as n from timelines where event_id = ${eventId}`).then((r) => r[0].n);

describe('launch endpoints', () => {
  let t: TestApp;
  let host: TestUser;
  let stranger: TestUser;
  let event: HubEvent;
  let flyer: Flyer;
  let otherEvent: HubEvent;
  let otherFlyer: Flyer;
  beforeAll(async () => {
    t = await build();
    [host, stranger] = await Promise.all([signUp(t), signUp(t)]);
    await setPlan(t, host, 'Basic');
    event = await createEvent(t, host);
    flyer = await createFlyer(t, host, event.id);
    otherEvent = await createEvent(t, host);
    otherFlyer = await createFlyer(t, host, otherEvent.id);
  });
  afterAll(() => t.close());

  const future = () => ({ startDate: at(Date.now() + HOUR), endDate: at(Date.now() + 2 * HOUR) });

  it('launches flyers of the event and shows the timeline on the event and in its list', async () => {
    const before = Date.now();
    const timeline = await launch(t, host, { eventId: event.id, flyerIds: [flyer.id, flyer.id.toUpperCase()], ...future() });
    expect(timeline).toMatchObject({ eventId: event.id, flyerIds: [flyer.id], state: 'Scheduled' });
    expect(Date.parse(timeline.launchDate)).toBeGreaterThanOrEqual(before - 1000);
    const given = await launch(t, host, { eventId: event.id, flyerIds: [flyer.id], launchDate: '2026-01-02T03:04:05Z', ...future() });
    expect(given.launchDate).toBe('2026-01-02T03:04:05.000Z');

    const list = await call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: event.id }));
    expect(list.statusCode).toBe(200);
    expect(TimelineListSchema.parse(list.json()).map((x) => x.id).sort()).toEqual([timeline.id, given.id].sort());
    const shown = await getEvent(t, event.id);
    expect((shown.timelines as Timeline[]).map((x) => x.id).sort()).toEqual([timeline.id, given.id].sort());
  });

  it('refuses bad launches and stores nothing', async () => {
    const eventId = otherEvent.id;
    const good = { eventId, flyerIds: [otherFlyer.id], ...future() };
    const cases: [Record<string, unknown>, number, TestUser | null][] = [
      [good, 401, null],
      [good, 403, stranger],
      [{ ...good, flyerIds: [flyer.id] }, 400, host],
      [{ ...good, flyerIds: [otherFlyer.id, UNKNOWN_ID] }, 400, host],
      [{ ...good, endDate: good.startDate }, 400, host],
      [{ ...good, startDate: at(Date.now() - 2 * HOUR), endDate: at(Date.now() - HOUR) }, 400, host],
      [{ ...good, startDate: '2026-02-30T10:00:00Z' }, 400, host],
      [{ ...good, startDate: 'tomorrow' }, 400, host],
      [{ ...good, flyerIds: [] }, 400, host],
      [{ ...good, flyerIds: Array.from({ length: 51 }, () => randomUUID()) }, 400, host],
      [{ ...good, flyerIds: ['not-an-id'] }, 400, host],
      [{ ...good, eventId: 'not-an-id' }, 400, host],
      [{ ...good, eventId: UNKNOWN_ID }, 404, host],
      [{ eventId }, 400, host],
    ];
    for (const [body, status, user] of cases) {
      const res = await call(t.app, 'POST', launchesApi.create.path, { jwt: user?.jwt, body });
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)} → ${res.body}`).toBe(status);
      ProblemSchema.parse(res.json());
    }
    expect(await timelineRows(t.app.ctx.db, eventId)).toBe(0);
  });

  it('keeps tenants apart', async () => {
    const foreignHost = await signUp(t, { tenant: OTHER_TENANT });
    const foreign = await createEvent(t, foreignHost, {}, OTHER_TENANT);
    const foreignFlyer = await createFlyer(t, foreignHost, foreign.id, OTHER_TENANT);
    const body = { eventId: foreign.id, flyerIds: [foreignFlyer.id], ...future() };
    // The same user's token does not reach across tenants; the event is unknown here.
    expectProblem(await call(t.app, 'POST', launchesApi.create.path, { jwt: host.jwt, body }), 404);
    expectProblem(await call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: foreign.id })), 404);
    const timeline = await launch(t, foreignHost, body, OTHER_TENANT);
    expectProblem(await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: timeline.id }), { jwt: host.jwt }), 404);
    expect(TimelineListSchema.parse((await call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: foreign.id }), { tenant: OTHER_TENANT })).json())).toHaveLength(1);
  });

  it('lists timelines only to those who may see the event', async () => {
    const draft = await createEvent(t, host, { publishOnDate: at(T0 - HOUR) });
    expectProblem(await call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: draft.id }), { jwt: stranger.jwt }), 404);
    expect((await call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: draft.id }), { jwt: host.jwt })).json()).toEqual([]);
    expectProblem(await call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: UNKNOWN_ID })), 404);
    expectProblem(await call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId: 'nope' })), 400);
  });

  it('cancels a scheduled launch for the owner only, once', async () => {
    const timeline = await launch(t, host, { eventId: event.id, flyerIds: [flyer.id], ...future() });
    expectProblem(await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: timeline.id })), 401);
    expectProblem(await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: timeline.id }), { jwt: stranger.jwt }), 403);
    expectProblem(await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: UNKNOWN_ID }), { jwt: host.jwt }), 404);
    expectProblem(await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: 'nope' }), { jwt: host.jwt }), 400);
    const res = await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: timeline.id }), { jwt: host.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(TimelineSchema.parse(res.json())).toMatchObject({ id: timeline.id, state: 'Canceled' });
    expectProblem(await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: timeline.id }), { jwt: host.jwt }), 409);
    const open = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from launch_transitions where timeline_id = ${timeline.id} and done_at is null`);
    expect(open[0].n).toBe(0);
  });
});

// ---- The scheduler, watched through the hub with the official client ----

/**
 * A database only this file's apps use: on PostgreSQL a scratch database (apps of other
 * test files share the injected one and would apply our transitions on their own hub);
 * on PGlite an on-disk directory so a second app can reopen it.
 */
const privateDatabase = () => createScratchDatabase('launch', { server: databaseUrl });

/** One bus for several in-process instances; each app's close must not end it for the others. */
function sharedBus(): Backplane {
  const bus = createLocalBackplane();
  return { publish: bus.publish, subscribe: bus.subscribe, close: async () => {} };
}

const buildListening = (db: ScratchDatabase, opts: { bus?: Backplane; launches?: BuildTestOptions['launches'] } = {}) =>
  build({ database: db, listen: true, hub: opts.bus ? { backplane: opts.bus } : undefined, launches: { pollMs: 50, ...opts.launches } });

async function watch(app: { port: number }, user: TestUser, eventId: string): Promise<TestHub> {
  const hub = createHub({ port: app.port, jwt: user.jwt });
  await hub.connection.start();
  expect(await hub.connection.invoke('JoinEventSession', eventId)).toBe(true);
  return hub;
}

const count = (hub: TestHub, name: 'FlyerStarted' | 'FlyerUpdated' | 'FlyerStopped', flyerId: string) =>
  (hub.received[name] as { id: string }[]).filter((p) => p.id === flyerId).length;

async function stage(t: TestApp) {
  const [host, watcher] = await Promise.all([signUp(t), signUp(t)]);
  await setPlan(t, host, 'Basic');
  const event = await createEvent(t, host);
  const flyer = await createFlyer(t, host, event.id);
  return { host, watcher, event, flyer };
}

describe('the launch scheduler', () => {
  let db: ScratchDatabase;
  let t: TestApp & { port: number };
  const hubs: TestHub[] = [];
  beforeAll(async () => {
    db = await privateDatabase();
    t = await buildListening(db);
  });
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.connection.stop()));
    await t.close();
    await db.drop();
  });

  it('starts the flyers at the start, sends edits while active, and stops them at the end', async () => {
    const { host, watcher, event, flyer } = await stage(t);
    const hub = await watch(t, watcher, event.id);
    hubs.push(hub);
    const start = Date.now() + 1000;
    const timeline = await launch(t, host, { eventId: event.id, flyerIds: [flyer.id], startDate: at(start), endDate: at(start + 1500) });
    expect((await getEvent(t, event.id)).flyers[0].isActivated).toBe(false);

    const started = await hub.next('FlyerStarted', (p) => p.id === flyer.id);
    expect(Date.now()).toBeGreaterThanOrEqual(start - 50);
    expect(started).toMatchObject({ id: flyer.id, eventId: event.id, name: flyer.name, isActivated: true });
    const live = await getEvent(t, event.id);
    expect(live.flyers[0].isActivated).toBe(true);
    expect((live.timelines as Timeline[]).find((x) => x.id === timeline.id)?.state).toBe('Active');

    const edit = await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: { id: flyer.id, name: 'Now showing', contentJson: CONTENT } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await hub.next('FlyerUpdated', (p) => p.id === flyer.id)).toMatchObject({ name: 'Now showing', isActivated: true });

    expect(await hub.next('FlyerStopped', (p) => p.id === flyer.id, 5000)).toMatchObject({ id: flyer.id, isActivated: false });
    const after = await getEvent(t, event.id);
    expect(after.flyers[0].isActivated).toBe(false);
    expect((after.timelines as Timeline[])[0].state).toBe('Done');
    await sleep(300);
    expect([count(hub, 'FlyerStarted', flyer.id), count(hub, 'FlyerUpdated', flyer.id), count(hub, 'FlyerStopped', flyer.id)]).toEqual([1, 1, 1]);

    // An edit of a flyer that is not showing reaches nobody.
    await call(t.app, 'POST', flyersApi.update.path, { jwt: host.jwt, body: { id: flyer.id, name: 'Off air', contentJson: CONTENT } });
    await sleep(200);
    expect(count(hub, 'FlyerUpdated', flyer.id)).toBe(1);
  });

  it('launches now, and a cancel stops the active flyers at once', async () => {
    const { host, watcher, event, flyer } = await stage(t);
    const hub = await watch(t, watcher, event.id);
    hubs.push(hub);
    const sent = Date.now();
    const timeline = await launch(t, host, { eventId: event.id, flyerIds: [flyer.id], startDate: at(sent), endDate: at(sent + HOUR) });
    await hub.next('FlyerStarted', (p) => p.id === flyer.id, 2000);
    // Woken by the launch, not a poll later.
    expect(Date.now() - sent).toBeLessThan(1000);
    const res = await call(t.app, 'DELETE', pathOf(launchesApi.cancel, { id: timeline.id }), { jwt: host.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(await hub.next('FlyerStopped', (p) => p.id === flyer.id, 2000)).toMatchObject({ isActivated: false });
    expect((await getEvent(t, event.id)).flyers[0].isActivated).toBe(false);
  });

  it('keeps a flyer on while another active launch still shows it', async () => {
    const { host, watcher, event, flyer } = await stage(t);
    const hub = await watch(t, watcher, event.id);
    hubs.push(hub);
    const now = Date.now();
    await launch(t, host, { eventId: event.id, flyerIds: [flyer.id], startDate: at(now), endDate: at(now + HOUR) });
    await launch(t, host, { eventId: event.id, flyerIds: [flyer.id], startDate: at(now), endDate: at(now + 800) });
    await hub.next('FlyerStarted', (p) => p.id === flyer.id);
    await sleep(1500);
    expect(count(hub, 'FlyerStopped', flyer.id)).toBe(0);
    expect((await getEvent(t, event.id)).flyers[0].isActivated).toBe(true);
  });

  it('retries a transition claimed by an instance that crashed, once its claim runs out', async () => {
    const { host, watcher, event, flyer } = await stage(t);
    const hub = await watch(t, watcher, event.id);
    hubs.push(hub);
    const start = Date.now() + 600;
    const timeline = await launch(t, host, { eventId: event.id, flyerIds: [flyer.id], startDate: at(start), endDate: at(start + HOUR) });
    await t.app.ctx.db.execute(sql`
      update launch_transitions set claimed_by = 'crashed', claimed_until = now() + interval '2 seconds'
      where timeline_id = ${timeline.id} and kind = 'start'`);
    await sleep(1200);
    expect(count(hub, 'FlyerStarted', flyer.id)).toBe(0);
    await hub.next('FlyerStarted', (p) => p.id === flyer.id, 4000);
    const [row] = await queryRows<{ claimedBy: string }>(t.app.ctx.db, sql`
      select claimed_by as "claimedBy" from launch_transitions where timeline_id = ${timeline.id} and kind = 'start' and done_at is not null`);
    expect(row.claimedBy).not.toBe('crashed');
  });
});

describe('durability', () => {
  it('a restart neither loses nor repeats a transition; overdue ones fire once at start', async () => {
    const db = await privateDatabase();
    let first: (TestApp & { port: number }) | undefined = await buildListening(db);
    let second: (TestApp & { port: number }) | undefined;
    let hub: TestHub | undefined;
    try {
      const a = await stage(first);
      const b = await stage(first);
      const now = Date.now();
      // a: due after the restart; b: falls due while no instance runs.
      await launch(first, a.host, { eventId: a.event.id, flyerIds: [a.flyer.id], startDate: at(now + 6000), endDate: at(now + 7000) });
      const overdue = await launch(first, b.host, { eventId: b.event.id, flyerIds: [b.flyer.id], startDate: at(now + 300), endDate: at(now + HOUR) });
      await first.close();
      first = undefined;
      await sleep(600);

      second = await buildListening(db);
      // The reopened app must be up before a's start, or the watcher would join too late.
      expect(Date.now()).toBeLessThan(now + 6000);
      const ctx = second.app.ctx;
      const state = await queryRows<{ state: string; isActivated: boolean }>(ctx.db, sql`
        select t.state, f.is_activated as "isActivated" from timelines t join flyers f on f.id = any(t.flyer_ids) where t.id = ${overdue.id}`);
      expect(state).toEqual([{ state: 'Active', isActivated: true }]);

      hub = await watch(second, a.watcher, a.event.id);
      await hub.next('FlyerStarted', (p) => p.id === a.flyer.id, 8000);
      await hub.next('FlyerStopped', (p) => p.id === a.flyer.id, 5000);
      await sleep(300);
      expect([count(hub, 'FlyerStarted', a.flyer.id), count(hub, 'FlyerStopped', a.flyer.id)]).toEqual([1, 1]);
      const transitions = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from launch_transitions where done_at is null and event_id in (${a.event.id}, ${b.event.id})`);
      expect(transitions[0].n).toBe(1); // b's stop, an hour away
    } finally {
      await hub?.connection.stop();
      await first?.close();
      await second?.close();
      await db.drop();
    }
  });

  it('recomputes the active flyers from the timelines at start', async () => {
    const db = await privateDatabase();
    let first: (TestApp & { port: number }) | undefined = await buildListening(db);
    let second: (TestApp & { port: number }) | undefined;
    try {
      const a = await stage(first);
      // A flag left on by a crash, with no timeline showing the flyer.
      await first.app.ctx.db.execute(sql`update flyers set is_activated = true where id = ${a.flyer.id}`);
      await first.close();
      first = undefined;
      second = await buildListening(db);
      expect((await getEvent(second, a.event.id)).flyers[0].isActivated).toBe(false);
    } finally {
      await first?.close();
      await second?.close();
      await db.drop();
    }
  });

  it.skipIf(!databaseUrl)('two instances on one PostgreSQL database apply each transition once (skipped on PGlite: one in-process database cannot be shared)', async () => {
    const db = await privateDatabase();
    const bus = sharedBus();
    const one = await buildListening(db, { bus, launches: { pollMs: 20 } });
    const two = await buildListening(db, { bus, launches: { pollMs: 20 } });
    const hubs: TestHub[] = [];
    try {
      const { host, watcher, event, flyer } = await stage(one);
      const flyers = [flyer, await createFlyer(one, host, event.id), await createFlyer(one, host, event.id)];
      hubs.push(await watch(one, watcher, event.id), await watch(two, watcher, event.id));
      const start = Date.now() + 1000;
      for (const [i, f] of flyers.entries()) {
        await launch(i % 2 ? two : one, host, { eventId: event.id, flyerIds: [f.id], startDate: at(start), endDate: at(start + 1000) });
      }
      for (const hub of hubs) for (const f of flyers) await hub.next('FlyerStopped', (p) => p.id === f.id, 6000);
      await sleep(500);
      for (const hub of hubs) {
        for (const f of flyers) expect([count(hub, 'FlyerStarted', f.id), count(hub, 'FlyerStopped', f.id)]).toEqual([1, 1]);
      }
      const rows = await queryRows<{ n: number }>(one.app.ctx.db, sql`
        select count(*)::int as n from launch_transitions where event_id = ${event.id} and done_at is not null`);
      expect(rows[0].n).toBe(6);
    } finally {
      await Promise.all(hubs.map((h) => h.connection.stop()));
      await one.close();
      await two.close();
      await db.drop();
    }
  });
});

// ---- Looping launches: the demo's always-live buzz ----

describe('a looping launch', () => {
  const loopRows = (ctx: TestApp['app']['ctx'], eventId: string) =>
    queryRows<{ timelines: number; transitions: number }>(ctx.db, sql`
      select (select count(*)::int from timelines where event_id = ${eventId}) as timelines,
             (select count(*)::int from launch_transitions where event_id = ${eventId}) as transitions`).then((r) => r[0]);

  it('comes back every round, announces itself, and reuses its rows', async () => {
    const db = await privateDatabase();
    const t = await buildListening(db, { launches: { vacuumEveryRounds: 2 } });
    let hub: TestHub | undefined;
    try {
      const { host, watcher, event, flyer } = await stage(t);
      hub = await watch(t, watcher, event.id);
      const start = Date.now() + 300;
      const timeline = await launchLoop({
        ctx: t.app.ctx,
        tenantId: t.app.ctx.tenants.get('hubbub')!,
        eventId: event.id,
        userId: host.id,
        startDate: new Date(start),
        endDate: new Date(start + 700),
        repeatEverySeconds: 2,
        flyerIds: [flyer.id],
        announcement: 'Doors are open!',
      });
      expect(timeline.repeatEverySeconds).toBe(2);
      const notice = await hub.next('EventNotification', (p) => p.eventId === event.id, 3000);
      expect(notice).toMatchObject({ message: 'Doors are open!', level: 'info' });
      for (let round = 0; round < 3; round++) {
        await hub.next('FlyerStarted', () => count(hub!, 'FlyerStarted', flyer.id) > round, 4000);
        await hub.next('FlyerStopped', () => count(hub!, 'FlyerStopped', flyer.id) > round, 4000);
      }
      const [now] = await queryRows<{ state: string; startDate: string }>(t.app.ctx.db, sql`
        select state, start_date::text as "startDate" from timelines where id = ${timeline.id}`);
      expect(now.state).toBe('Scheduled');
      // Whole periods later, in the future: the next round.
      const shift = Date.parse(now.startDate) - start;
      expect(shift % 2000).toBe(0);
      expect(Date.parse(now.startDate)).toBeGreaterThan(Date.now() - 100);
      expect(await loopRows(t.app.ctx, event.id)).toEqual({ timelines: 1, transitions: 2 });
      // The embedded database has no autovacuum: the scheduler vacuums the rows it keeps rewriting.
      const [stats] = await queryRows<{ vacuumed: boolean }>(t.app.ctx.db, sql`
        select (last_vacuum is not null) as vacuumed from pg_stat_user_tables where relname = 'launch_transitions'`);
      expect(stats.vacuumed).toBe(true);
    } finally {
      await hub?.connection.stop();
      await t.close();
      await db.drop();
    }
  }, 60_000);

  it('refuses a round longer than its period', async () => {
    const t = await build();
    try {
      const { host, event, flyer } = await stage(t);
      const base = { ctx: t.app.ctx, tenantId: t.app.ctx.tenants.get('hubbub')!, eventId: event.id, userId: host.id, flyerIds: [flyer.id], announcement: null };
      await expect(launchLoop({ ...base, startDate: new Date(Date.now()), endDate: new Date(Date.now() + 5000), repeatEverySeconds: 5 })).rejects.toThrow(/before its next round/);
      expect(await timelineRows(t.app.ctx.db, event.id)).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('after a long stop, skips the missed rounds and keeps its event on the calendar', async () => {
    const db = await privateDatabase();
    let first: (TestApp & { port: number }) | undefined = await buildListening(db);
    let second: (TestApp & { port: number }) | undefined;
    try {
      const { host, event, flyer } = await stage(first);
      const start = Date.now() + 60_000;
      const timeline = await launchLoop({
        ctx: first.app.ctx,
        tenantId: first.app.ctx.tenants.get('hubbub')!,
        eventId: event.id,
        userId: host.id,
        startDate: new Date(start),
        endDate: new Date(start + 20_000),
        repeatEverySeconds: 60,
        flyerIds: [flyer.id],
        announcement: null,
      });
      await first.close();
      first = undefined;
      // As if the server had been off for a day: the round and the event are long past. Placed so
      // the next round on the loop's beat starts 30 s after now, not in progress: a round in progress
      // starts on the scheduler's next poll, which a loaded machine reached before the reads below.
      const dayAgo = Date.now() - 86_400_000 + 30_000;
      const raw = await openDatabase({ databaseUrl: db.databaseUrl, pgliteDir: db.pgliteDir });
      try {
        await raw.db.execute(sql`update timelines set start_date = ${at(dayAgo)}, end_date = ${at(dayAgo + 20_000)} where id = ${timeline.id}`);
        await raw.db.execute(sql`update launch_transitions set due_at = case kind when 'start' then ${at(dayAgo)}::timestamptz else ${at(dayAgo + 20_000)}::timestamptz end where timeline_id = ${timeline.id}`);
        await raw.db.execute(sql`update events set starts_at = ${at(dayAgo - HOUR)}, ends_at = ${at(dayAgo + HOUR)} where id = ${event.id}`);
      } finally {
        await raw.close();
      }

      second = await buildListening(db);
      const ctx = second.app.ctx;
      const [row] = await queryRows<{ state: string; startDate: string; endDate: string; active: boolean }>(ctx.db, sql`
        select t.state, t.start_date::text as "startDate", t.end_date::text as "endDate", f.is_activated as active
        from timelines t join flyers f on f.id = any(t.flyer_ids) where t.id = ${timeline.id}`);
      // One start and one stop fired at start-up, not a day's worth; the next round is within a period.
      expect(row.state).toBe('Scheduled');
      expect(row.active).toBe(false);
      expect(Date.parse(row.endDate)).toBeGreaterThan(Date.now() - 1000);
      expect(Date.parse(row.startDate)).toBeLessThan(Date.now() + 60_000);
      expect(await loopRows(ctx, event.id)).toEqual({ timelines: 1, transitions: 2 });
      const shown = await getEvent(second, event.id);
      expect(Date.parse(shown.startDate)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(shown.endDate)).toBeGreaterThan(Date.parse(row.endDate));
    } finally {
      await first?.close();
      await second?.close();
      await db.drop();
    }
  }, 60_000);
});
