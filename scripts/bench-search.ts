/**
 * npm run bench:search — loads 1,000,000 events into a scratch database (PGlite, or
 * the PostgreSQL server named by DATABASE_URL), then for each case drives event/search/ over
 * HTTP with autocannon at 16 connections and, in the same run on the same database, the very
 * statement the repository runs for it straight through the driver at the same concurrency:
 * node-postgres with a pool of 16 on PostgreSQL; on PGlite the app's own in-process instance,
 * which runs one query at a time. Prints one JSON line per case: both sides and API/SQL.
 * BENCH_SERIES=10000 makes that many of the events the dates of weekly series (issue 29: a list
 * shows a series once); compare its figures with a run without.
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { EventSearchRequestSchema, eventsApi } from '@hubbub/contract';
import { SERIES_WEEKS, cpuSeconds, insertWeeklySeries, oneOffStart, percentile, scratchDatabase } from './bench-support.js';
import { queryPrepared, queryRows, type Db } from '../apps/server/src/db/client.js';
import { searchStatementOf } from '../apps/server/src/modules/events/search-service.js';
import { TENANT, build, type ListeningTestApp } from '../apps/server/test/support/build.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
/** BENCH_SERIES=10000: that many weekly series (six months of dates each) among the EVENTS, in place of as many one-off events. */
const SERIES = Number(process.env.BENCH_SERIES ?? 0);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;

const CASES = [
  { name: 'city', box: { minLatitude: 41.1, maxLatitude: 41.4, minLongitude: -96.2, maxLongitude: -95.8 } },
  { name: 'state', box: { minLatitude: 40.0, maxLatitude: 43.0, minLongitude: -104.05, maxLongitude: -95.3 } },
  { name: 'whole-us', box: { minLatitude: 24.5, maxLatitude: 49.5, minLongitude: -125, maxLongitude: -66.9 } },
];

interface LoadResult {
  latencies: number[];
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
}

function runLoad(options: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-load.mjs', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** `run` called by `concurrency` callers in a loop for `seconds`: every call's latency in ms. */
async function runQueries(run: () => Promise<unknown>, concurrency: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await run();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
function spread(latencies: number[], seconds: number) {
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50ms: round1(percentile(latencies, 50)),
    p95ms: round1(percentile(latencies, 95)),
    p99ms: round1(percentile(latencies, 99)),
  };
}

/**
 * Runs `phase` and tells where the machine's CPU went meanwhile, in cores: this process (server,
 * load generator and driver), the PostgreSQL backends of the scratch database, and everything
 * else (other work on the machine: near 0 when it is quiet).
 */
async function withCpu<T>(db: Db, kind: string, phase: () => Promise<T>): Promise<{ result: T; cpu: Record<string, number> | null }> {
  const backends = async () =>
    kind === 'postgres' ? (await queryRows<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid) : [];
  const before = await cpuSeconds(await backends());
  const started = performance.now();
  const result = await phase();
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuSeconds(await backends());
  if (!before || !after) return { result, cpu: null };
  const used = (pid: number | 'self') => (after.processes.get(pid) ?? 0) - (before.processes.get(pid) ?? 0);
  const bench = used('self');
  const postgres = [...after.processes.keys()].filter((pid) => pid !== 'self').reduce((sum, pid) => sum + used(pid), 0);
  const other = Math.max(0, after.machine - before.machine - bench - postgres);
  const cores = (s: number) => round2(s / seconds);
  return { result, cpu: { benchProcessCores: cores(bench), postgresCores: cores(postgres), otherCores: cores(other) } };
}

async function main() {
  const scratch = await scratchDatabase('bench');
  let t: ListeningTestApp | undefined;
  let pool: pg.Pool | undefined;
  try {
    // The tests' builder: a temporary DATA_DIR, the app on the scratch database, listening on a free port.
    t = await build({ database: scratch, listen: true, env: { SEED_DEMO: 'false' }, jwtSecret: 'bench-secret-bench-secret-bench-secret-000' });
    const { app } = t;
    const tenantId = app.ctx.tenants.get(TENANT)!;
    const db = app.ctx.db;

    const loadStarted = Date.now();
    await queryRows(db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at, plan)
      values (${tenantId}, 'bench-host@hubbub.local', 'Bench Host', 'x', now(), 'Enterprise')`);
    const [host] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'bench-host@hubbub.local'`);
    // Random points over the continental US, starts spread over a year from now; with BENCH_SERIES,
    // the dates of that many weekly series take the place of as many of them.
    const seriesDates = await insertWeeklySeries(db, { tenantId, hostId: host.id, count: SERIES });
    const oneOffs = EVENTS - seriesDates;
    const start = oneOffStart({ count: oneOffs, seriesDates });
    for (let done = 0; done < oneOffs; done += 250_000) {
      const n = Math.min(250_000, oneOffs - done);
      await queryRows(db, sql`
        insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status)
        select ${tenantId}, ${host.id}, 'Bench event ' || g, s, s + interval '2 hours', 'America/Chicago', 'bench-' || g, 'Bench Hall',
               lat, lng, jsonb_build_object('name', 'Bench', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 10), 0
        from (select g, ${start} as s,
                     24.5 + random() * 25 as lat, -125 + random() * 58 as lng
              from generate_series(${done + 1}::int, ${done + n}::int) g) x`);
    }
    // One event in ten has a sponsor, one of 500 names, for the partners drawer and the partner filter.
    await queryRows(db, sql`
      insert into attractions (tenant_id, event_id, position, name, kind)
      select tenant_id, id, 0, 'Sponsor ' || (abs(hashtext(id::text)) % 500), 'sponsor' from events where tenant_id = ${tenantId} and random() < 0.1`);
    // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans need.
    await queryRows(db, sql`vacuum analyze events`);
    await queryRows(db, sql`vacuum analyze attractions`);
    const loadMs = Date.now() - loadStarted;
    const url = `${t.url}${eventsApi.search.path}`;
    const driver =
      scratch.kind === 'postgres'
        ? `node-postgres pool of ${CONNECTIONS} connections, named prepared statement`
        : `the app's in-process PGlite instance, which runs one query at a time (${CONNECTIONS} callers queue for it), prepared statement`;
    process.stdout.write(`${JSON.stringify({ setup: true, database: scratch.kind, events: EVENTS, series: SERIES, seriesDates: SERIES * SERIES_WEEKS, loadSeconds: +(loadMs / 1000).toFixed(1), sqlDriver: driver })}\n`);
    if (scratch.kind === 'postgres') pool = new pg.Pool({ connectionString: scratch.databaseUrl, max: CONNECTIONS });

    for (const c of CASES) {
      const body = { ...c.box, startDate: new Date().toISOString(), days: 7 };
      // One request first, to report the result size and warm the plan cache.
      const probe = (await (
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant': TENANT }, body: JSON.stringify(body) })
      ).json()) as { totalCount: number; totalCountIsEstimate?: boolean; events: unknown[] };
      const api = await withCpu(db, scratch.kind, () =>
        runLoad({
          url,
          method: 'POST',
          connections: CONNECTIONS,
          duration: DURATION,
          headers: { 'content-type': 'application/json', 'x-tenant': TENANT },
          body: JSON.stringify(body),
        }),
      );

      // The statement and values the service builds for this very request, straight to the driver.
      const { statement, values } = searchStatementOf({ ctx: app.ctx, tenant: { id: tenantId, key: TENANT }, viewerId: null, input: EventSearchRequestSchema.parse(body) });
      const params = fillPlaceholders(statement.params, values);
      const sqlPool = pool;
      const run: () => Promise<unknown> = sqlPool
        ? () => sqlPool.query({ name: statement.name, text: statement.text, values: params })
        : () => queryPrepared(db, statement, values);
      // Warm: every connection prepares the statement once, as the app's have.
      await Promise.all(Array.from({ length: CONNECTIONS }, () => run()));
      const direct = await withCpu(db, scratch.kind, () => runQueries(run, CONNECTIONS, DURATION));

      const apiSpread = spread(api.result.latencies, DURATION);
      const sqlSpread = spread(direct.result, DURATION);
      process.stdout.write(
        `${JSON.stringify({
          case: c.name,
          database: scratch.kind,
          events: EVENTS,
          series: SERIES,
          pageListed: probe.events.length,
          windowDays: 7,
          matches: probe.totalCount,
          matchesEstimated: probe.totalCountIsEstimate ?? false,
          connections: CONNECTIONS,
          ...apiSpread,
          non2xx: api.result.non2xx,
          errors: api.result.errors,
          cpu: api.cpu,
          sql: { ...sqlSpread, cpu: direct.cpu },
          apiToSql: { requestsPerSecond: round2(apiSpread.requestsPerSecond / sqlSpread.requestsPerSecond), p95: round2(apiSpread.p95ms / sqlSpread.p95ms) },
        })}\n`,
      );
    }
    // The partners drawer over each view (API only), and the search with a partner chosen.
    const partnersUrl = `${t.url}${eventsApi.partners.path}`;
    const load = (target: string, body: unknown) =>
      runLoad({ url: target, method: 'POST', connections: CONNECTIONS, duration: DURATION, headers: { 'content-type': 'application/json', 'x-tenant': TENANT }, body: JSON.stringify(body) });
    for (const c of CASES) {
      const body = { ...c.box, startDate: new Date().toISOString(), days: 7 };
      const probe = (await (
        await fetch(partnersUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant': TENANT }, body: JSON.stringify(body) })
      ).json()) as { counted: number; complete: boolean; partners: unknown[] };
      const result = await load(partnersUrl, body);
      process.stdout.write(
        `${JSON.stringify({ case: `${c.name} partners drawer`, counted: probe.counted, complete: probe.complete, partnersListed: probe.partners.length, ...spread(result.latencies, DURATION), non2xx: result.non2xx, errors: result.errors })}\n`,
      );
      const chosen = { ...body, partner: 'Sponsor 7' };
      const found = (await (
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant': TENANT }, body: JSON.stringify(chosen) })
      ).json()) as { totalCount: number };
      const filtered = await load(url, chosen);
      process.stdout.write(
        `${JSON.stringify({ case: `${c.name} search, one partner chosen`, matches: found.totalCount, ...spread(filtered.latencies, DURATION), non2xx: filtered.non2xx, errors: filtered.errors })}\n`,
      );
    }
  } finally {
    await pool?.end();
    await t?.close();
    // BENCH_KEEP=1 leaves the scratch database for EXPLAIN sessions.
    if (!process.env.BENCH_KEEP) await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
