import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { GeoJSONWrapper, fromVectorTileJs, type Feature } from '@maplibre/vt-pbf';
import {
  EVENT_TILE_EXTENT,
  EVENT_TILE_GRID,
  EVENT_TILE_LAYER,
  EVENT_TILE_SIZE_PX,
  EventTileQuerySchema,
  MARKER_GAP_PX,
  markerReach,
  type EventTileParams,
} from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, TenantRef } from '../../app-context.js';
import { filterOf } from './search-filter.js';
import type { SearchFilter } from './search-repository.js';
import * as repo from './tile-repository.js';

type TileQuery = z.output<typeof EventTileQuerySchema>;

/**
 * Cells per tile side, by zoom. MapLibre draws a tile 512 px wide, so 8 cells are 64 px each:
 * room for the largest marker on either side of a cell's edge (see keepClear), and at most 64
 * features a tile, which keeps a screen of tiles far under 100 KB whatever the number of events.
 */
export const tileGrid = (_z: number) => EVENT_TILE_GRID;
/** Changes whenever the tile's layout or properties change, so no cache takes an old tile for a new one. */
const TILE_FORMAT = 'events-tile-3';

const UNITS_PER_PX = EVENT_TILE_EXTENT / EVENT_TILE_SIZE_PX;

/**
 * A marker's position moved, where needed, so that its whole circle (rings and halo) and half the
 * gap stay inside its cell. Two markers of different cells then lie apart by at least the sum of
 * their reaches and the gap along the axis the cells differ in: they never overlap, nor do the
 * square collision boxes the map gives their labels, in one tile or across tiles (tile edges are
 * cell edges), and at every zoom the tile is drawn at (at its own zoom or larger). The price: a
 * dot near a cell's edge moves inwards by a few pixels at most (9.5 for a pin).
 */
export function keepClear(u: number, cellSize: number, reachPx: number): number {
  const margin = Math.ceil((reachPx + MARKER_GAP_PX / 2) * UNITS_PER_PX);
  const start = Math.floor(u / cellSize) * cellSize;
  return Math.max(start + margin, Math.min(start + cellSize - margin, u));
}

/**
 * Bytes of encoded tiles one process keeps (a busy tile is 5 to 15 KB: a few thousand tiles,
 * every view's neighbourhood at every zoom). Each instance keeps its own; what makes an entry
 * current is the tenant's data version, read from the database on every request, so an
 * instance never needs to hear of another's writes.
 */
export const TILE_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * A tile depends on the clock as well as on the data: an event scheduled to publish appears
 * with no write at all, and a request without startDate starts its window now. So the clock a
 * tile is computed with is now rounded down to the minute, and that minute is part of the cache
 * key (it is in the filter: `now`, and `from` when defaulted). Within one minute every request,
 * on every instance, computes the very same tile, so cached bytes and entity tags are exact for
 * it. Rounding down, never up, means a scheduled event is never shown early; it shows at most
 * a minute late, like an anonymous tile any client may keep for its 60 s max-age.
 */
const CLOCK_STEP_MS = 60_000;

/**
 * Tiles leave compressed, as the cache keeps them, rather than through the app's per-request
 * compression: measured, a cached tile went out at half the rate when compressed on each request.
 * Brotli 5 with a 64 KB window (a tile is smaller) is 5 to 10% smaller than the app's quality 4
 * for about 0.2 ms once per tile; quality 11 saves 10% more for 10 ms, too much on a cold tile.
 */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 16 } };
/** As the app's compression: smaller answers are not worth a Content-Encoding. */
const COMPRESS_FROM_BYTES = 1024;
export type TileEncoding = 'br' | 'gzip';

const lngOf = (x: number, n: number) => (x / n) * 360 - 180;
const latOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
const EDGE = 1e-7; // degrees: the box is a superset of the tile; the exact test is on projected coordinates

/** The tile's box in degrees, a hair wider; the top and bottom rows reach the poles. */
function tileBox({ z, x, y }: EventTileParams) {
  const n = 2 ** z;
  return {
    minLongitude: Math.max(-180, lngOf(x, n) - EDGE),
    maxLongitude: Math.min(180, lngOf(x + 1, n) + EDGE),
    minLatitude: y === n - 1 ? -90 : latOf(y + 1, n) - EDGE,
    maxLatitude: y === 0 ? 90 : latOf(y, n) + EDGE,
  };
}

/** Whether an If-None-Match header names this entity tag (weak or strong, in a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The tile (null for a 304) in the encoding the client takes best, or as it is. */
export type TileAnswer = { etag: string; tile: Buffer | null; encoding: TileEncoding | null };

interface EncodedTile {
  etag: string;
  bytes: Buffer;
  /** Made when first asked for, then kept with the tile. */
  br?: Buffer;
  gzip?: Buffer;
}

/** The client's preferred encoding we make (brotli, then gzip), honouring `;q=0`; null for none. */
export function preferredEncoding(acceptEncoding: string | undefined): TileEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, boolean>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(name, !q || Number(q.slice(2)) > 0);
  }
  const takes = (name: string) => accepted.get(name) ?? (name !== 'x-gzip' && accepted.get('*')) ?? false;
  if (takes('br')) return 'br';
  if (takes('gzip') || takes('x-gzip')) return 'gzip';
  return null;
}

function encoded(tile: EncodedTile, encoding: TileEncoding | null): { body: Buffer; encoding: TileEncoding | null } {
  if (!encoding || tile.bytes.length < COMPRESS_FROM_BYTES) return { body: tile.bytes, encoding: null };
  if (encoding === 'br') return { body: (tile.br ??= brotliCompressSync(tile.bytes, BROTLI)), encoding };
  return { body: (tile.gzip ??= gzipSync(tile.bytes)), encoding };
}

/**
 * A tenant's data version, read once for all the requests that ask at about the same time. Each
 * caller gets the answer of a read begun after it asked, so it sees every write committed before
 * its request (a client that wrote and then asks for the tile sees its write). A read waits for
 * the one under way and for the end of the event loop's turn, so the requests that arrived
 * meanwhile join it. Measured with a cached view at 16 connections on PGlite (whose queries run
 * on this thread), one read per request cut the rate of answers to about a quarter.
 */
class VersionReads {
  private waiting: Promise<number> | null = null;
  private running: Promise<number> | null = null;
  constructor(private readonly read: () => Promise<number>) {}

  current(): Promise<number> {
    this.waiting ??= this.begin();
    return this.waiting;
  }

  private async begin(): Promise<number> {
    await this.running?.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    // From here on, callers wait for the next read: this one may miss their writes.
    this.waiting = null;
    const read = this.read();
    this.running = read;
    try {
      return await read;
    } finally {
      if (this.running === read) this.running = null;
    }
  }
}

/** A process's tiles for one app, and the computations under way, so a burst of requests for missing tiles runs their SQL once. */
interface TileCache {
  lru: LRUCache<string, EncodedTile> | null;
  pending: Map<string, Promise<EncodedTile>>;
  versions: Map<string, VersionReads>;
  stats: { hits: number; computed: number };
}

// One cache per running app (its context), so apps sharing a process never share tiles.
const caches = new WeakMap<AppContext, TileCache>();

function newLru(maxBytes: number): LRUCache<string, EncodedTile> | null {
  if (maxBytes <= 0) return null;
  // Room for the tile and its compressed forms (each smaller than the tile) from the start.
  return new LRUCache<string, EncodedTile>({ maxSize: maxBytes, sizeCalculation: (v, key) => 2 * v.bytes.length + key.length + 200 });
}

function cacheOf(ctx: AppContext): TileCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = { lru: newLru(TILE_CACHE_BYTES), pending: new Map(), versions: new Map(), stats: { hits: 0, computed: 0 } };
    caches.set(ctx, cache);
  }
  return cache;
}

/**
 * Resizes this app's tile cache, emptying it; 0 turns it off (every request computes its tile,
 * without reading the data version). For benchmarks measuring the tile SQL itself.
 */
export function configureTileCache(ctx: AppContext, options: { maxBytes: number }): void {
  const cache = cacheOf(ctx);
  cache.lru = newLru(options.maxBytes);
  cache.pending.clear();
}

/** Tiles answered from the cache and tiles computed, since the app started. */
export function tileCacheStats(ctx: AppContext): { hits: number; computed: number } {
  return { ...cacheOf(ctx).stats };
}

/** Everything the tile depends on: the data version, the tile and the whole filter (tenant, viewer, window, clock minute, every search field). */
const keyOf = (version: number, tile: EventTileParams, filter: SearchFilter) => `${TILE_FORMAT}|${version}|${tile.z}/${tile.x}/${tile.y}|${JSON.stringify(filter)}`;

async function computeTile(ctx: AppContext, filter: SearchFilter, tile: EventTileParams): Promise<{ version: number; encoded: EncodedTile }> {
  const grid = tileGrid(tile.z);
  const { version, cells } = await repo.eventTile(ctx.db, filter, { ...tile, extent: EVENT_TILE_EXTENT, grid });
  const cellSize = EVENT_TILE_EXTENT / grid;
  const features: Feature[] = cells.map((c) => ({
    type: 1,
    geometry: [[keepClear(c.px, cellSize, markerReach(c.count, c.live)), keepClear(c.py, cellSize, markerReach(c.count, c.live))]],
    tags: {
      ...(c.count === 1 && c.id ? { count: 1, id: c.id } : { count: c.count, x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 }),
      // Only where a buzz runs: live events are few, and every byte counts on a screen of tiles.
      ...(c.live > 0 && { live: c.live }),
    },
  }));
  const layer = new GeoJSONWrapper(features, { version: 2, extent: EVENT_TILE_EXTENT });
  layer.name = EVENT_TILE_LAYER;
  const pbf = fromVectorTileJs({ layers: { [EVENT_TILE_LAYER]: layer } });
  const bytes = Buffer.from(pbf.buffer, pbf.byteOffset, pbf.byteLength);
  const etag = `"${createHash('sha256').update(TILE_FORMAT).update(bytes).digest('hex').slice(0, 32)}"`;
  return { version, encoded: { etag, bytes } };
}

/** The tile from the cache when current, else computed once however many ask for it meanwhile. */
async function cachedTile(ctx: AppContext, cache: TileCache, filter: SearchFilter, tile: EventTileParams): Promise<EncodedTile> {
  const lru = cache.lru;
  if (!lru) {
    cache.stats.computed++;
    return (await computeTile(ctx, filter, tile)).encoded;
  }
  let versions = cache.versions.get(filter.tenantId);
  if (!versions) {
    const tenantId = filter.tenantId;
    versions = new VersionReads(() => repo.eventsVersion(ctx.db, tenantId));
    cache.versions.set(tenantId, versions);
  }
  const key = keyOf(await versions.current(), tile, filter);
  const hit = lru.get(key);
  if (hit) {
    cache.stats.hits++;
    return hit;
  }
  let pending = cache.pending.get(key);
  if (!pending) {
    cache.stats.computed++;
    pending = computeTile(ctx, filter, tile)
      .then(({ version, encoded }) => {
        // Kept under the version its rows were read at (a write may have landed since the lookup above).
        if (cache.lru === lru) lru.set(keyOf(version, tile, filter), encoded);
        return encoded;
      })
      .finally(() => cache.pending.delete(key));
    cache.pending.set(key, pending);
  }
  return pending;
}

/**
 * One vector tile of the events the search would find in the tile's box: same filters, tenant and
 * visibility (drafts only for their owner, canceled only when asked), as of the current clock
 * minute. One feature per grid cell holding events, at their mean position kept clear of the cell's edges (keepClear): `count`; the event's `id` when alone, else the
 * members' extent `x0 y0 x1 y1` (tile units, inclusive); `live`, how many are live, where any is. The entity tag is a hash of the tile
 * itself, so it changes exactly when the tile does; `tile` is null when the caller's If-None-Match
 * names it (a 304). Tiles are cached in process by data version (see TILE_CACHE_BYTES), with
 * their compressed forms.
 */
export async function eventTile(opts: {
  ctx: AppContext;
  tenant: TenantRef;
  viewerId: string | null;
  tile: EventTileParams;
  query: TileQuery;
  ifNoneMatch?: string;
  acceptEncoding?: string;
}): Promise<TileAnswer> {
  const { ctx, tile } = opts;
  const now = new Date(Math.floor(ctx.now().getTime() / CLOCK_STEP_MS) * CLOCK_STEP_MS);
  const filter = filterOf(ctx, opts.tenant, opts.viewerId, { ...opts.query, ...tileBox(tile) }, now);
  const cached = await cachedTile(ctx, cacheOf(ctx), filter, tile);
  if (matches(opts.ifNoneMatch, cached.etag)) return { etag: cached.etag, tile: null, encoding: null };
  const { body, encoding } = encoded(cached, preferredEncoding(opts.acceptEncoding));
  return { etag: cached.etag, tile: body, encoding };
}
