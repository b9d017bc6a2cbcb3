/**
 * npm run bench:map — the map's vector tiles at scale. Loads events into a scratch database
 * (PGlite, or the PostgreSQL server named by DATABASE_URL) up to each size of BENCH_EVENTS
 * (default 1,000,000 then 5,000,000, the same rows growing), and for three map views of a
 * 1280×800 screen with a 30-day window (the whole US at zoom 4, a state at zoom 7, a city at
 * zoom 12) prints one JSON line per view and size:
 *
 * - tiles: the tiles MapLibre fetches for the view. MapLibre's zoom is that of a 512-px world
 *   (zoom z: 512·2^z px) and a vector source's tiles are 512 px, so its tile zoom is the view's
 *   zoom itself (floor), not zoom - 1 (which holds for 256-px-world conventions); the tiles are
 *   those the viewport rectangle touches, without pitch.
 * - brBytes: the view's tile bodies as sent to Chromium's Accept-Encoding (brotli, but tiles
 *   under 1 KB, which go as they are), headers not counted.
 * - coldFirst: each tile's first request, one at a time, on an empty cache (SQL and encoding).
 * - coldLoad: p50/p95 per tile at 16 connections with the tile cache turned off, so every request
 *   computes its tile: the cost of tiles nobody asked for yet.
 * - warm: p50/p95 per tile at 16 connections, the view's tiles cached (version lookup and send).
 *
 * A summary line per view compares the largest size with the smallest. BENCH_SECONDS (default 10)
 * sets each load's length; BENCH_KEEP=1 keeps the scratch database. BENCH_SERIES=10000 makes that
 * many of the first size's events the dates of weekly series (issue 29: the map counts each date);
 * compare its figures with a run without.
 */
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { eventsApi, pathOf, tileQueryString } from '@hubbub/contract';
import { SERIES_WEEKS, insertWeeklySeries, oneOffStart, percentile, scratchDatabase } from './bench-support.js';
import { queryRows, type Db } from '../apps/server/src/db/client.js';
import { TILE_CACHE_BYTES, configureTileCache, tileCacheStats } from '../apps/server/src/modules/events/tile-service.js';
import { TENANT, build, type ListeningTestApp } from '../apps/server/test/support/build.js';

const SIZES = (process.env.BENCH_EVENTS ?? '1000000,5000000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_SERIES=10000: that many weekly series (six months of dates each) among the events, in place of as many one-off events. */
const SERIES = Number(process.env.BENCH_SERIES ?? 0);
const CONNECTIONS = 16;
const VIEWPORT = { width: 1280, height: 800 };
const WINDOW_DAYS = 30;
/** What Chromium sends. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const VIEWS = [
  { name: 'whole-us', zoom: 4, lng: -98.5, lat: 39.5 },
  { name: 'state', zoom: 7, lng: -99.8, lat: 41.5 }, // Nebraska
  { name: 'city', zoom: 12, lng: -95.99, lat: 41.26 }, // Omaha
];

interface Tile {
  z: number;
  x: number;
  y: number;
}

/** The tiles a 512-px-tile source needs for a flat view of VIEWPORT centred on (lng, lat) at `zoom`. */
function tilesOfView(view: { zoom: number; lng: number; lat: number }): Tile[] {
  const z = Math.floor(view.zoom);
  const world = 512 * 2 ** view.zoom; // px
  const s = Math.sin((view.lat * Math.PI) / 180);
  const cx = ((view.lng + 180) / 360) * world;
  const cy = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world;
  const tilePx = world / 2 ** z;
  const n = 2 ** z;
  const tiles: Tile[] = [];
  const y0 = Math.max(0, Math.floor((cy - VIEWPORT.height / 2) / tilePx));
  const y1 = Math.min(n - 1, Math.floor((cy + VIEWPORT.height / 2 - 1e-9) / tilePx));
  const x0 = Math.floor((cx - VIEWPORT.width / 2) / tilePx);
  const x1 = Math.floor((cx + VIEWPORT.width / 2 - 1e-9) / tilePx);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) tiles.push({ z, x: ((x % n) + n) % n, y });
  return tiles;
}

interface Fetched {
  status: number;
  ms: number;
  wireBytes: number;
  encoding: string | undefined;
  body: Buffer;
}

function fetchTile(agent: http.Agent, base: string, path: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(`${base}${path}`, { agent, headers: { 'x-tenant': TENANT, 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          wireBytes: wire.length,
          encoding,
          body: encoding === 'br' ? brotliDecompressSync(wire) : wire,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface LoadResult {
  latencies: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
}

function runLoad(options: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-map-load.mjs', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

function figures(result: LoadResult) {
  const l = [...result.latencies].sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(l.length / DURATION),
    p50ms: +percentile(l, 50).toFixed(1),
    p95ms: +percentile(l, 95).toFixed(1),
    p99ms: +percentile(l, 99).toFixed(1),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Random points over the continental US, starts spread over a year from now, as bench:search loads them (with its BENCH_SERIES series first). */
async function load(db: Db, tenantId: string, hostId: string, from: number, to: number) {
  const seriesDates = from === 0 ? await insertWeeklySeries(db, { tenantId, hostId, count: SERIES }) : 0;
  const start = oneOffStart({ count: to - from - seriesDates, seriesDates, firstG: from + seriesDates + 1 });
  for (let done = from + seriesDates; done < to; done += 250_000) {
    const n = Math.min(250_000, to - done);
    await queryRows(db, sql`
      insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status)
      select ${tenantId}, ${hostId}, 'Bench event ' || g, s, s + interval '2 hours', 'America/Chicago', 'bench-' || g, 'Bench Hall',
             lat, lng, jsonb_build_object('name', 'Bench', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 10), 0
      from (select g, ${start} as s,
                   24.5 + random() * 25 as lat, -125 + random() * 58 as lng
            from generate_series(${done + 1}::int, ${done + n}::int) g) x`);
  }
  // As autovacuum would soon after a bulk load: statistics, and the visibility map index-only scans need.
  await queryRows(db, sql`vacuum analyze events`);
}

interface CaseLine {
  case: string;
  events: number;
  brBytes: number;
  coldFirst: { p50ms: number; maxMs: number; sumMs: number };
  coldLoad: ReturnType<typeof figures>;
  warm: ReturnType<typeof figures>;
}

async function main() {
  const scratch = await scratchDatabase('benchmap');
  let t: ListeningTestApp | undefined;
  const lines: CaseLine[] = [];
  try {
    t = await build({ database: scratch, listen: true, env: { SEED_DEMO: 'false' }, jwtSecret: 'bench-secret-bench-secret-bench-secret-000' });
    const { app } = t;
    const ctx = app.ctx;
    const tenantId = ctx.tenants.get(TENANT)!;
    await queryRows(ctx.db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at, plan)
      values (${tenantId}, 'bench-host@hubbub.local', 'Bench Host', 'x', now(), 'Enterprise')`);
    const [host] = await queryRows<{ id: string }>(ctx.db, sql`select id from users where email = 'bench-host@hubbub.local'`);
    // The web app's window: from midnight (UTC here), 30 days.
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    const query = { startDate: today.toISOString(), days: WINDOW_DAYS };

    let loaded = 0;
    for (const size of SIZES) {
      const started = Date.now();
      await load(ctx.db, tenantId, host.id, loaded, size);
      loaded = size;
      process.stdout.write(`${JSON.stringify({ setup: true, database: scratch.kind, events: size, series: SERIES, seriesDates: SERIES * SERIES_WEEKS, loadSeconds: +((Date.now() - started) / 1000).toFixed(1) })}\n`);

      for (const view of VIEWS) {
        const tiles = tilesOfView(view);
        const tilePaths = tiles.map((tile) => pathOf(eventsApi.tile, { z: tile.z, x: tile.x, y: tile.y }) + tileQueryString(query));

        // Cold: an empty cache, each tile's first request alone.
        configureTileCache(ctx, { maxBytes: TILE_CACHE_BYTES });
        // A connection of its own: one kept from before a long load may be closed by the server as it is reused.
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const first: Fetched[] = [];
        for (const path of tilePaths) first.push(await fetchTile(agent, t.url, path));
        agent.destroy();
        const bad = first.find((f) => f.status !== 200);
        if (bad) throw new Error(`${view.name}: a tile answered ${bad.status}`);
        const coldMs = first.map((f) => f.ms).sort((a, b) => a - b);

        // Warm: every request a cache hit (unless the clock minute turns during the run).
        const options = {
          url: t.url,
          connections: CONNECTIONS,
          duration: DURATION,
          headers: { 'x-tenant': TENANT, 'accept-encoding': ACCEPT_ENCODING },
          requests: tilePaths.map((path) => ({ method: 'GET', path })),
        };
        const before = tileCacheStats(ctx);
        const warm = await runLoad(options);
        const after = tileCacheStats(ctx);

        // Cold under load: no cache, every request computes its tile.
        configureTileCache(ctx, { maxBytes: 0 });
        const coldLoad = await runLoad(options);
        configureTileCache(ctx, { maxBytes: TILE_CACHE_BYTES });

        const line = {
          case: view.name,
          database: scratch.kind,
          events: size,
          series: SERIES,
          viewZoom: view.zoom,
          tileZoom: tiles[0].z,
          viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
          windowDays: WINDOW_DAYS,
          tiles: tiles.length,
          brBytes: first.reduce((n, f) => n + f.wireBytes, 0),
          rawBytes: first.reduce((n, f) => n + f.body.length, 0),
          maxTileBrBytes: Math.max(...first.map((f) => f.wireBytes)),
          // Tiles under 1 KB go uncompressed.
          brotliTiles: first.filter((f) => f.encoding === 'br').length,
          coldFirst: { p50ms: +percentile(coldMs, 50).toFixed(1), maxMs: +coldMs[coldMs.length - 1].toFixed(1), sumMs: +coldMs.reduce((a, b) => a + b, 0).toFixed(1) },
          coldLoad: figures(coldLoad),
          warm: { ...figures(warm), cacheHits: after.hits - before.hits, computed: after.computed - before.computed },
          connections: CONNECTIONS,
        };
        lines.push(line satisfies CaseLine);
        process.stdout.write(`${JSON.stringify(line)}\n`);
      }
    }

    if (SIZES.length > 1) {
      const [small, large] = [SIZES[0], SIZES[SIZES.length - 1]];
      for (const view of VIEWS) {
        const a = lines.find((l) => l.case === view.name && l.events === small)!;
        const b = lines.find((l) => l.case === view.name && l.events === large)!;
        const ratio = (x: number, y: number) => +(y / x).toFixed(2);
        process.stdout.write(
          `${JSON.stringify({
            summary: true,
            case: view.name,
            database: scratch.kind,
            events: [small, large],
            brBytesRatio: ratio(a.brBytes, b.brBytes),
            coldFirstSumRatio: ratio(a.coldFirst.sumMs, b.coldFirst.sumMs),
            coldLoadP95Ratio: ratio(a.coldLoad.p95ms, b.coldLoad.p95ms),
            warmP95Ratio: ratio(a.warm.p95ms, b.warm.p95ms),
          })}\n`,
        );
      }
    }
  } finally {
    await t?.close();
    // BENCH_KEEP=1 leaves the scratch database for EXPLAIN sessions.
    if (!process.env.BENCH_KEEP) await scratch.drop();
    else process.stdout.write(`${JSON.stringify({ kept: scratch.databaseUrl ?? scratch.pgliteDir })}\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
