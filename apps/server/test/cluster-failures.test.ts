import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNginx, startCluster, type Cluster } from '../../../scripts/cluster/cluster.js';
import { auditLaunch, buzzEvent, launchFlyer, Traffic, Watcher, type Account, type CallRecord, type Launch } from './support/cluster-traffic.js';
import { ownPostgres, ownRedis, type OwnPostgres, type OwnRedis } from './support/own-services.js';
import { freePorts, verifiedAccount } from './support/server-process.js';

// Issue 31: three instances behind nginx (deploy/hubbub.nginx.conf, as npm run cluster runs it) on
// a PostgreSQL and a Redis of this file's own, with traffic from the soak's mix and hub watchers
// running throughout: a rolling restart, a kill -9, a Redis restart and a PostgreSQL restart.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const WATCHERS = 12;
/** How long after a launch's window the scheduler and the backplane have to deliver (a loaded 2-core machine). */
const GRACE_MS = 4000;
const METRICS_TOKEN = 'failures-test-metrics-token';
const summary = (records: CallRecord[]) => records.slice(0, 8).map((r) => `${r.op} ${r.method} ${r.status} at +${r.start % 100_000} ms: ${r.detail ?? ''}`);

// Its own project (api-cluster, in vitest.config.ts) runs it when TEST_DATABASE_URL says this machine has PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)('three instances behind nginx, through restarts and failures (PostgreSQL and Redis)', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let cluster: Cluster;
  let dataDir: string;
  let base: string;
  let balancerPort: number;
  let host: Account;
  let buzz: { eventId: string; flyerIds: string[] };
  let traffic: Traffic;
  let db: pg.Pool;
  const watchers: Watcher[] = [];
  let turn = 0;
  const nextFlyer = () => buzz.flyerIds[turn++ % buzz.flyerIds.length];

  /** Launches a flyer every `everyMs` (each `seconds` on stage) while `work` runs; answers them all. */
  async function launchingWhile(work: () => Promise<void>, everyMs = 3000, seconds = 4): Promise<Launch[]> {
    const launches: Launch[] = [];
    let done = false;
    const loop = (async () => {
      while (!done) {
        launches.push(await launchFlyer(base, host, buzz.eventId, nextFlyer(), 500, seconds));
        await sleep(everyMs);
      }
    })();
    try {
      await work();
    } finally {
      done = true;
      await loop;
    }
    return launches;
  }

  async function audited(launches: Launch[]): Promise<string[]> {
    const last = Math.max(...launches.map((l) => l.end));
    await sleep(Math.max(0, last + GRACE_MS - Date.now()));
    return launches.flatMap((launch) => auditLaunch(watchers, launch, GRACE_MS));
  }

  /** One gauge of each instance's own /metrics; `fallback` when it is not there or the instance does not answer. */
  const gaugeOnEach = (name: string, fallback: number) =>
    Promise.all(
      cluster.instances.map(async (i) => {
        const text = await fetch(`${i.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5000) }).then((r) => r.text(), () => '');
        return Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? fallback);
      }),
    );
  /** Open hub connections on each instance. */
  const hubConnections = () => gaugeOnEach('hubbub_hub_connections', 0);
  /** Each instance's backplane lag (seconds); NaN when it does not answer. */
  const backplaneLag = () => gaugeOnEach('hubbub_hub_backplane_lag_seconds', NaN);
  const allWatching = () => watchers.every((w) => w.watching && !w.closed);
  // /readyz bounds each check at 2 s: 5 s leaves room for a loaded machine's event loop.
  const readiness = () => Promise.all(cluster.instances.map((i) => fetch(`${i.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0)));

  beforeAll(async () => {
    postgres = await ownPostgres();
    redis = await ownRedis();
    db = new pg.Pool({ connectionString: postgres.url, max: 2 });
    db.on('error', () => {});
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-failures-'));
    const ports = await freePorts(4);
    balancerPort = ports[0];
    cluster = await startCluster({
      nginx: ensureNginx(),
      balancerPort,
      instancePorts: ports.slice(1),
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      dataDir,
      env: { LOG_LEVEL: 'error', MAP_STYLE_URL: 'offline', RATE_LIMIT_SCALE: '1000', METRICS_TOKEN },
      instanceLog: path.join(dataDir, 'instances.log'),
    });
    base = cluster.url;
    host = await verifiedAccount(balancerPort, dataDir, 'failures-host');
    const signIn = await verifiedAccount(balancerPort, dataDir, 'failures-sign-in');
    const viewer = await verifiedAccount(balancerPort, dataDir, 'failures-watcher');
    buzz = await buzzEvent(base, host, 4);
    for (let i = 0; i < WATCHERS; i++) watchers.push(new Watcher(balancerPort, viewer.jwt, buzz.eventId));
    await Promise.all(watchers.map((w) => w.start()));
    traffic = new Traffic({ base, host, signIn, eventIds: [buzz.eventId], concurrency: 4 });
    traffic.start();
    // Warm: every op has answered through the balancer before the first failure.
    await sleep(2000);
    expect(summary(traffic.failures())).toEqual([]);
  }, 240_000);

  afterAll(async () => {
    await traffic?.stop();
    // What the instances logged at error level, for a failure's reader.
    if (process.env.SERVER_LOG && dataDir) process.stderr.write(await fs.readFile(path.join(dataDir, 'instances.log'), 'utf8').catch(() => ''));
    await Promise.all(watchers.map((w) => w.stop().catch(() => {})));
    await cluster?.stop();
    await db?.end();
    await redis?.kill();
    postgres?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('restarts every instance in turn without a failed request, and every watcher sees every launch once', async () => {
    const from = Date.now();
    const launches = await launchingWhile(() => cluster.rollingRestart());
    const problems = await audited(launches);
    expect(summary(traffic.failures(from))).toEqual([]);
    expect(traffic.between(from, Date.now()).length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // Each watcher's instance went away once: it reconnected by itself and is watching again.
    expect(watchers.every((w) => w.gaps.length >= 1)).toBe(true);
    expect(allWatching()).toBe(true);
  }, 180_000);

  it('fails over a killed instance: only calls in flight on it fail, its watchers reconnect, and its claimed launch is taken over after the lease', async () => {
    // The instance holding the most watchers dies.
    const held = await hubConnections();
    const victim = cluster.instances[held.indexOf(Math.max(...held))];
    expect(Math.max(...held)).toBeGreaterThan(0);
    // The start of this launch was claimed by the instance that dies (as if a moment before its
    // death) with 3 s of its lease left: another instance must apply it once that has run out.
    const taken = await launchFlyer(base, host, buzz.eventId, nextFlyer(), 1000, 6);
    const { rowCount } = await db.query(
      `update launch_transitions set claimed_by = 'the killed instance', claimed_until = due_at + interval '3 seconds'
       where timeline_id = $1 and kind = 'start' and done_at is null`,
      [taken.id],
    );
    expect(rowCount).toBe(1);
    const gapsBefore = watchers.map((w) => w.gaps.length);
    await sleep(500);
    const killAt = Date.now();
    await victim.kill();
    const goneAt = Date.now();
    try {
      const launches = await launchingWhile(() => sleep(8000));
      const problems = await audited([...launches, { ...taken, start: taken.start + 2500 }]);
      const failed = traffic.failures(killAt - 20_000);
      // What nginx cannot retry: a call that was being answered by the instance when it died (a POST
      // that reached it). Everything else went to another instance.
      expect(summary(failed.filter((r) => !(r.start <= goneAt && r.end >= killAt && r.method === 'POST' && r.status === 502 && /"code":"not_ready"/.test(r.detail ?? ''))))).toEqual([]);
      expect(failed.length).toBeLessThanOrEqual(4);
      expect(problems).toEqual([]);
      // Nobody saw it start before the lease ran out.
      const earliest = Math.min(...watchers.map((w) => w.receipts.find((r) => r.name === 'FlyerStarted' && r.flyerId === taken.flyerId && r.at >= taken.start - 500)?.at ?? Infinity));
      expect(earliest).toBeGreaterThanOrEqual(taken.start + 2500);
      // The victim's watchers lost it and came back elsewhere.
      expect(watchers.filter((w, i) => w.gaps.length > gapsBefore[i]).length).toBe(Math.max(...held));
      expect(allWatching()).toBe(true);
    } finally {
      await victim.start();
    }
  }, 120_000);

  it('recovers by itself from a Redis restart within 10 s: the backplane delivers to every instance, and sign-ins are counted again', async () => {
    const downAt = Date.now();
    await redis.kill();
    await sleep(2000);
    // The metrics say the backplane is behind: its probes have gone unanswered for about as long as Redis has been away.
    for (const lag of await backplaneLag()) expect(lag).toBeGreaterThanOrEqual(0.5);
    await redis.start();
    const upAt = Date.now();
    // Within 10 s of Redis coming back, a launch reaches every watcher on every instance.
    await expect.poll(async () => (await readiness()).every((s) => s === 200), { timeout: 10_000, interval: 250 }).toBe(true);
    const launches = await launchingWhile(() => sleep(3000));
    expect(launches[0].start - upAt).toBeLessThan(10_000);
    expect(await audited(launches)).toEqual([]);
    // No 5xx at all: the limiter counted in memory while Redis was away, and the hub's messages waited for it.
    expect(summary(traffic.failures(downAt))).toEqual([]);
    // The limiter counts in Redis again.
    const limits = execFileSync('redis-cli', ['-u', redis.url, '--scan', '--pattern', 'hubbub:limit:*'], { encoding: 'utf8' });
    expect(limits).toMatch(/hubbub:limit:/);
    expect(allWatching()).toBe(true);
    // And caught up: the probes come back within a round trip again.
    await expect.poll(async () => (await backplaneLag()).every((lag) => lag < 1), { timeout: 10_000, interval: 500 }).toBe(true);
  }, 90_000);

  it('reports not ready while PostgreSQL restarts, answers 503 without hanging, and recovers without a restart', async () => {
    const downAt = Date.now();
    postgres.stop();
    await expect.poll(async () => (await readiness()).every((s) => s === 503), { timeout: 10_000, interval: 200 }).toBe(true);
    await sleep(3000);
    await postgres.start();
    const upAt = Date.now();
    await expect.poll(async () => (await readiness()).every((s) => s === 200), { timeout: 15_000, interval: 250 }).toBe(true);
    const readyAt = Date.now();
    await sleep(2000);
    const during = traffic.between(downAt, Date.now());
    // No call hung past its 15 s timeout, and none was a 500: the database was away, which is a 503.
    expect(summary(during.filter((r) => r.status === -1 || r.status === 0 || r.status === 500))).toEqual([]);
    // Every call that failed was told why, as a Problem not_ready: by an instance (503, Retry-After),
    // or by nginx (502) once every instance had answered so and it left them all out for fail_timeout.
    const notReady = (r: CallRecord) => (r.status === 503 || r.status === 502) && /"code":"not_ready"/.test(r.detail ?? '');
    const statuses = JSON.stringify(during.reduce<Record<string, number>>((counts, r) => ({ ...counts, [`${r.op} ${r.status}`]: (counts[`${r.op} ${r.status}`] ?? 0) + 1 }), {}));
    expect(during.filter(notReady).length, `calls while PostgreSQL was away, by op and status: ${statuses}`).toBeGreaterThan(0);
    expect(summary(traffic.failures(downAt).filter((r) => r.start <= readyAt && !notReady(r)))).toEqual([]);
    expect(summary(traffic.failures(readyAt + 1000))).toEqual([]);
    expect(upAt - downAt).toBeLessThan(25_000);
    const launches = await launchingWhile(() => sleep(3000));
    expect(await audited(launches)).toEqual([]);
    expect(allWatching()).toBe(true);
  }, 90_000);

  it('lost nothing it answered for: every event the traffic created is there with its last name', async () => {
    await traffic.stop();
    const { rows } = await db.query<{ id: string; name: string }>('select id, name from events where id = any($1::uuid[])', [[...traffic.created.keys()]]);
    expect(traffic.created.size).toBeGreaterThan(10);
    expect(rows.map((r) => r.id).sort()).toEqual([...traffic.created.keys()].sort());
    const known = (entries: [string, string][]) => Object.fromEntries(entries.filter(([id]) => !traffic.uncertain.has(id)));
    expect(known(rows.map((r) => [r.id, r.name]))).toEqual(known([...traffic.created]));
  });
});
