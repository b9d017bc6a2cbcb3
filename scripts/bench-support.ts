import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { eventsApi, type EventSearchResult } from '@hubbub/contract';
import { queryRows, type Db } from '../apps/server/src/db/client.js';
import { freePort } from '../apps/server/test/support/server-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/test/support/scratch-database.js';

export type { ScratchDatabase };

/**
 * A throwaway, migrated database for a benchmark: a new database on the PostgreSQL server
 * DATABASE_URL names, or PGlite in a temporary directory. The tests' scratch helper, with
 * the benchmarks' choice of server.
 */
export function scratchDatabase(label: string): Promise<ScratchDatabase> {
  return createScratchDatabase(label, { server: process.env.DATABASE_URL });
}

/** The p-th percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU seconds (Linux /proc): busy on the whole machine, and of each given process (`self` by default); undefined elsewhere. */
export async function cpuSeconds(pids: number[] = []): Promise<{ machine: number; processes: Map<number | 'self', number> } | undefined> {
  const { readFile } = await import('node:fs/promises');
  const TICKS = 100; // USER_HZ
  try {
    const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
    // user nice system idle iowait irq softirq steal
    const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
    const processes = new Map<number | 'self', number>();
    for (const pid of ['self' as const, ...pids]) {
      // A process may end meanwhile (a closed connection): it then counts for nothing.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
      if (!stat) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS);
    }
    return { machine: (user + nice + system + irq + softirq + steal) / TICKS, processes };
  } catch {
    return undefined;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * The built app with the demo data on its own server (BENCH_PORT, or a free port), on a scratch
 * data directory; its first start seeds a few thousand events (a minute or more on a busy machine).
 */
export async function startDemoServer(opts: { mapStyleUrl: string; label: string }): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hubbub-${opts.label}-`));
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, SEED_DEMO: 'true', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', MAP_STYLE_URL: opts.mapStyleUrl },
    stdio: process.env.SERVER_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore',
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited early (SERVER_LOG=1 shows why)');
    if (await fetch(`${base}/`, { headers: { accept: 'application/json' } }).then((r) => r.ok, () => false)) return { base, child, dataDir };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 5 minutes');
}

/** The public page (`/e/{slug}`) of the demo's showcase event (thumbnail, flyers, a description), found through the search; else the first event in Kansas City. */
export async function demoEventPath(base: string): Promise<string> {
  const box = { minLatitude: 38.8, maxLatitude: 39.4, minLongitude: -95, maxLongitude: -94.2 };
  const search = async (searchText: string) => {
    const res = await fetch(`${base}${eventsApi.search.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant': 'hubbub' },
      body: JSON.stringify({ ...box, searchText, days: 60 }),
    });
    return ((await res.json()) as EventSearchResult).events;
  };
  const event = (await search('Rooftop Jazz'))[0] ?? (await search(''))[0];
  if (!event) throw new Error('no demo event found around Kansas City');
  return `/e/${event.slug}`;
}

/** Dates of each weekly series BENCH_SERIES loads: six months, as a series without an end has. */
export const SERIES_WEEKS = 26;

/**
 * `count` weekly series (issue 29) at random points over the continental US, each starting in the
 * coming week with SERIES_WEEKS dates as events: what the scheduler would have made for them.
 */
export async function insertWeeklySeries(db: Db, args: { tenantId: string; hostId: string; count: number }): Promise<number> {
  if (!args.count) return 0;
  await queryRows(db, sql`
    insert into series (tenant_id, user_id, rule, time_zone, starts_at, dates_until)
    select ${args.tenantId}, ${args.hostId}, 'FREQ=WEEKLY', 'America/Chicago', now() + random() * interval '7 days', now() + interval '183 days'
    from generate_series(1, ${args.count}::int)`);
  await queryRows(db, sql`
    insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status, series_id, rule_date)
    select ${args.tenantId}, ${args.hostId}, 'Bench weekly ' || n, d, d + interval '2 hours', 'America/Chicago', 'bench-weekly-' || n || '-' || w, 'Bench Hall',
           lat, lng, jsonb_build_object('name', 'Bench', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 10), 0, id, d
    from (select s.id, row_number() over () as n, 24.5 + random() * 25 as lat, -125 + random() * 58 as lng, s.starts_at
          from series s where s.tenant_id = ${args.tenantId}) x
    cross join generate_series(0, ${SERIES_WEEKS - 1}::int) w
    cross join lateral (select x.starts_at + w * interval '7 days' as d) dd`);
  return args.count * SERIES_WEEKS;
}

/**
 * The start of the g-th (from `firstG`, 1 by default) of `count` one-off events loaded beside `seriesDates` series
 * dates, as an SQL expression of `g`: over a year from now, and so that the year stays evenly
 * dense whether or not series are loaded. Series dates fill their first SERIES_WEEKS weeks, so
 * as many one-offs move out of that half-year; without this a run with series searches a denser
 * window and measures the density, not the series.
 */
export function oneOffStart(args: { count: number; seriesDates: number; firstG?: number }) {
  const total = args.count + args.seriesDates;
  const seriesDays = SERIES_WEEKS * 7;
  const early = Math.max(0, Math.round((total * seriesDays) / 365) - args.seriesDates);
  return sql`case when g < ${(args.firstG ?? 1) + early}
    then now() + random() * make_interval(days => ${seriesDays})
    else now() + make_interval(days => ${seriesDays}) + random() * make_interval(days => ${365 - seriesDays}) end`;
}
