/**
 * npm run bench:search — loads 1,000,000 events into a scratch database (PGlite, or
 * the PostgreSQL server named by DATABASE_URL), then drives event/search/ over HTTP
 * with autocannon at 16 connections and prints one JSON line per case.
 */
import { Worker } from 'node:worker_threads';
import { percentile, scratchDatabase } from './bench-support.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { TENANT, build, type ListeningTestApp } from '../apps/server/test/support/build.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
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


async function main() {
  const scratch = await scratchDatabase('bench');
  let t: ListeningTestApp | undefined;
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
    // Random points over the continental US, starts spread over a year from now.
    for (let done = 0; done < EVENTS; done += 250_000) {
      const n = Math.min(250_000, EVENTS - done);
      await queryRows(db, sql`
        insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status)
        select ${tenantId}, ${host.id}, 'Bench event ' || g, s, s + interval '2 hours', 'America/Chicago', 'bench-' || g, 'Bench Hall',
               lat, lng, jsonb_build_object('name', 'Bench', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 10), 0
        from (select g, now() + random() * interval '365 days' as s,
                     24.5 + random() * 25 as lat, -125 + random() * 58 as lng
              from generate_series(${done + 1}::int, ${done + n}::int) g) x`);
    }
    // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans need.
    await queryRows(db, sql`vacuum analyze events`);
    const loadMs = Date.now() - loadStarted;
    const url = `${t.url}/engine/api/v1/event/search/`;
    process.stdout.write(`${JSON.stringify({ setup: true, database: scratch.kind, events: EVENTS, loadSeconds: +(loadMs / 1000).toFixed(1) })}\n`);

    for (const c of CASES) {
      const body = JSON.stringify({ ...c.box, startDate: new Date().toISOString(), days: 7 });
      // One request first, to report the result size and warm the plan cache.
      const probe = (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub' }, body })).json()) as { totalCount: number };
      const result = await runLoad({
        url,
        method: 'POST',
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub' },
        body,
      });
      const latencies = result.latencies;
      latencies.sort((a, b) => a - b);
      process.stdout.write(
        `${JSON.stringify({
          case: c.name,
          database: scratch.kind,
          events: EVENTS,
          windowDays: 7,
          matches: probe.totalCount,
          connections: CONNECTIONS,
          requestsPerSecond: Math.round(latencies.length / DURATION),
          p50ms: +percentile(latencies, 50).toFixed(1),
          p95ms: +percentile(latencies, 95).toFixed(1),
          p99ms: +percentile(latencies, 99).toFixed(1),
          non2xx: result.non2xx,
          errors: result.errors,
        })}\n`,
      );
    }
  } finally {
    await t?.close();
    // BENCH_KEEP=1 leaves the scratch database for EXPLAIN sessions.
    if (!process.env.BENCH_KEEP) await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
