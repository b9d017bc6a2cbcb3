import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventPartnersSchema,
  EventSchema,
  EventSearchResultSchema,
  attractionsApi,
  calendarsApi,
  eventsApi,
  pathOf,
  tileQueryString,
  type Calendar,
  type EventPartners,
  type HubEvent,
} from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectDetailedProblem } from './support/problem.js';
import { tileFeatures } from './support/tiles.js';

// The partners drawer (issue 27): who is behind the events of a search, and the `partner` filter
// that the search list, the map's tiles and saved-search feeds share.

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 2 * 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();

/** A z10 tile of the empty South Pacific, so the box holds only this file's events. */
const TILE = { z: 10, x: Math.floor(((-140 + Math.random() * 10 + 180) / 360) * 1024), y: Math.floor(1024 * (0.62 + Math.random() * 0.04)) };
const lngOf = (x: number) => (x / 1024) * 360 - 180;
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 1024))) * 180) / Math.PI;
const BOX = { minLatitude: latOf(TILE.y + 1), maxLatitude: latOf(TILE.y), minLongitude: lngOf(TILE.x), maxLongitude: lngOf(TILE.x + 1) };
const WINDOW = { startDate: at(T0 - HOUR), days: 3 };
/** A point of the box, apart from the others (each event its own tile cell). */
const spot = (i: number) => ({
  latitude: BOX.minLatitude + ((BOX.maxLatitude - BOX.minLatitude) * (i + 1)) / 8,
  longitude: BOX.minLongitude + ((BOX.maxLongitude - BOX.minLongitude) * (i + 1)) / 8,
});

async function host(name: string): Promise<TestUser> {
  const user = await signUp(t, { name });
  await usePlan(t, user, 'Enterprise');
  return user;
}

let n = 0;
async function event(user: TestUser, lineUp: { name: string; kind: string }[], extra: Record<string, unknown> = {}): Promise<HubEvent> {
  const body = { name: `Harbour night ${randomUUID().slice(0, 8)}`, startDate: at(T0), endDate: at(T0 + 4 * HOUR), area: spot(n++), ...extra };
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body });
  expect(res.statusCode, res.body).toBe(200);
  const created = EventSchema.parse(res.json());
  for (const attraction of lineUp) {
    const added = await call(t.app, 'POST', attractionsApi.create.path, { jwt: user.jwt, body: { eventId: created.id, ...attraction } });
    expect(added.statusCode, added.body).toBe(200);
  }
  return created;
}

async function partners(body: Record<string, unknown> = {}, user?: TestUser): Promise<EventPartners> {
  const res = await call(t.app, 'POST', eventsApi.partners.path, { jwt: user?.jwt, body: { ...BOX, ...WINDOW, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return EventPartnersSchema.strict().parse(res.json());
}

async function searchIds(body: Record<string, unknown>): Promise<string[]> {
  const res = await call(t.app, 'POST', eventsApi.search.path, { body: { ...BOX, ...WINDOW, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return EventSearchResultSchema.parse(res.json())
    .events.map((e) => e.id)
    .sort();
}

async function tileIds(query: Record<string, string>): Promise<string[]> {
  const res = await call(t.app, 'GET', pathOf(eventsApi.tile, TILE) + tileQueryString({ ...WINDOW, ...query }));
  expect(res.statusCode, res.body).toBe(200);
  return tileFeatures(res)
    .map((f) => {
      expect(f.count, 'each event has a cell of its own').toBe(1);
      return f.id!;
    })
    .sort();
}

const ids = (...events: HubEvent[]) => events.map((e) => e.id).sort();

describe('the partners drawer and the partner filter', () => {
  let ann: TestUser, bo: TestUser;
  let annJazz: HubEvent, annMarket: HubEvent, boFair: HubEvent, boDraft: HubEvent;
  beforeAll(async () => {
    [ann, bo] = [await host('Ann Harbour'), await host('Bo Pier')];
    annJazz = await event(ann, [
      { name: 'Blue Note Records', kind: 'sponsor' },
      { name: 'The Quartet', kind: 'performer' },
    ]);
    annMarket = await event(ann, [
      { name: 'BLUE NOTE RECORDS', kind: 'sponsor' },
      { name: 'Harbour Trust', kind: 'partner' },
    ]);
    boFair = await event(bo, [
      { name: 'Harbour Trust', kind: 'partner' },
      // A performer of this name is not a partner: only partners and sponsors count.
      { name: 'Blue Note Records', kind: 'performer' },
    ]);
    // Published in a week: only its host sees it before then.
    boDraft = await event(bo, [{ name: 'Blue Note Records', kind: 'sponsor' }], { publishOnDate: at(T0 - 2 * HOUR + 7 * 86_400_000) });
  });

  it('lists the hosts and the partners and sponsors of the events in view, by how many events are theirs', async () => {
    const answer = await partners();
    expect(answer).toEqual({
      hosts: [
        { userId: ann.id, name: 'Ann Harbour', events: 2 },
        { userId: bo.id, name: 'Bo Pier', events: 1 },
      ],
      partners: [
        // One entry per name in any case, keyed by the lower-cased name the filter takes.
        { key: 'blue note records', name: 'BLUE NOTE RECORDS', kind: 'sponsor', picturePath: null, events: 2 },
        { key: 'harbour trust', name: 'Harbour Trust', kind: 'partner', picturePath: null, events: 2 },
      ],
      counted: 3,
      complete: true,
    });
    // The host sees their draft counted too, as their search shows it.
    const mine = await partners({}, bo);
    expect(mine.hosts.find((h) => h.userId === bo.id)?.events).toBe(2);
    expect(mine.partners.find((p) => p.key === 'blue note records')?.events).toBe(3);
  });

  it("follows the search's own filters: text, host and window", async () => {
    const bosOnly = await partners({ userId: bo.id });
    expect(bosOnly.hosts).toEqual([{ userId: bo.id, name: 'Bo Pier', events: 1 }]);
    expect(bosOnly.partners.map((p) => p.key)).toEqual(['harbour trust']);
    expect(await partners({ startDate: at(T0 + 86_400_000), days: 1 })).toEqual({ hosts: [], partners: [], counted: 0, complete: true });
  });

  it('a partner filters the list, the tiles and a saved-search feed alike, in any case', async () => {
    expect(await searchIds({ partner: 'Blue Note Records' })).toEqual(ids(annJazz, annMarket));
    expect(await searchIds({ partner: '  harbour TRUST ' })).toEqual(ids(annMarket, boFair));
    expect(await searchIds({ partner: 'The Quartet' }), 'a performer is not a partner').toEqual([]);
    expect(await tileIds({ partner: 'blue note records' })).toEqual(ids(annJazz, annMarket));
    expect(await tileIds({})).toEqual(ids(annJazz, annMarket, boFair));

    const saver = await signUp(t);
    const res = await call(t.app, 'POST', calendarsApi.create.path, {
      jwt: saver.jwt,
      body: { name: 'Blue Note nights', kind: 'search', query: { partner: 'Blue Note Records', box: BOX, days: 10 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const calendar = res.json() as Calendar;
    expect(calendar.query?.partner).toBe('blue note records');
    const feed = await t.app.inject({ method: 'GET', url: new URL(calendar.feedUrl).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(annJazz.name);
    expect(feed.body).toContain(annMarket.name);
    expect(feed.body).not.toContain(boFair.name);
    expect(feed.body).not.toContain(boDraft.name);
  });

  it('a host filters by userId as before, and bad input is a Problem naming the field', async () => {
    expect(await searchIds({ userId: bo.id })).toEqual(ids(boFair));
    const long = 'x'.repeat(121);
    for (const path of [eventsApi.partners.path, eventsApi.search.path]) {
      const res = await call(t.app, 'POST', path, { body: { partner: long } });
      expect(expectDetailedProblem(res, 400, 'validation').errors).toHaveProperty('partner');
      expectDetailedProblem(await call(t.app, 'POST', path, { body: { userId: 'not-an-id' } }), 400, 'validation');
    }
    const tile = await call(t.app, 'GET', pathOf(eventsApi.tile, TILE) + tileQueryString({ partner: long }));
    expectDetailedProblem(tile, 400, 'validation');
  });
});
