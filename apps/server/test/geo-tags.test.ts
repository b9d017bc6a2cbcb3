import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CitySchema, EventSchema, EventSearchResultSchema, TagSchema, geoApi, tagsApi, type City, type HubEvent, type Tag, eventsApi, pathOf } from '@hubbub/contract';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { expectDetailedProblem as expectProblem } from './support/problem.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());


const Cities = z.array(CitySchema.strict());
const Tags = z.array(TagSchema.strict());
const UNKNOWN_ID = '7d3f5c1e-0000-4000-8000-0000000000a1';
const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * DAY;
const at = (ms: number) => new Date(ms).toISOString();
const word = () => `q${randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function cities(query: string): Promise<City[]> {
  const res = await call(t.app, 'GET', `${geoApi.cities.path}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return Cities.parse(res.json());
}

async function nearby(query: string): Promise<City[]> {
  const res = await call(t.app, 'GET', `${geoApi.citiesNearby.path}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return Cities.parse(res.json());
}

async function areaCities(body: Record<string, unknown>): Promise<City[]> {
  const res = await call(t.app, 'POST', geoApi.areaCities.path, { body });
  expect(res.statusCode, res.body).toBe(200);
  return Cities.parse(res.json());
}

const isNonIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);

describe('GET geo/cities/', () => {
  it('"omaha" answers Omaha, NE first', async () => {
    const found = await cities('?search=omaha');
    expect(found[0]).toMatchObject({ name: 'Omaha', state: 'NE', country: 'US', distanceKm: null });
    expect(found[0].population).toBeGreaterThan(400_000);
    expect(found[0].latitude).toBeCloseTo(41.26, 1);
    expect(found[0].longitude).toBeCloseTo(-95.94, 1);
    expect((await cities('?search=OMAHA'))[0].id).toBe(found[0].id);
    expect((await cities('?search=%20%20omaha%20'))[0].id).toBe(found[0].id);
  });

  it('a prefix ranks the largest cities first ("san": San Antonio, San Diego, San Jose before small towns)', async () => {
    const found = await cities('?search=san&limit=20');
    expect(found).toHaveLength(20);
    expect(found.every((c) => c.name.toLowerCase().startsWith('san'))).toBe(true);
    expect(isNonIncreasing(found.map((c) => c.population))).toBe(true);
    const names = found.map((c) => `${c.name}, ${c.state ?? c.country}`);
    for (const big of ['San Antonio, TX', 'San Diego, CA', 'San Jose, CA']) expect(names).toContain(big);
    const sanJose = names.indexOf('San Jose, CA');
    expect(found.slice(0, sanJose).every((c) => c.population > 1_000_000)).toBe(true);
  });

  it('limit bounds the answer (default 10)', async () => {
    expect(await cities('?search=san')).toHaveLength(10);
    expect(await cities('?search=san&limit=3')).toHaveLength(3);
    expect(await cities('?search=san&limit=50')).toHaveLength(50);
  });

  it('fuzzy: "sprngfield" finds Springfield', async () => {
    const found = await cities('?search=sprngfield');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0].name).toBe('Springfield');
    expect(found.filter((c) => c.name === 'Springfield').length).toBeGreaterThan(3);
  });

  it('"Springfield, IL" narrows by state; "Paris, FR" by country', async () => {
    const il = await cities('?search=Springfield%2C%20IL');
    expect(il.length).toBeGreaterThan(0);
    expect(il[0]).toMatchObject({ name: 'Springfield', state: 'IL', country: 'US' });
    expect(il.every((c) => c.state === 'IL')).toBe(true);
    expect((await cities('?search=springfield,il'))[0].id).toBe(il[0].id);
    const paris = await cities('?search=Paris,%20FR');
    expect(paris[0]).toMatchObject({ name: 'Paris', country: 'FR', state: null });
    expect(paris.every((c) => c.country === 'FR')).toBe(true);
  });

  it('a name nothing resembles answers []', async () => {
    expect(await cities('?search=xqzxqzxqz')).toEqual([]);
  });

  it.each([
    ['missing search', ''],
    ['empty search', '?search='],
    ['blank search', '?search=%20%20%20'],
    ['search of 101 characters', `?search=${'a'.repeat(101)}`],
    ['limit 51', '?search=omaha&limit=51'],
    ['limit 0', '?search=omaha&limit=0'],
    ['limit "ten"', '?search=omaha&limit=ten'],
    ['limit 2.5', '?search=omaha&limit=2.5'],
  ])('%s → 400', async (_label, query) => {
    expectProblem(await call(t.app, 'GET', `${geoApi.cities.path}${query}`), 400);
  });

  it('needs the tenant header like every API call', async () => {
    expectProblem(await call(t.app, 'GET', `${geoApi.cities.path}?search=omaha`, { tenant: null }), 400);
  });
});

describe('GET geo/cities-nearby/', () => {
  it('answers the nearest city first, with its distance in km', async () => {
    const found = await nearby('?latitude=41.2565&longitude=-95.9345');
    expect(found).toHaveLength(10);
    expect(found[0]).toMatchObject({ name: 'Omaha', state: 'NE' });
    expect(found[0].distanceKm).toBeLessThan(2);
    for (const c of found) {
      expect(c.distanceKm).toEqual(expect.any(Number));
      expect(c.distanceKm).toBeGreaterThanOrEqual(0);
      expect(c.distanceKm).toBeLessThan(60);
    }
    expect(await nearby('?latitude=41.2565&longitude=-95.9345&limit=3')).toHaveLength(3);
  });

  it('distanceKm is the great-circle distance (New York to its own centre is ~0; Omaha is ~1,850 km from New York)', async () => {
    const [nyc] = await nearby('?latitude=40.7128&longitude=-74.006&limit=1');
    expect(nyc.distanceKm).toBeLessThan(5);
    const far = await nearby('?latitude=0&longitude=-160&limit=1');
    // The middle of the Pacific: the nearest city is hundreds of km away.
    expect(far[0].distanceKm).toBeGreaterThan(500);
  });

  it.each([
    ['latitude 91', '?latitude=91&longitude=0'],
    ['latitude -91', '?latitude=-91&longitude=0'],
    ['longitude 181', '?latitude=0&longitude=181'],
    ['latitude not a number', '?latitude=north&longitude=0'],
    ['latitude missing', '?longitude=0'],
    ['longitude missing', '?latitude=0'],
    ['limit 51', '?latitude=0&longitude=0&limit=51'],
    ['limit 0', '?latitude=0&longitude=0&limit=0'],
  ])('%s → 400', async (_label, query) => {
    expectProblem(await call(t.app, 'GET', `${geoApi.citiesNearby.path}${query}`), 400);
  });
});

describe('POST area/cities/', () => {
  it("answers the cities inside an area's view, largest first", async () => {
    const found = await areaCities({ latitude: 41.25, longitude: -95.94, zoom: 9 });
    expect(found.length).toBeGreaterThan(5);
    expect(found.length).toBeLessThanOrEqual(50);
    expect(found[0]).toMatchObject({ name: 'Omaha', state: 'NE' });
    expect(isNonIncreasing(found.map((c) => c.population))).toBe(true);
    // Zoom 9 on a 1280x800 view spans under a degree each way from the centre.
    for (const c of found) {
      expect(Math.abs(c.latitude - 41.25)).toBeLessThan(1);
      expect(Math.abs(c.longitude + 95.94)).toBeLessThan(1);
    }
    expect(found.map((c) => c.name)).toContain('Council Bluffs');
  });

  it('a closer zoom shows fewer cities; limit bounds the list', async () => {
    const wide = await areaCities({ latitude: 41.25, longitude: -95.94, zoom: 7, limit: 200 });
    const close = await areaCities({ latitude: 41.25, longitude: -95.94, zoom: 11, limit: 200 });
    expect(close.length).toBeLessThan(wide.length);
    expect(await areaCities({ latitude: 41.25, longitude: -95.94, zoom: 7, limit: 5 })).toHaveLength(5);
  });

  it('an explicit box wins over the zoom, and may cross the antimeridian', async () => {
    const box = { minLatitude: 40, maxLatitude: 42, minLongitude: -97, maxLongitude: -95 };
    const found = await areaCities({ latitude: 0, longitude: 0, zoom: 1, ...box });
    expect(found[0]).toMatchObject({ name: 'Omaha' });
    for (const c of found) {
      expect(c.latitude).toBeGreaterThanOrEqual(40);
      expect(c.latitude).toBeLessThanOrEqual(42);
      expect(c.longitude).toBeGreaterThanOrEqual(-97);
      expect(c.longitude).toBeLessThanOrEqual(-95);
    }
    const pacific = await areaCities({ latitude: 0, longitude: 180, zoom: 1, minLatitude: -25, maxLatitude: 25, minLongitude: 170, maxLongitude: -150 });
    expect(pacific.length).toBeGreaterThan(0);
    expect(pacific.every((c) => c.longitude >= 170 || c.longitude <= -150)).toBe(true);
    expect(pacific.some((c) => c.longitude > 0) && pacific.some((c) => c.longitude < 0)).toBe(true);
  });

  it('the middle of the Pacific has no cities', async () => {
    expect(await areaCities({ latitude: -35, longitude: -135, zoom: 8 })).toEqual([]);
  });

  it.each([
    ['zoom missing', { latitude: 41, longitude: -96 }],
    ['latitude missing', { longitude: -96, zoom: 9 }],
    ['latitude 91', { latitude: 91, longitude: -96, zoom: 9 }],
    ['longitude -181', { latitude: 41, longitude: -181, zoom: 9 }],
    ['zoom 23', { latitude: 41, longitude: -96, zoom: 23 }],
    ['zoom -1', { latitude: 41, longitude: -96, zoom: -1 }],
    ['limit 201', { latitude: 41, longitude: -96, zoom: 9, limit: 201 }],
    ['box latitude 100', { latitude: 41, longitude: -96, zoom: 9, minLatitude: 0, maxLatitude: 100, minLongitude: 0, maxLongitude: 1 }],
    ['latitude as a string', { latitude: '41', longitude: -96, zoom: 9 }],
  ])('%s → 400', async (_label, body) => {
    expectProblem(await call(t.app, 'POST', geoApi.areaCities.path, { body }), 400);
  });
});

describe('tags', () => {
  let categories: Tag[];
  let music: Tag;
  beforeAll(async () => {
    const res = await call(t.app, 'GET', tagsApi.categories.path);
    expect(res.statusCode).toBe(200);
    categories = Tags.parse(res.json());
    music = categories.find((c) => c.name === 'Music')!;
  });

  async function tagSearch(body: Record<string, unknown>, tenant?: string): Promise<Tag[]> {
    const res = await call(t.app, 'POST', tagsApi.search.path, { body, tenant });
    expect(res.statusCode, res.body).toBe(200);
    return Tags.parse(res.json());
  }

  it('tag/categories answers the 14 categories, sorted by name', async () => {
    expect(categories).toHaveLength(14);
    expect(categories.every((c) => c.isCategory && c.categoryId === null)).toBe(true);
    const names = categories.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['Music', 'Food & Drink', 'Outdoors', 'Technology', 'Charity & Causes']));
    // Each tenant has its own catalogue.
    const other = Tags.parse((await call(t.app, 'GET', tagsApi.categories.path, { tenant: OTHER_TENANT })).json());
    expect(other.map((c) => c.name)).toEqual(names);
    expect(other.map((c) => c.id)).not.toContain(music.id);
  });

  it('tag/search finds tags by text, case-insensitively, prefix matches first', async () => {
    expect((await tagSearch({ searchText: 'jaz' })).map((tag) => tag.name)).toEqual(['Jazz']);
    const jazz = (await tagSearch({ searchText: 'JAZZ' }))[0];
    expect(jazz).toEqual({ id: expect.any(String), name: 'Jazz', categoryId: music.id, isCategory: false });
    expect(await tagSearch({ searchText: 'zzzqqq' })).toEqual([]);
    const hip = await tagSearch({ searchText: 'hop' });
    expect(hip.map((tag) => tag.name)).toContain('Hip-Hop');
  });

  it('tag/search by categoryId answers the category and its tags', async () => {
    const inMusic = await tagSearch({ categoryId: music.id });
    expect(inMusic.map((tag) => tag.name).sort()).toEqual(['Classical', 'Country', 'Electronic', 'Folk', 'Hip-Hop', 'Jazz', 'Music', 'Open Mic', 'Rock'].sort());
    expect(inMusic.filter((tag) => !tag.isCategory).every((tag) => tag.categoryId === music.id)).toBe(true);
    expect((await tagSearch({ categoryId: music.id, searchText: 'ro' })).map((tag) => tag.name)).toEqual(['Rock', 'Electronic']);
    expect(await tagSearch({ categoryId: UNKNOWN_ID })).toEqual([]);
  });

  it('tag/search with no text answers at most 50 tags', async () => {
    const all = await tagSearch({});
    expect(all.length).toBeGreaterThan(14);
    expect(all.length).toBeLessThanOrEqual(50);
  });

  it.each([
    ['categoryId not a uuid', { categoryId: 'nope' }],
    ['searchText of 61 characters', { searchText: 's'.repeat(61) }],
    ['searchText a number', { searchText: 5 }],
    ['body a string', 'music'],
  ])('tag/search: %s → 400', async (_label, body) => {
    expectProblem(await call(t.app, 'POST', tagsApi.search.path, { body }), 400);
  });

  describe('event/tag/', () => {
    let host: TestUser;
    let stranger: TestUser;
    let event: HubEvent;
    let birds: Tag;
    let kayak: Tag;
    const searchWord = word();

    async function read(): Promise<HubEvent> {
      const res = await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }));
      expect(res.statusCode).toBe(200);
      return EventSchema.parse(res.json());
    }
    async function found(text: string): Promise<string[]> {
      const res = await call(t.app, 'POST', eventsApi.search.path, { body: { searchText: text, userId: host.id, startDate: at(T0 - DAY), days: 3 } });
      expect(res.statusCode, res.body).toBe(200);
      return EventSearchResultSchema.parse(res.json()).events.map((e) => e.id);
    }
    const tagNames = async () => (await read()).tags.map((tag) => tag.name).sort();

    beforeAll(async () => {
      host = await signUp(t);
      stranger = await signUp(t);
      [birds] = await tagSearch({ searchText: 'Birdwatching' });
      [kayak] = await tagSearch({ searchText: 'Kayaking' });
      const res = await call(t.app, 'POST', eventsApi.create.path, {
        jwt: host.jwt,
        body: { name: `Lake Day ${searchWord}`, startDate: at(T0), endDate: at(T0 + HOUR), area: { latitude: -35, longitude: -135 }, tagIds: [kayak.id] },
      });
      expect(res.statusCode, res.body).toBe(200);
      event = EventSchema.parse(res.json());
    });

    it('the owner adds a tag: the event shows it and search finds the event by the tag name', async () => {
      expect(await found('birdwatching')).toEqual([]);
      const res = await call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: { eventId: event.id, tagId: birds.id } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await tagNames()).toEqual(['Birdwatching', 'Kayaking']);
      expect(await found('birdwatching')).toEqual([event.id]);
      // Adding it again changes nothing.
      expect((await call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: { eventId: event.id, tagId: birds.id } })).statusCode).toBe(200);
      expect(await tagNames()).toEqual(['Birdwatching', 'Kayaking']);
    });

    it('the owner removes a tag: it is gone and search no longer finds the event by it', async () => {
      await call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: { eventId: event.id, tagId: birds.id } });
      const res = await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: event.id, tagId: birds.id }), { jwt: host.jwt });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(await tagNames()).toEqual(['Kayaking']);
      expect(await found('birdwatching')).toEqual([]);
      expect(await found('kayaking')).toEqual([event.id]);
      expect(await found(searchWord)).toEqual([event.id]);
    });

    it('a non-owner is 403 both ways and the tags stay', async () => {
      expectProblem(await call(t.app, 'POST', eventsApi.tag.path, { jwt: stranger.jwt, body: { eventId: event.id, tagId: birds.id } }), 403);
      expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: event.id, tagId: kayak.id }), { jwt: stranger.jwt }), 403);
      expect(await tagNames()).toEqual(['Kayaking']);
      expect(await found('birdwatching')).toEqual([]);
    });

    it('without a token 401 both ways', async () => {
      expectProblem(await call(t.app, 'POST', eventsApi.tag.path, { body: { eventId: event.id, tagId: birds.id } }), 401);
      expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: event.id, tagId: kayak.id })), 401);
      expect(await tagNames()).toEqual(['Kayaking']);
    });

    it('an unknown tag is 404, an unknown event 404, and a tag of another tenant 404', async () => {
      expectProblem(await call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: { eventId: event.id, tagId: UNKNOWN_ID } }), 404);
      expectProblem(await call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: { eventId: UNKNOWN_ID, tagId: birds.id } }), 404);
      expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: UNKNOWN_ID, tagId: kayak.id }), { jwt: host.jwt }), 404);
      const [otherBirds] = await tagSearch({ searchText: 'Birdwatching' }, OTHER_TENANT);
      expect(otherBirds.id).not.toBe(birds.id);
      expectProblem(await call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: { eventId: event.id, tagId: otherBirds.id } }), 404);
      expect(await tagNames()).toEqual(['Kayaking']);
    });

    it.each([
      ['eventId not a uuid', () => ({ eventId: 'nope', tagId: birds.id })],
      ['tagId not a uuid', () => ({ eventId: event.id, tagId: 'nope' })],
      ['tagId missing', () => ({ eventId: event.id })],
      ['no body', () => undefined],
    ])('POST with %s → 400', async (_label, body) => {
      expectProblem(await call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: body(), rawBody: body() === undefined ? '' : undefined }), 400);
      expect(await tagNames()).toEqual(['Kayaking']);
    });

    it('DELETE with malformed ids → 400', async () => {
      expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: 'nope', tagId: kayak.id }), { jwt: host.jwt }), 400);
      expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: event.id, tagId: 'nope' }), { jwt: host.jwt }), 400);
      expect(await tagNames()).toEqual(['Kayaking']);
    });
  });
});

describe('regressions', () => {
  // apps/server/src/modules/geo/repository.ts nearestCities orders by `location <-> point(lng, lat)`: planar distance in
  // degrees, which overweights longitude away from the equator. Repro: GET geo/cities-nearby/?latitude=41&longitude=-96 →
  // distanceKm 10, 14.9, 14.5, 17.5, 13.6, 17.7, 20.6, 18.7, … (not ascending; a nearer city can even fall out of the top N).
  it('cities-nearby answers nearest first: distanceKm ascending (e.g. at latitude 41, longitude -96)', async () => {
    const [lat, lng] = [41, -96];
    const km = (c: City) => {
      const rad = Math.PI / 180;
      const h = Math.sin(((c.latitude - lat) * rad) / 2) ** 2 + Math.cos(lat * rad) * Math.cos(c.latitude * rad) * Math.sin(((c.longitude - lng) * rad) / 2) ** 2;
      return 6371 * 2 * Math.asin(Math.sqrt(h));
    };
    const found = await nearby(`?latitude=${lat}&longitude=${lng}`);
    expect(found).toHaveLength(10);
    const distances = found.map((c) => c.distanceKm!);
    expect(isNonIncreasing(distances.map((d) => -d)), distances.join(', ')).toBe(true);
    for (const c of found) expect(Math.abs(c.distanceKm! - km(c)), c.name).toBeLessThan(0.15);
    // Every city of a box reaching 0.5° of latitude (~55 km) each way: none left out is nearer than the 10th answered.
    const box = await areaCities({ latitude: lat, longitude: lng, zoom: 1, minLatitude: lat - 0.5, maxLatitude: lat + 0.5, minLongitude: lng - 0.7, maxLongitude: lng + 0.7, limit: 200 });
    expect(box.length).toBeLessThan(200);
    const farthest = distances[distances.length - 1];
    expect(farthest).toBeLessThan(50);
    const answered = new Set(found.map((c) => c.id));
    const missed = box.filter((c) => !answered.has(c.id) && km(c) < farthest - 0.1).map((c) => `${c.name} ${km(c).toFixed(1)} km`);
    expect(missed).toEqual([]);
    // A longer list begins with the same cities.
    const fifty = await nearby(`?latitude=${lat}&longitude=${lng}&limit=50`);
    expect(isNonIncreasing(fifty.map((c) => -c.distanceKm!))).toBe(true);
    expect(fifty.slice(0, 10).map((c) => c.distanceKm)).toEqual(distances);
  });
  // packages/contract/src/events.ts CityNearbyQuerySchema uses z.coerce.number(), and Number('') is 0.
  // Repro: GET geo/cities-nearby/?latitude=&longitude= → 200 with the cities nearest to 0,0 (Takoradi, Ghana).
  it('cities-nearby with empty latitude/longitude (?latitude=&longitude=) is 400, not the point 0,0', async () => {
    for (const query of ['?latitude=&longitude=', '?latitude=&longitude=0', '?latitude=0&longitude=', '?latitude=%20&longitude=%20']) {
      const res = await call(t.app, 'GET', `${geoApi.citiesNearby.path}${query}`);
      expectProblem(res, 400);
    }
    // The real point 0,0 is still a valid question.
    expect(await nearby('?latitude=0&longitude=0&limit=1')).toHaveLength(1);
  });
  // apps/server/src/modules/geo/service.ts searchCities returns [] when the part before the comma is empty.
  it('geo/cities/?search=, (or "?search=, IL": no city name) is 400 like an empty search, not 200 []', async () => {
    for (const query of ['?search=,', '?search=%2C', '?search=%2C%20IL', '?search=%20%2C%20IL', '?search=,IL']) {
      expectProblem(await call(t.app, 'GET', `${geoApi.cities.path}${query}`), 400);
    }
    // A name with nothing after the comma is still a search by name.
    expect((await cities('?search=omaha,'))[0]).toMatchObject({ name: 'Omaha', state: 'NE' });
  });
  // apps/server/src/modules/geo/service.ts areaCities does not check the box; event search rejects the same input.
  it('area/cities/ with minLatitude above maxLatitude (50 > 40) is 400, not 200 []', async () => {
    const box = { latitude: 45, longitude: -96, zoom: 5, minLongitude: -100, maxLongitude: -90 };
    expectProblem(await call(t.app, 'POST', geoApi.areaCities.path, { body: { ...box, minLatitude: 50, maxLatitude: 40 } }), 400);
    // Event search refuses the same box.
    expectProblem(await call(t.app, 'POST', eventsApi.search.path, { body: { minLatitude: 50, maxLatitude: 40, minLongitude: -100, maxLongitude: -90 } }), 400);
    // The box the right way round has cities.
    expect((await areaCities({ ...box, minLatitude: 40, maxLatitude: 50 })).length).toBeGreaterThan(0);
  });

  describe('event/tag/', () => {
    async function tagsOf(eventId: string): Promise<string[]> {
      const res = await call(t.app, 'GET', pathOf(eventsApi.get, { id: eventId }));
      expect(res.statusCode, res.body).toBe(200);
      return EventSchema.parse(res.json()).tags.map((tag) => tag.id).sort();
    }
    async function someTags(n: number): Promise<Tag[]> {
      const res = await call(t.app, 'POST', tagsApi.search.path, { body: {} });
      expect(res.statusCode, res.body).toBe(200);
      const all = Tags.parse(res.json());
      expect(all.length).toBeGreaterThanOrEqual(n);
      return all.slice(0, n);
    }
    async function createWith(host: TestUser, tagIds: string[]): Promise<HubEvent> {
      const res = await call(t.app, 'POST', eventsApi.create.path, {
        jwt: host.jwt,
        body: { name: `Tag Fest ${word()}`, startDate: at(T0), endDate: at(T0 + HOUR), area: { latitude: -35, longitude: -135 }, tagIds },
      });
      expect(res.statusCode, res.body).toBe(200);
      return EventSchema.parse(res.json());
    }

    // apps/server/src/modules/tags/service.ts untagEvent never checks the tag. Repro: DELETE event/tag/{own event}/{random uuid} → 200 {ok:true}.
    it('DELETE event/tag/{eventId}/{unknown tagId} is 404', async () => {
      const host = await signUp(t);
      const tags = await someTags(2);
      const event = await createWith(host, tags.map((tag) => tag.id));
      const before = await tagsOf(event.id);
      expect(before).toHaveLength(2);
      for (const tagId of [UNKNOWN_ID, randomUUID()]) {
        expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: event.id, tagId }), { jwt: host.jwt }), 404);
      }
      // A tag of another tenant is unknown here too.
      const other = Tags.parse((await call(t.app, 'GET', tagsApi.categories.path, { tenant: OTHER_TENANT })).json());
      expectProblem(await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: event.id, tagId: other[0].id }), { jwt: host.jwt }), 404);
      expect(await tagsOf(event.id)).toEqual(before);
    });

    // apps/server/src/modules/tags/service.ts tagEvent ignores the 20-tag limit that EventCreate/EventUpdate enforce.
    // Repro: POST event/tag/ 25 different tags on one event → all 200, the event has 25 tags; then POST event/update/ with
    // the event's own tagIds → 400 "At most 20 tags.", so the host cannot save the event without dropping tags.
    it('POST event/tag/ refuses a 21st tag (400) so an event never holds more tags than an update may send', async () => {
      const host = await signUp(t);
      const tags = await someTags(22);
      const event = await createWith(host, tags.slice(0, 19).map((tag) => tag.id));
      const tag = (tagId: string) => call(t.app, 'POST', eventsApi.tag.path, { jwt: host.jwt, body: { eventId: event.id, tagId } });
      // The 20th is fine.
      expect((await tag(tags[19].id)).statusCode).toBe(200);
      const twenty = tags.slice(0, 20).map((x) => x.id).sort();
      expect(await tagsOf(event.id)).toEqual(twenty);
      // The 21st and 22nd are refused and nothing changes.
      expectProblem(await tag(tags[20].id), 400);
      expectProblem(await tag(tags[21].id), 400);
      expect(await tagsOf(event.id)).toEqual(twenty);
      // Tagging again with a tag it already has is still harmless.
      expect((await tag(tags[0].id)).statusCode).toBe(200);
      expect(await tagsOf(event.id)).toEqual(twenty);
      // The host can save the event with its own tags.
      const res = await call(t.app, 'POST', eventsApi.update.path, {
        jwt: host.jwt,
        body: { id: event.id, name: event.name, startDate: event.startDate, endDate: event.endDate, area: event.area, tagIds: twenty },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(EventSchema.parse(res.json()).tags.map((x) => x.id).sort()).toEqual(twenty);
      // After removing one, a different tag fits again.
      expect((await call(t.app, 'DELETE', pathOf(eventsApi.untag, { eventId: event.id, tagId: tags[0].id }), { jwt: host.jwt })).statusCode).toBe(200);
      expect((await tag(tags[20].id)).statusCode).toBe(200);
      expect(await tagsOf(event.id)).toEqual([...tags.slice(1, 21).map((x) => x.id)].sort());
    });
  });
});
