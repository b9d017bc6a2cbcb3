import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventSchema,
  EventSearchResultSchema,
  EventStatus,
  eventsApi,
  pathOf,
  tileQueryString,
  type EventSearchRequest,
  type HubEvent,
  type TileQuery,
} from '@hubbub/contract';
import { setEventStatus } from '../src/modules/events/service.js';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectDetailedProblem } from './support/problem.js';
import { tileFeatures } from './support/tiles.js';

// "Live now" on the search page: the list and the map's tiles share one filter (search-filter.ts),
// so both must show the same events, the ones whose buzz runs now, and nothing else.

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const NOW = Date.now();
const at = (ms: number) => new Date(ms).toISOString();

// ---- Tile arithmetic (web mercator), as the map computes it ----
const GRID = 16; // cells per tile side
interface Tile {
  z: number;
  x: number;
  y: number;
}
const lngOf = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const latOf = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
const cellCentre = (tile: Tile, i: number, j: number) => ({ lng: lngOf(tile.x + (i + 0.5) / GRID, tile.z), lat: latOf(tile.y + (j + 0.5) / GRID, tile.z) });
/** A random z10 tile of the empty South Pacific, so it holds only this test's events. */
function freshTile(): Tile {
  const n = 2 ** 10;
  return { z: 10, x: Math.floor(((-150 + Math.random() * 20 + 180) / 360) * n), y: Math.floor(n * (0.62 + Math.random() * 0.04)) };
}
const boxOf = (tile: Tile) => ({
  minLatitude: latOf(tile.y + 1, tile.z),
  maxLatitude: latOf(tile.y, tile.z),
  minLongitude: lngOf(tile.x, tile.z),
  maxLongitude: lngOf(tile.x + 1, tile.z),
});

async function host(): Promise<TestUser> {
  const user = await signUp(t);
  await usePlan(t, user, 'Pro');
  return user;
}

/** An event running from an hour ago for six hours at p; `live` starts its buzz. */
async function event(user: TestUser, p: { lat: number; lng: number }, opts: { live?: boolean; startMs?: number } = {}): Promise<HubEvent> {
  const startMs = opts.startMs ?? NOW - HOUR;
  const body = {
    name: `Live fair ${randomUUID().slice(0, 8)}`,
    startDate: at(startMs),
    endDate: at(startMs + 6 * HOUR),
    timeZone: 'Pacific/Tahiti',
    area: { name: 'Reef', type: 4, latitude: p.lat, longitude: p.lng },
  };
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body });
  expect([200, 201], res.body).toContain(res.statusCode);
  const created = EventSchema.parse(res.json());
  if (opts.live) await setEventStatus({ ctx: t.app.ctx, eventId: created.id, status: EventStatus.Started });
  return created;
}

async function searchIds(body: EventSearchRequest): Promise<string[]> {
  const res = await call(t.app, 'POST', eventsApi.search.path, { body });
  expect(res.statusCode, res.body).toBe(200);
  const result = EventSearchResultSchema.strict().parse(res.json());
  expect(result.totalCount).toBe(result.events.length);
  return result.events.map((e) => e.id).sort();
}

function getTile(tile: Tile, query?: TileQuery) {
  return call(t.app, 'GET', pathOf(eventsApi.tile, { z: tile.z, x: tile.x, y: tile.y }) + tileQueryString(query));
}

async function tileIds(tile: Tile, query?: TileQuery): Promise<string[]> {
  const res = await getTile(tile, query);
  expect(res.statusCode, res.body).toBe(200);
  return tileFeatures(res)
    .map((f) => {
      expect(f.count, 'each event has a cell of its own').toBe(1);
      return f.id!;
    })
    .sort();
}

const sorted = (...events: HubEvent[]) => events.map((e) => e.id).sort();

describe('live: only events whose buzz runs now', () => {
  it('the list and the tiles show the live events of the box and window, and agree', async () => {
    const h = await host();
    const tile = freshTile();
    const live = await event(h, cellCentre(tile, 3, 4), { live: true });
    const alsoLive = await event(h, cellCentre(tile, 11, 9), { live: true });
    const running = await event(h, cellCentre(tile, 7, 7));
    const later = await event(h, cellCentre(tile, 12, 2), { startMs: NOW + 48 * HOUR });
    const box = boxOf(tile);

    expect(await searchIds({ ...box })).toEqual(sorted(live, alsoLive, running, later));
    expect(await searchIds({ ...box, live: false })).toEqual(sorted(live, alsoLive, running, later));
    expect(await searchIds({ ...box, live: true })).toEqual(sorted(live, alsoLive));
    // Filters combine: text narrows the live ones too.
    expect(await searchIds({ ...box, live: true, searchText: live.name.split(' ')[2] })).toEqual(sorted(live));

    expect(await tileIds(tile)).toEqual(sorted(live, alsoLive, running, later));
    expect(await tileIds(tile, { live: false })).toEqual(sorted(live, alsoLive, running, later));
    expect(await tileIds(tile, { live: true })).toEqual(sorted(live, alsoLive));
    const cells = tileFeatures(await getTile(tile, { live: true }));
    expect(cells.every((c) => c.live === 1)).toBe(true);
  });

  it('a buzz that stops leaves the filter, in the list and on the tiles', async () => {
    const h = await host();
    const tile = freshTile();
    const live = await event(h, cellCentre(tile, 5, 5), { live: true });
    expect(await searchIds({ ...boxOf(tile), live: true })).toEqual(sorted(live));
    expect(await tileIds(tile, { live: true })).toEqual(sorted(live));

    await setEventStatus({ ctx: t.app.ctx, eventId: live.id, status: EventStatus.Completed });
    expect(await searchIds({ ...boxOf(tile), live: true })).toEqual([]);
    expect(await tileIds(tile, { live: true })).toEqual([]);
  });

  it('rejects a tile query whose live is not true or false, and a search whose live is not a boolean', async () => {
    const tile = freshTile();
    expectDetailedProblem(await getTile(tile, { live: 'yes please' }), 400);
    expectDetailedProblem(await call(t.app, 'POST', eventsApi.search.path, { body: { live: 'true' } }), 400);
  });
});
