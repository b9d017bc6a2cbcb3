import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { EVENT_TILE_EXTENT, EVENT_TILE_GRID, EVENT_TILE_LAYER, EVENT_TILE_SIZE_PX, MARKER_GAP_PX, markerReach, EventSchema, TagSchema, tagsApi, type HubEvent, type TileQuery, type Tag, eventsApi, pathOf, tileQueryString } from '@hubbub/contract';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { tileCacheStats } from '../src/modules/events/tile-service.js';
import { call, signUp, type TestUser, usePlan } from './support/api.js';
import { expectDetailedProblem as expectProblem } from './support/problem.js';

let t: TestApp;
let music: Tag;
let jazz: Tag;
/**
 * The app's clock: still unless a test moves it, so a cached tile's minute never turns over
 * between two requests of a test (tiles depend on the clock minute, see tile-service.ts).
 */
let clock = Date.now();
/**
 * On PostgreSQL the test files share one database and its tenants: another file's write there
 * moves this tenant's data version and empties the cache the counts below watch. So this file
 * has a database of its own (on PGlite every file has).
 */
let scratch: ScratchDatabase | undefined;
beforeAll(async () => {
  const databaseUrl = inject('databaseUrl');
  scratch = databaseUrl ? await createScratchDatabase('tiles', { server: databaseUrl }) : undefined;
  t = await build({ now: () => new Date(clock), ...(scratch ? { database: scratch } : {}) });
  const categories = (await call(t.app, 'GET', tagsApi.categories.path)).json() as Tag[];
  music = TagSchema.parse(categories.find((c) => c.name === 'Music'));
  const res = await call(t.app, 'POST', tagsApi.search.path, { body: { searchText: 'Jazz' } });
  jazz = TagSchema.parse((res.json() as Tag[]).find((tag) => tag.name === 'Jazz'));
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const word = () => `q${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A whole hour five days ahead: inside the default 30-day window. */
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * DAY;
const at = (ms: number) => new Date(ms).toISOString();

// ---- Tile arithmetic (web mercator), as a map client does it ----

const GRID = EVENT_TILE_GRID; // cells per tile side (see tileGrid in the events service)
/** Zooms between a tile and the tiles its cells are. */
const DEPTH = Math.log2(GRID);
interface Tile {
  z: number;
  x: number;
  y: number;
}
const lngOf = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const latOf = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
function tileAt(p: { lat: number; lng: number }, z: number): Tile {
  const n = 2 ** z;
  const s = Math.sin((p.lat * Math.PI) / 180);
  const wy = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
  return { z, x: Math.min(n - 1, Math.floor(((p.lng + 180) / 360) * n)), y: Math.min(n - 1, Math.floor(wy * n)) };
}
/** The centre of cell (i, j) of a tile's grid, nudged by (di, dj) cells. */
function cellCentre(tile: Tile, i: number, j: number, di = 0, dj = 0) {
  return { lng: lngOf(tile.x + (i + 0.5 + di) / GRID, tile.z), lat: latOf(tile.y + (j + 0.5 + dj) / GRID, tile.z) };
}
/** A random z14 tile in the empty Southern Ocean, south of the Indian Ocean, so it holds only this test's events. */
function freshTile(): Tile {
  const n = 2 ** 14;
  const x = Math.floor(((60 + Math.random() * 40 + 180) / 360) * n);
  return { z: 14, x, y: tileAt({ lat: -46 - Math.random() * 8, lng: 0 }, 14).y };
}
const ancestor = (tile: Tile, up: number): Tile => ({ z: tile.z - up, x: tile.x >> up, y: tile.y >> up });

// ---- Calls ----

interface Feature {
  count: number;
  id?: string;
  x0?: number;
  y0?: number;
  x1?: number;
  y1?: number;
  live?: number;
  px: number;
  py: number;
}

function decode(res: LightMyRequestResponse): Feature[] {
  const tile = new VectorTile(new PbfReader(res.rawPayload));
  const layer = tile.layers[EVENT_TILE_LAYER];
  if (!layer) return [];
  expect(layer.extent).toBe(EVENT_TILE_EXTENT);
  const features: Feature[] = [];
  for (let i = 0; i < layer.length; i++) {
    const f = layer.feature(i);
    expect(f.type).toBe(1);
    const [[point]] = f.loadGeometry();
    expect(point.x).toBeGreaterThanOrEqual(0);
    expect(point.x).toBeLessThan(EVENT_TILE_EXTENT);
    expect(point.y).toBeGreaterThanOrEqual(0);
    expect(point.y).toBeLessThan(EVENT_TILE_EXTENT);
    features.push({ ...(f.properties as unknown as Feature), px: point.x, py: point.y });
  }
  return features;
}

function get(tile: Tile, query?: TileQuery, opts: { user?: TestUser; tenant?: string; headers?: Record<string, string> } = {}) {
  return call(t.app, 'GET', pathOf(eventsApi.tile, { z: tile.z, x: tile.x, y: tile.y }) + tileQueryString(query), { jwt: opts.user?.jwt, tenant: opts.tenant, headers: opts.headers });
}

async function features(tile: Tile, query?: TileQuery, opts: { user?: TestUser; tenant?: string } = {}): Promise<Feature[]> {
  const res = await get(tile, query, opts);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
  return decode(res);
}

/** The ids of the single events of a tile, sorted. */
async function ids(tile: Tile, query?: TileQuery, opts: { user?: TestUser; tenant?: string } = {}): Promise<string[]> {
  return (await features(tile, query, opts))
    .filter((f) => f.count === 1)
    .map((f) => f.id!)
    .sort();
}
const sorted = (...events: HubEvent[]) => events.map((e) => e.id).sort();

function eventBody(p: { lat: number; lng: number }, over: Record<string, unknown> = {}) {
  return {
    name: `Tile Fair ${word()}`,
    startDate: at(T0),
    endDate: at(T0 + 3 * HOUR),
    timeZone: 'UTC',
    venue: 'Ice Shelf Hall',
    area: { name: 'Shelf', type: 4, latitude: p.lat, longitude: p.lng, city: 'Kerguelen', state: 'TF', country: 'TF' },
    ...over,
  };
}

async function create(user: TestUser, body: Record<string, unknown>, tenant?: string): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body, tenant });
  expect([200, 201], res.body).toContain(res.statusCode);
  return EventSchema.parse(res.json());
}

async function host(tenant?: string): Promise<TestUser> {
  const user = await signUp(t, { tenant });
  await usePlan(t, user, 'Pro');
  return user;
}

describe('GET event/tiles/{z}/{x}/{y}', () => {
  it('shows each event alone in its cell with its id, and aggregates above with exact counts and extents', async () => {
    const h = await host();
    const tile = freshTile();
    const a = await create(h, eventBody(cellCentre(tile, 2, 3)));
    const b = await create(h, eventBody(cellCentre(tile, 6, 7)));
    // Two in one cell: one feature of count 2.
    const c1 = cellCentre(tile, 5, 5, -0.3, -0.3);
    const c2 = cellCentre(tile, 5, 5, 0.3, 0.3);
    await create(h, eventBody(c1));
    await create(h, eventBody(c2));

    const res = await get(tile);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.headers.vary).toMatch(/X-Tenant/i);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const found = decode(res);
    expect(found.filter((f) => f.count === 1).map((f) => f.id).sort()).toEqual(sorted(a, b));
    const single = found.find((f) => f.id === a.id)!;
    expect(single).not.toHaveProperty('x0');
    // Its position, to the tile unit.
    expect(Math.abs(single.px - (2.5 / GRID) * EVENT_TILE_EXTENT)).toBeLessThanOrEqual(1);
    const pair = found.find((f) => f.count === 2)!;
    // The pair's extent, in tile units, inclusive.
    const unit = (d: number) => Math.floor(((5.5 + d) / GRID) * EVENT_TILE_EXTENT);
    expect(pair).toMatchObject({ x0: unit(-0.3), y0: unit(-0.3), x1: unit(0.3), y1: unit(0.3) });
    expect(pair.id).toBeUndefined();
    expect(found.reduce((n, f) => n + f.count, 0)).toBe(4);

    // DEPTH zooms up, the whole z14 tile is one cell of its ancestor: one feature, exact count and extent.
    const above = await features(ancestor(tile, DEPTH));
    // Its cell is the one the z14 tile makes up, its extent that of a (2, 3) and b (6, 7), in the ancestor's units.
    const up = ancestor(tile, DEPTH);
    const cell = { i: tile.x - up.x * GRID, j: tile.y - up.y * GRID };
    const scaled = (k: number, at: number) => Math.floor(((k + (at + 0.5) / GRID) / GRID) * EVENT_TILE_EXTENT);
    const cluster = above.find((f) => f.count > 1 && Math.floor(f.px / (EVENT_TILE_EXTENT / GRID)) === cell.i && Math.floor(f.py / (EVENT_TILE_EXTENT / GRID)) === cell.j);
    expect(cluster?.count).toBe(4);
    // To the tile unit, give or take one: a point made from a cell's centre comes back through
    // degrees, and the floor of a value that lands on a unit's edge may fall on either side.
    const expected = { x0: scaled(cell.i, 2), y0: scaled(cell.j, 3), x1: scaled(cell.i, 6), y1: scaled(cell.j, 7) };
    for (const [k, v] of Object.entries(expected)) expect(Math.abs((cluster as unknown as Record<string, number>)[k] - v), k).toBeLessThanOrEqual(1);
    // And the world tile counts them too.
    const world = await features({ z: 0, x: 0, y: 0 });
    expect(world.reduce((n, f) => n + f.count, 0)).toBeGreaterThanOrEqual(4);
  });

  it('counts every event once, in its own cell, at every zoom, events on cell and tile boundaries included', async () => {
    const h = await host();
    const area = ancestor(freshTile(), 2); // a z12 tile: 4×4 fresh z14 tiles
    const points: { lat: number; lng: number }[] = [];
    for (let i = 0; i < 24; i++) points.push({ lng: lngOf(area.x + Math.random(), 12), lat: latOf(area.y + Math.random(), 12) });
    // Exactly on boundaries: of a z14 cell (a tile DEPTH zooms deeper), of a z14 tile, of a z13 tile.
    const inner = { x: area.x * 4 + 1, y: area.y * 4 + 2 }; // a z14 tile inside the area
    points.push({ lng: lngOf(inner.x * GRID + 7, 14 + DEPTH), lat: latOf(inner.y * GRID + 5, 14 + DEPTH) });
    points.push({ lng: lngOf(inner.x * GRID + 7, 14 + DEPTH) + 1e-9, lat: latOf(inner.y * GRID + 5, 14 + DEPTH) - 1e-9 });
    points.push({ lng: lngOf(inner.x, 14), lat: latOf(inner.y, 14) });
    points.push({ lng: lngOf(inner.x + 1, 14), lat: latOf(inner.y + 2, 14) });
    const events = await Promise.all(points.map((p) => create(h, eventBody(p))));

    for (const z of [6, 8, 10, 12, 13, 14]) {
      // Where each event belongs: its projected column and row of cells (rows include their
      // north boundary), with the server's arithmetic.
      const rows = 2 ** z * GRID;
      const expected = new Map<string, string[]>();
      points.forEach((p, i) => {
        const cx = Math.floor(((p.lng + 180) / 360) * rows);
        let cy = tileAt(p, z + DEPTH).y;
        while (p.lat > latOf(cy, z + DEPTH)) cy--;
        while (p.lat <= latOf(cy + 1, z + DEPTH)) cy++;
        const key = `${Math.floor(cx / GRID)}/${Math.floor(cy / GRID)}/${cx % GRID}/${cy % GRID}`;
        expected.set(key, [...(expected.get(key) ?? []), events[i].id]);
      });
      const found = new Map<string, string[]>();
      const tiles = new Set([...expected.keys()].map((k) => k.split('/').slice(0, 2).join('/')));
      for (const key of tiles) {
        const [x, y] = key.split('/').map(Number);
        for (const f of await features({ z, x, y }, { userId: h.id })) {
          const cell = `${x}/${y}/${Math.floor(f.px / (EVENT_TILE_EXTENT / GRID))}/${Math.floor(f.py / (EVENT_TILE_EXTENT / GRID))}`;
          expect(found.has(cell), `z${z} ${cell} twice`).toBe(false);
          found.set(cell, f.count === 1 ? [f.id!] : Array.from({ length: f.count }, () => '?'));
          const size = EVENT_TILE_EXTENT / GRID;
          // Position and extent inside the cell.
          for (const [u, v] of [[f.px, f.py], ...(f.count > 1 ? [[f.x0!, f.y0!], [f.x1!, f.y1!]] : [])]) {
            expect(Math.floor(u / size)).toBe(Math.floor(f.px / size));
            expect(Math.floor(v / size)).toBe(Math.floor(f.py / size));
          }
        }
      }
      expect([...found.keys()].sort(), `zoom ${z}`).toEqual([...expected.keys()].sort());
      for (const [cell, ids] of expected) {
        const got = found.get(cell)!;
        expect(got.length, `z${z} ${cell}`).toBe(ids.length);
        if (ids.length === 1) expect(got).toEqual(ids);
      }
    }
  });

  it('keeps the markers of neighbouring cells apart, within a tile and across tiles, by their reach and the gap', async () => {
    const h = await host();
    const tile = freshTile();
    const east = { ...tile, x: tile.x + 1 };
    const edge = 0.49; // cells: right at a cell's edge
    const points = [
      // Either side of an edge between two cells of a row.
      cellCentre(tile, 3, 3, edge, 0),
      cellCentre(tile, 4, 3, -edge, 0),
      // A cluster at a cell's corner and a single event across it, diagonally.
      cellCentre(tile, 2, 5, edge, edge),
      cellCentre(tile, 2, 5, edge - 0.02, edge - 0.02),
      cellCentre(tile, 3, 6, -edge, -edge),
      // Either side of the edge between this tile and the next one east.
      cellCentre(tile, GRID - 1, 1, edge, 0),
      cellCentre(east, 0, 1, -edge, 0),
    ];
    for (const p of points) await create(h, eventBody(p));
    const placed = [
      ...(await features(tile, undefined, { user: h })),
      ...(await features(east, undefined, { user: h })).map((f) => ({ ...f, px: f.px + EVENT_TILE_EXTENT })),
    ];
    expect(placed.reduce((n, f) => n + f.count, 0)).toBe(points.length);
    const unitsPerPx = EVENT_TILE_EXTENT / EVENT_TILE_SIZE_PX;
    for (const [i, a] of placed.entries()) {
      for (const b of placed.slice(i + 1)) {
        // Apart along one axis at least: neither the circles nor their square label boxes meet.
        const apart = Math.max(Math.abs(a.px - b.px), Math.abs(a.py - b.py)) / unitsPerPx;
        expect(apart).toBeGreaterThanOrEqual(markerReach(a.count, a.live ?? 0) + markerReach(b.count, b.live ?? 0) + MARKER_GAP_PX);
      }
    }
    // Each still in the cell its events are in.
    const cellOf = (f: Feature) => `${Math.floor(f.px / (EVENT_TILE_EXTENT / GRID))}/${Math.floor(f.py / (EVENT_TILE_EXTENT / GRID))}`;
    expect(placed.map(cellOf).sort()).toEqual(['2/5', '3/3', '3/6', '4/3', '7/1', '8/1']);
  });

  it('applies every search filter: category, text, area, host, date window', async () => {
    const h = await host();
    const other = await host();
    const tile = freshTile();
    const w = word();
    const jazzy = await create(h, eventBody(cellCentre(tile, 1, 1), { name: `Jazz on Ice ${w}`, tagIds: [jazz.id] }));
    const plain = await create(h, eventBody(cellCentre(tile, 4, 1), { venue: `Penguin Rookery ${w}` }));
    const theirs = await create(other, eventBody(cellCentre(tile, 7, 1)));
    const later = await create(h, eventBody(cellCentre(tile, 6, 1), { startDate: at(T0 + 20 * DAY), endDate: at(T0 + 20 * DAY + HOUR) }));

    expect(await ids(tile)).toEqual(sorted(jazzy, plain, theirs, later));
    expect(await ids(tile, { categoryId: music.id })).toEqual(sorted(jazzy));
    expect(await ids(tile, { categoryId: jazz.id })).toEqual(sorted(jazzy));
    expect(await ids(tile, { searchText: w })).toEqual(sorted(jazzy, plain)); // name, then venue
    expect(await ids(tile, { searchText: `Jazz ${w}` })).toEqual(sorted(jazzy));
    expect(await ids(tile, { areaText: `rookery ${w}`.slice(0, 7) })).toEqual(sorted(plain));
    expect(await ids(tile, { userId: other.id })).toEqual(sorted(theirs));
    expect(await ids(tile, { days: 7 })).toEqual(sorted(jazzy, plain, theirs));
    expect(await ids(tile, { startDate: at(T0 + 15 * DAY), days: 10 })).toEqual(sorted(later));
    expect(await ids(tile, { startDate: at(T0 + 40 * DAY) })).toEqual([]);
    // Counts above are exact for the filters too.
    const above = await features(ancestor(tile, 4), { userId: h.id });
    expect(above.map((f) => f.count)).toEqual([3]);
    expect((await features(ancestor(tile, 4), { userId: h.id, categoryId: music.id })).map((f) => f.count)).toEqual([1]);
  });

  it('shows drafts to their owner only, privately', async () => {
    const h = await host();
    const stranger = await signUp(t);
    const tile = freshTile();
    const draft = await create(h, eventBody(cellCentre(tile, 3, 3), { publishOnDate: at(Date.now() + 2 * DAY) }));
    const out = await create(h, eventBody(cellCentre(tile, 6, 3), { publishOnDate: at(Date.now() - DAY) }));

    expect(await ids(tile)).toEqual(sorted(out));
    expect(await ids(tile, undefined, { user: stranger })).toEqual(sorted(out));
    expect(await ids(tile, undefined, { user: h })).toEqual(sorted(draft, out));
    const res = await get(tile, undefined, { user: h });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // The owner's tile is theirs: another viewer's tag never matches it.
    const anonymous = await get(tile);
    expect(anonymous.headers.etag).not.toBe(res.headers.etag);
    expect((await get(tile, undefined, { user: h, headers: { 'if-none-match': anonymous.headers.etag as string } })).statusCode).toBe(200);
  });

  it('keeps tenants apart', async () => {
    const here = await host();
    const elsewhere = await host(OTHER_TENANT);
    const tile = freshTile();
    const mine = await create(here, eventBody(cellCentre(tile, 2, 2)));
    const theirs = await create(elsewhere, eventBody(cellCentre(tile, 6, 6)), OTHER_TENANT);
    expect(await ids(tile)).toEqual(sorted(mine));
    expect(await ids(tile, undefined, { user: here })).toEqual(sorted(mine));
    expect(await ids(tile, undefined, { tenant: OTHER_TENANT })).toEqual(sorted(theirs));
    expect(await ids(tile, undefined, { user: elsewhere, tenant: OTHER_TENANT })).toEqual(sorted(theirs));
  });

  it('leaves canceled events out unless includeCanceled', async () => {
    const h = await host();
    const tile = freshTile();
    const live = await create(h, eventBody(cellCentre(tile, 2, 2)));
    const canceled = await create(h, eventBody(cellCentre(tile, 5, 2), { status: 3 }));
    expect(await ids(tile)).toEqual(sorted(live));
    expect(await ids(tile, undefined, { user: h })).toEqual(sorted(live));
    expect(await ids(tile, { includeCanceled: true })).toEqual(sorted(live, canceled));
    expect(await ids(tile, { includeCanceled: false })).toEqual(sorted(live));
  });

  it('puts events on either side of the antimeridian in the right tiles', async () => {
    const h = await host();
    const lat = -50 - Math.random() * 5;
    const east = await create(h, eventBody({ lat, lng: 179.9 }));
    const west = await create(h, eventBody({ lat, lng: -179.9 }));
    const edge = await create(h, eventBody({ lat, lng: 180 }));
    const minusEdge = await create(h, eventBody({ lat: lat - 0.01, lng: -180 }));
    const z = 14;
    const n = 2 ** z;
    const eastTile = tileAt({ lat, lng: 179.9 }, z);
    const westTile = tileAt({ lat, lng: -179.9 }, z);
    expect(eastTile.x).toBe(Math.floor((359.9 / 360) * n));
    expect(westTile.x).toBe(Math.floor((0.1 / 360) * n));
    expect(await ids(eastTile)).toEqual(sorted(east));
    expect(await ids(westTile)).toEqual(sorted(west));
    // Longitude 180 is the east edge of the last column; -180 the west edge of the first.
    expect(await ids({ z, x: n - 1, y: eastTile.y })).toEqual(sorted(edge));
    expect(await ids({ z, x: 0, y: tileAt({ lat: lat - 0.01, lng: -180 }, z).y })).toEqual(sorted(minusEdge));
    // At zoom 3 they are in tiles 7 and 0 of their row, never the other.
    const e3 = await features({ z: 3, x: 7, y: tileAt({ lat, lng: 0 }, 3).y }, { userId: h.id });
    const w3 = await features({ z: 3, x: 0, y: tileAt({ lat, lng: 0 }, 3).y }, { userId: h.id });
    expect(e3.reduce((s, f) => s + f.count, 0)).toBe(2);
    expect(w3.reduce((s, f) => s + f.count, 0)).toBe(2);
    // Each in its tile's outermost cells, east at the right, west at the left (the marker kept
    // clear of the cell's edge, its events' extent right at the tile's edge).
    const column = (f: Feature) => Math.floor(f.px / (EVENT_TILE_EXTENT / GRID));
    expect(e3.every((f) => column(f) === GRID - 1 && (f.count === 1 || f.x1! > EVENT_TILE_EXTENT * 0.99))).toBe(true);
    expect(w3.every((f) => column(f) === 0 && (f.count === 1 || f.x0! < EVENT_TILE_EXTENT * 0.01))).toBe(true);
  });

  it('answers 400 validation, and nothing else, for a bad z, x, y or query', async () => {
    const base = pathOf(eventsApi.tile, { z: 0, x: 0, y: 0 }).replace(/\/0\/0\/0$/, '');
    const bad = ['23/0/0', '-1/0/0', '3/8/0', '3/0/8', '3/-1/0', '3/0/-1', '3/1/abc', 'abc/0/0', '1.5/0/0', '3/1e1/0', '3/0x1/0', '3/%20/1', '0/1/0', '99999999999/0/0', '22/4194304/0'];
    for (const path of bad) {
      const res = await call(t.app, 'GET', `${base}/${path}`);
      expect(res.statusCode, path).toBe(400);
      expectProblem(res, 400, 'validation');
    }
    expect((await call(t.app, 'GET', `${base}/22/4194303/4194303`)).statusCode).toBe(200);
    for (const query of ['days=0', 'days=367', 'days=seven', 'includeCanceled=maybe', 'categoryId=jazz', 'userId=1', 'startDate=tomorrow', `searchText=${'x'.repeat(201)}`]) {
      const res = await call(t.app, 'GET', `${base}/3/1/2?${query}`);
      expectProblem(res, 400, 'validation');
    }
  });

  it('answers 304 to a current If-None-Match, and a new tag once the tile changes', async () => {
    const h = await host();
    const tile = freshTile();
    const event = await create(h, eventBody(cellCentre(tile, 2, 2)));
    const first = await get(tile);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const again = await get(tile, undefined, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toMatch(/^public/);
    expect((await get(tile, undefined, { headers: { 'if-none-match': `"0123", W/${etag}` } })).statusCode).toBe(304);
    expect((await get(tile, undefined, { headers: { 'if-none-match': '*' } })).statusCode).toBe(304);
    // Other filters, another tile: other tags.
    expect((await get(tile, { days: 7 }, { headers: { 'if-none-match': etag } })).statusCode).toBe(304); // same tile, same tag
    const filtered = await get(tile, { days: 1 }, { headers: { 'if-none-match': etag } });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers.etag).not.toBe(etag);
    expect((await get({ ...tile, x: tile.x + 1 }, undefined, { headers: { 'if-none-match': etag } })).statusCode).toBe(200);

    // Moving the event changes the tile, so the tag.
    const moved = cellCentre(tile, 6, 6);
    const update = await call(t.app, 'POST', eventsApi.update.path, {
      jwt: h.jwt,
      body: { ...eventBody(moved), id: event.id, name: event.name },
    });
    expect(update.statusCode, update.body).toBe(200);
    const changed = await get(tile, undefined, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(decode(changed).find((f) => f.id === event.id)?.px).toBe(Math.floor((6.5 / GRID) * EVENT_TILE_EXTENT));

    // Tagging it changes the category's tile, not the unfiltered one.
    const byCategory = await get(tile, { categoryId: music.id });
    expect(decode(byCategory)).toEqual([]);
    const tagged = await call(t.app, 'POST', eventsApi.tag.path, { jwt: h.jwt, body: { eventId: event.id, tagId: jazz.id } });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await get(tile, undefined, { headers: { 'if-none-match': changed.headers.etag as string } })).statusCode).toBe(304);
    const afterTag = await get(tile, { categoryId: music.id }, { headers: { 'if-none-match': byCategory.headers.etag as string } });
    expect(afterTag.statusCode).toBe(200);
    expect(decode(afterTag).map((f) => f.id)).toEqual([event.id]);
    // A delete empties it.
    const deleted = await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: event.id }), { jwt: h.jwt });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await get(tile, undefined, { headers: { 'if-none-match': changed.headers.etag as string } });
    expect(gone.statusCode).toBe(200);
    expect(decode(gone)).toEqual([]);
  });

  it('goes out compressed when asked', async () => {
    const h = await host();
    const tile = freshTile();
    for (let i = 0; i < 30; i++) await create(h, eventBody(cellCentre(tile, i % GRID, Math.floor(i / GRID))));
    const plain = await get(tile);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await get(tile, undefined, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/X-Tenant/i);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Chromium's header: brotli; from the cache too, with the same tag.
    for (let i = 0; i < 2; i++) {
      const br = await get(tile, undefined, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    // What the client refuses it does not get.
    expect((await get(tile, undefined, { headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers['content-encoding']).toBe('gzip');
    expect((await get(tile, undefined, { headers: { 'accept-encoding': '*' } })).headers['content-encoding']).toBe('br');
    expect((await get(tile, undefined, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0, *' } })).headers['content-encoding']).toBeUndefined();
    expect((await get(tile, undefined, { headers: { 'accept-encoding': 'identity, deflate' } })).headers['content-encoding']).toBeUndefined();
    // A small tile goes as it is.
    const small = freshTile();
    await create(h, eventBody(cellCentre(small, 1, 1)));
    const one = await get(small, undefined, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(one)).toHaveLength(1);
  });
});

describe('tiles cached by data version', () => {
  /** How many tiles the app computed and served from its cache since `before`. */
  const since = (before: { hits: number; computed: number }) => {
    const now = tileCacheStats(t.app.ctx);
    return { hits: now.hits - before.hits, computed: now.computed - before.computed };
  };

  it('serves an unchanged tile again from the cache, with the same bytes and tag, 200 or 304', async () => {
    const h = await host();
    const tile = freshTile();
    const event = await create(h, eventBody(cellCentre(tile, 4, 4)));
    const before = tileCacheStats(t.app.ctx);
    const first = await get(tile);
    expect(since(before)).toEqual({ hits: 0, computed: 1 });
    const again = await get(tile);
    expect(since(before)).toEqual({ hits: 1, computed: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(decode(again).map((f) => f.id)).toEqual([event.id]);
    // A 304 round trip from the cache.
    const revalidated = await get(tile, undefined, { headers: { 'if-none-match': first.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(since(before)).toEqual({ hits: 2, computed: 1 });
    // The same filters written another way are the same tile; other filters another one.
    await get(tile, { days: 30, includeCanceled: false });
    expect(since(before)).toEqual({ hits: 3, computed: 1 });
    await get(tile, { days: 29 });
    expect(since(before).computed).toBe(2);
  });

  it('computes a tile once for a burst of requests', async () => {
    const h = await host();
    const tile = freshTile();
    await create(h, eventBody(cellCentre(tile, 1, 1)));
    const before = tileCacheStats(t.app.ctx);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(tile)));
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
    expect(since(before).computed).toBe(1);
  });

  it('never serves a stale tile after an event in view is created, updated, tagged or deleted', async () => {
    const h = await host();
    const tile = freshTile();
    const up = ancestor(tile, 3);
    /** The tile and its ancestor, each asked twice so the second answer is a cache hit. */
    const look = async (query?: TileQuery) => {
      const [a, b] = [await ids(tile, query), await ids(tile, query)];
      expect(b).toEqual(a);
      const [c, d] = [await features(up, { ...query, userId: h.id }), await features(up, { ...query, userId: h.id })];
      expect(d).toEqual(c);
      return { ids: a, count: c.reduce((n, f) => n + f.count, 0) };
    };
    expect(await look()).toEqual({ ids: [], count: 0 });
    expect(await look({ categoryId: music.id })).toEqual({ ids: [], count: 0 });

    const a = await create(h, eventBody(cellCentre(tile, 2, 2)));
    expect(await look()).toEqual({ ids: sorted(a), count: 1 });
    const b = await create(h, eventBody(cellCentre(tile, 6, 6)));
    expect(await look()).toEqual({ ids: sorted(a, b), count: 2 });

    // Moved out of the tile (far away), then its name changed back in place: each write shows.
    const away = { lat: -40, lng: 170 };
    let res = await call(t.app, 'POST', eventsApi.update.path, { jwt: h.jwt, body: { ...eventBody(away), id: a.id, name: a.name } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await look()).toEqual({ ids: sorted(b), count: 1 });
    res = await call(t.app, 'POST', eventsApi.update.path, { jwt: h.jwt, body: { ...eventBody(cellCentre(tile, 7, 7)), id: a.id, name: a.name } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await look()).toEqual({ ids: sorted(a, b), count: 2 });

    // Tagged: the category's tiles change.
    res = await call(t.app, 'POST', eventsApi.tag.path, { jwt: h.jwt, body: { eventId: b.id, tagId: jazz.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await look({ categoryId: music.id })).toEqual({ ids: sorted(b), count: 1 });

    // Canceled: out of the default tiles, still in those that include canceled events.
    res = await call(t.app, 'POST', eventsApi.update.path, { jwt: h.jwt, body: { ...eventBody(cellCentre(tile, 7, 7)), id: a.id, name: a.name, status: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await look()).toEqual({ ids: sorted(b), count: 1 });
    expect(await look({ includeCanceled: true })).toEqual({ ids: sorted(a, b), count: 2 });

    // Deleted.
    res = await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: b.id }), { jwt: h.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(await look()).toEqual({ ids: [], count: 0 });
    expect(await look({ categoryId: music.id })).toEqual({ ids: [], count: 0 });
  });

  it("keeps a tenant's cached tiles through another tenant's writes", async () => {
    const here = await host();
    const elsewhere = await host(OTHER_TENANT);
    const tile = freshTile();
    const mine = await create(here, eventBody(cellCentre(tile, 3, 3)));
    const first = await get(tile);
    const before = tileCacheStats(t.app.ctx);
    // The other tenant writes in the very same tile.
    const theirs = await create(elsewhere, eventBody(cellCentre(tile, 6, 6)), OTHER_TENANT);
    const again = await get(tile);
    expect(since(before)).toEqual({ hits: 1, computed: 0 });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(decode(again).map((f) => f.id)).toEqual([mine.id]);
    // Theirs shows in their tenant's tile.
    expect(await ids(tile, undefined, { tenant: OTHER_TENANT })).toEqual(sorted(theirs));
  });

  it("shows a draft to its owner and to nobody else, from the cache too", async () => {
    const h = await host();
    const stranger = await signUp(t);
    const tile = freshTile();
    const draft = await create(h, eventBody(cellCentre(tile, 3, 3), { publishOnDate: at(Date.now() + 2 * DAY) }));
    const out = await create(h, eventBody(cellCentre(tile, 6, 3)));
    const before = tileCacheStats(t.app.ctx);
    for (let round = 0; round < 2; round++) {
      // Alternating viewers, each twice: whoever asked first, each sees their own tile.
      expect(await ids(tile, undefined, { user: h })).toEqual(sorted(draft, out));
      expect(await ids(tile, undefined, { user: stranger })).toEqual(sorted(out));
      expect(await ids(tile)).toEqual(sorted(out));
      expect(await ids(tile, undefined, { user: h })).toEqual(sorted(draft, out));
      // Counts above are the viewer's too.
      const count = async (user?: TestUser) => (await features(ancestor(tile, 4), { userId: h.id }, { user })).reduce((n, f) => n + f.count, 0);
      expect(await count(h)).toBe(2);
      expect(await count(stranger)).toBe(1);
      expect(await count()).toBe(1);
    }
    // Three viewers, two tiles each: computed once per viewer and tile (6), the other 8 answers hits.
    expect(since(before)).toEqual({ hits: 8, computed: 6 });
  });

  it('shows a scheduled event once its publish time has passed, with no write in between', async () => {
    const saved = clock;
    try {
      const h = await host();
      const tile = freshTile();
      const publishOn = clock + 90_000;
      const body = eventBody(cellCentre(tile, 5, 5), { publishOnDate: at(publishOn) });
      const scheduled = await create(h, body);
      const hidden = await get(tile);
      expect(decode(hidden)).toEqual([]);
      const before = tileCacheStats(t.app.ctx);
      expect(decode(await get(tile))).toEqual([]);
      expect(since(before)).toEqual({ hits: 1, computed: 0 });
      // A minute on, the tile is computed again; still before the publish time, so the same tag.
      clock += 60_000;
      const still = await get(tile, undefined, { headers: { 'if-none-match': hidden.headers.etag as string } });
      expect(still.statusCode).toBe(304);
      expect(since(before)).toEqual({ hits: 1, computed: 1 });
      // Its minute come: shown, though nothing was written.
      clock = publishOn + 60_000;
      const shown = await get(tile, undefined, { headers: { 'if-none-match': hidden.headers.etag as string } });
      expect(shown.statusCode).toBe(200);
      expect(decode(shown).map((f) => f.id)).toEqual([scheduled.id]);
      // Without a startDate the window starts now: once the event is over, it leaves the tile...
      clock = Date.parse(body.endDate as string) + 60_000;
      expect(decode(await get(tile))).toEqual([]);
      // ...and stays in a window that starts before it.
      expect(await ids(tile, { startDate: body.startDate as string })).toEqual([scheduled.id]);
    } finally {
      clock = saved;
    }
  });
});
