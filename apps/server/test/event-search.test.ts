import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EVENT_SEARCH_PAGE_SIZE, EventSchema, EventSearchResultSchema, tagsApi, type EventSearchRequest, type EventSearchResult, type HubEvent, eventsApi, pathOf } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { EXACT_COUNT_MAX } from '../src/modules/events/search-count.js';
import { SMALL_BOX_DEGREES2 } from '../src/modules/events/search-repository.js';
import { TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser, usePlan } from './support/api.js';

// The search's count (exact up to EXACT_COUNT_MAX, an estimate beyond) and its look-behind for
// running events (a day on the window index, longer events from their own index).

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A whole hour five days ahead. */
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * DAY;
const at = (ms: number) => new Date(ms).toISOString();

/** A random spot in the empty South Pacific. */
const spot = () => ({ lat: -40 + Math.random() * 25, lng: -150 + Math.random() * 25 });
/** A box of (2d)² square degrees: above SMALL_BOX_DEGREES2 for d = 1, so the window btree serves it. */
const boxAround = (p: { lat: number; lng: number }, d = 1) => ({ minLatitude: p.lat - d, maxLatitude: p.lat + d, minLongitude: p.lng - d, maxLongitude: p.lng + d });

async function host(): Promise<TestUser> {
  const user = await signUp(t);
  await usePlan(t, user, 'Pro');
  return user;
}

async function create(user: TestUser, p: { lat: number; lng: number }, startMs: number, endMs: number, over: Record<string, unknown> = {}): Promise<HubEvent> {
  const body = {
    name: `Long fair ${Math.random().toString(36).slice(2, 8)}`,
    startDate: at(startMs),
    endDate: at(endMs),
    timeZone: 'Pacific/Tahiti',
    area: { name: 'Harbour', type: 4, latitude: p.lat, longitude: p.lng },
    ...over,
  };
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body });
  expect([200, 201], res.body).toContain(res.statusCode);
  return EventSchema.parse(res.json());
}

async function search(body: EventSearchRequest): Promise<EventSearchResult> {
  const res = await call(t.app, 'POST', eventsApi.search.path, { body });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return EventSearchResultSchema.strict().parse(res.json());
}

const ids = (r: { events: { id: string }[] }) => r.events.map((e) => e.id);

/** `n` two-hour events of `user` at `p`, starting evenly over [fromMs, fromMs + spanMs), written straight to the table (the API would take minutes). */
async function bulkEvents(user: TestUser, p: { lat: number; lng: number }, n: number, fromMs: number, spanMs: number): Promise<void> {
  const tenantId = t.app.ctx.tenants.get(TENANT)!;
  await queryRows(
    t.app.ctx.db,
    sql`insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, lat, lng, area)
      select ${tenantId}, ${user.id}, 'Bulk ' || g, s, s + interval '2 hours', 'UTC', 'bulk-' || gen_random_uuid(), ${p.lat}, ${p.lng},
        jsonb_build_object('name', 'Bulk', 'type', 4, 'latitude', ${p.lat}::float8, 'longitude', ${p.lng}::float8, 'zoom', 10)
      from (select g, ${at(fromMs)}::timestamptz + (g * ${spanMs / n}::float8) * interval '1 millisecond' as s from generate_series(0, ${n - 1}::int) g) x`,
  );
}

describe('the answer', () => {
  it('holds each event as its own page summarises it, free text included', async () => {
    const user = await host();
    const p = spot();
    const tagsRes = await call(t.app, 'POST', tagsApi.search.path, { body: { searchText: 'Jazz' } });
    const jazz = (tagsRes.json() as { id: string; name: string }[]).find((tag) => tag.name === 'Jazz')!;
    const odd = await create(user, p, T0, T0 + HOUR, {
      name: 'Quote " back\\slash \u2028 tab\t café 🎷 </script>',
      venue: 'L\'Éclair "Hall"',
      tagIds: [jazz.id],
      area: { name: 'Ünïcode "area"', type: 4, latitude: p.lat, longitude: p.lng, city: 'Papeete', state: null, zoom: 12 },
    });
    const plain = await create(user, p, T0 + HOUR, T0 + 2 * HOUR, { venue: null, area: { latitude: p.lat, longitude: p.lng } });
    for (const box of [boxAround(p), boxAround(p, 0.05)]) {
      const result = await search({ ...box, startDate: at(T0), days: 1, userId: user.id });
      for (const event of [odd, plain]) {
        const own = (await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }))).json() as HubEvent;
        const { id, userId, name, startDate, endDate, timeZone, slug, venue, area, thumbnailPath, status, updated, publishOnDate, host: eventHost, tags, series, origin } = own;
        expect(result.events.find((e) => e.id === event.id)).toEqual({ id, userId, name, startDate, endDate, timeZone, slug, venue, area, thumbnailPath, status, updated, publishOnDate, host: eventHost, tags, series, origin });
      }
    }
  });
});

describe('totalCount', () => {
  it('is exact up to the threshold, on both sides of the box size that picks the index', async () => {
    expect(2 * 2).toBeGreaterThan(SMALL_BOX_DEGREES2);
    for (const d of [1, 0.2]) {
      const user = await host();
      const p = spot();
      await bulkEvents(user, p, EXACT_COUNT_MAX, T0, 7 * DAY);
      const first = await search({ ...boxAround(p, d), startDate: at(T0), days: 7, userId: user.id });
      expect(first).toMatchObject({ totalCount: EXACT_COUNT_MAX, totalCountIsEstimate: false, pageSize: EVENT_SEARCH_PAGE_SIZE });
      expect(first.events).toHaveLength(EVENT_SEARCH_PAGE_SIZE);
      const last = await search({ ...boxAround(p, d), startDate: at(T0), days: 7, userId: user.id, pageNumber: EXACT_COUNT_MAX / EVENT_SEARCH_PAGE_SIZE });
      expect(last).toMatchObject({ totalCount: EXACT_COUNT_MAX, totalCountIsEstimate: false });
      expect(last.events).toHaveLength(EVENT_SEARCH_PAGE_SIZE);
    }
  });

  it('beyond the threshold is an estimate, flagged, near the truth, consistent with the pages and exact on the last one', async () => {
    const n = 2 * EXACT_COUNT_MAX + 30;
    for (const d of [1, 0.2]) {
      const user = await host();
      const p = spot();
      await bulkEvents(user, p, n, T0, 7 * DAY);
      const query = { ...boxAround(p, d), startDate: at(T0), days: 7, userId: user.id };
      const first = await search(query);
      expect(first.totalCountIsEstimate).toBe(true);
      expect(first.totalCount).toBeGreaterThan(EXACT_COUNT_MAX);
      // Evenly spread over the window, so the extrapolation from the first matches lands close.
      expect(Math.abs(first.totalCount - n) / n).toBeLessThan(0.05);
      expect(first.events).toHaveLength(EVENT_SEARCH_PAGE_SIZE);
      expect(first.events.map((e) => e.startDate)).toEqual([...first.events.map((e) => e.startDate)].sort());

      // Past the threshold: still an estimate, at least past this page since another follows.
      const deep = await search({ ...query, pageNumber: 30 });
      expect(deep.totalCountIsEstimate).toBe(true);
      expect(deep.totalCount).toBeGreaterThan(30 * EVENT_SEARCH_PAGE_SIZE);

      // The last page knows where the matches end: exact again.
      const lastPage = Math.ceil(n / EVENT_SEARCH_PAGE_SIZE);
      const last = await search({ ...query, pageNumber: lastPage });
      expect(last).toMatchObject({ totalCount: n, totalCountIsEstimate: false });
      expect(last.events).toHaveLength(n - (lastPage - 1) * EVENT_SEARCH_PAGE_SIZE);

      // Past the end: nothing, and a total no larger than the rows before this page.
      const beyond = await search({ ...query, pageNumber: lastPage + 3 });
      expect(beyond.events).toEqual([]);
      expect(beyond.totalCount).toBeLessThanOrEqual((lastPage + 2) * EVENT_SEARCH_PAGE_SIZE);
      expect(beyond.totalCount).toBeGreaterThan(EXACT_COUNT_MAX);
    }
  });

  it('is near the truth when the window opens days before its first match', async () => {
    // The matches fill the window's last four days only: an extrapolation from the window's start
    // would read the quiet first three days as a sparse week and say less than half.
    const n = 3 * EXACT_COUNT_MAX;
    const user = await host();
    const p = spot();
    await bulkEvents(user, p, n, T0 + 3 * DAY, 4 * DAY);
    const result = await search({ ...boxAround(p), startDate: at(T0), days: 7, userId: user.id });
    expect(result.totalCountIsEstimate).toBe(true);
    expect(Math.abs(result.totalCount - n) / n).toBeLessThan(0.05);
  });

  it('a filter that leaves few of many events in view is exact', async () => {
    const user = await host();
    const p = spot();
    await bulkEvents(user, p, EXACT_COUNT_MAX + 200, T0, 7 * DAY);
    const other = await host();
    await bulkEvents(other, p, 3, T0, DAY);
    const result = await search({ ...boxAround(p), startDate: at(T0), days: 7, userId: other.id });
    expect(result).toMatchObject({ totalCount: 3, totalCountIsEstimate: false });
  });
});

describe('running events (the look-behind)', () => {
  // Each case sits on the edge of the split between the window index's one-day look-behind and
  // the index of events longer than a day. `from` is the window's start.
  const from = T0 + 30 * DAY;
  const cases: { label: string; start: number; end: number; found: boolean }[] = [
    { label: '31 days, began 31 days before less an hour', start: from - 31 * DAY + HOUR, end: from + HOUR, found: true },
    { label: '3 days, began 2 days before', start: from - 2 * DAY, end: from + DAY, found: true },
    { label: 'a day and an hour, began a day and a millisecond before', start: from - DAY - 1, end: from + HOUR, found: true },
    { label: 'a day and an hour, began exactly a day before', start: from - DAY, end: from + HOUR, found: true },
    { label: 'exactly a day, ends a millisecond into the window', start: from - DAY + 1, end: from + 1, found: true },
    { label: '23 hours, began 22 before', start: from - 22 * HOUR, end: from + HOUR, found: true },
    { label: 'inside the window', start: from + HOUR, end: from + 2 * HOUR, found: true },
    { label: '31 days, ended as the window starts', start: from - 31 * DAY, end: from, found: false },
    { label: '2 days, ended an hour before', start: from - 2 * DAY - HOUR, end: from - HOUR, found: false },
    { label: 'starts as the window ends', start: from + 2 * DAY, end: from + 2 * DAY + HOUR, found: false },
  ];
  let user: TestUser;
  const p = spot();
  const made = new Map<string, HubEvent>();
  beforeAll(async () => {
    user = await host();
    for (const c of cases) made.set(c.label, await create(user, p, c.start, c.end));
  });

  it.each(cases)('$label: found $found', async ({ label, found }) => {
    for (const box of [boxAround(p), boxAround(p, 0.05)]) {
      const result = await search({ ...box, startDate: at(from), days: 2, userId: user.id });
      expect(ids(result).includes(made.get(label)!.id), JSON.stringify(box)).toBe(found);
    }
  });

  it('each match once, counted once, in start order either way, whichever index found it', async () => {
    const expected = cases.filter((c) => c.found).map((c) => made.get(c.label)!);
    const byStart = [...expected].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id)).map((e) => e.id);
    for (const box of [boxAround(p), boxAround(p, 0.05)]) {
      const query = { ...box, startDate: at(from), days: 2, userId: user.id };
      const ascending = await search(query);
      expect(ascending).toMatchObject({ totalCount: expected.length, totalCountIsEstimate: false });
      expect(ids(ascending)).toEqual(byStart);
      expect(ids(await search({ ...query, isDescending: true }))).toEqual([...byStart].reverse());
      const byName = await search({ ...query, orderBy: 'Name' });
      expect(new Set(ids(byName))).toEqual(new Set(byStart));
    }
  });

  it('an event that grows past a day moves to the running index and is still found', async () => {
    const grower = await create(user, p, from - 20 * HOUR, from + HOUR);
    const query = { ...boxAround(p), startDate: at(from), days: 2, userId: user.id };
    expect(ids(await search(query))).toContain(grower.id);
    const res = await call(t.app, 'POST', eventsApi.update.path, {
      jwt: user.jwt,
      body: { id: grower.id, name: grower.name, startDate: at(from - 10 * DAY), endDate: at(from + HOUR), timeZone: 'UTC', area: grower.area },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(await search(query))).toContain(grower.id);
  });
});
