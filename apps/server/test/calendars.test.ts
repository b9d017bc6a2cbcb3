import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { accountApi, calendarsApi, pathOf, type AccountUsage, type Calendar, type CalendarList, type HubEvent, eventsApi, eventLinksApi } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, followPath, signUp, usePlan, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

// Calendars (issue 15): saved views with a secret iCalendar feed, read back by Mozilla's ical.js.

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** 19:00 wall-clock in Chicago, `days` days from now (CST or CDT: the feed must say 19:00 either way). */
function chicagoEvening(days: number): Date {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * DAY));
  const [y, m, d] = ymd.split('-').map(Number);
  for (const offset of [5, 6]) {
    const start = new Date(Date.UTC(y, m - 1, d, 19 + offset));
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
    if (local === '19:00') return start;
  }
  throw new Error('no 19:00 in Chicago that day');
}

async function eventOf(user: TestUser, over: Record<string, unknown> = {}): Promise<HubEvent> {
  const start = Math.ceil(Date.now() / HOUR) * HOUR + 3 * DAY;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: `Calendar test ${randomUUID().slice(0, 8)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 2 * HOUR).toISOString(),
      timeZone: 'UTC',
      area: { latitude: 41.88, longitude: -87.63, city: 'Chicago', state: 'IL' },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

const create = (user: TestUser, body: unknown) => call(t.app, 'POST', calendarsApi.create.path, { jwt: user.jwt, body });
async function created(user: TestUser, body: unknown): Promise<Calendar> {
  const res = await create(user, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Calendar;
}

/** The feed as a calendar app fetches it: no tenant header, no sign-in. */
const fetchFeed = (calendar: Pick<Calendar, 'feedUrl'>, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: new URL(calendar.feedUrl).pathname, headers });

interface ParsedEvent {
  uid: string;
  summary: string;
  start: ICAL.Time;
  end: ICAL.Time;
  status: string | null;
  sequence: number;
  lastModified: string | null;
  url: string | null;
  location: string | null;
}

/** Parses with ical.js, registering the feed's own VTIMEZONEs so times convert as a calendar app would. */
function parse(text: string): ParsedEvent[] {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return root.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate,
      end: event.endDate,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      lastModified: vevent.getFirstPropertyValue('last-modified')?.toString() ?? null,
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
      location: event.location,
    };
  });
}

describe('calendars', () => {
  it('creates, lists, renames and deletes, counting against calendarCapacity (Free: 1)', async () => {
    const me = await signUp(t);
    const mine = await created(me, { name: 'My events', kind: 'mine' });
    expect(mine).toMatchObject({ name: 'My events', kind: 'mine', query: null });
    expect(mine.feedUrl).toMatch(/^http:\/\/[^/]+\/feeds\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect(mine.webcalUrl).toBe(mine.feedUrl.replace(/^http:/, 'webcal:'));
    expect(((await call(t.app, 'GET', accountApi.usage.path, { jwt: me.jwt })).json() as AccountUsage).calendarCount).toBe(1);
    expectProblem(await create(me, { name: 'Second', kind: 'following' }), 403, { code: 'plan_limit' });

    await usePlan(t, me, 'Basic');
    const search = await created(me, { name: 'Jazz', kind: 'search', query: { searchText: 'jazz', days: 14 } });
    expect(search.query).toEqual({ searchText: 'jazz', areaText: null, categoryId: null, box: null, days: 14 });
    const renamed = await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: search.id, name: 'Jazz nights', query: { searchText: 'jazz', days: 30 } } });
    expect(renamed.json()).toMatchObject({ name: 'Jazz nights', query: { days: 30 } });
    const list = (await call(t.app, 'GET', calendarsApi.list.path, { jwt: me.jwt })).json() as CalendarList;
    expect(list.calendars.map((c) => c.name)).toEqual(['Jazz nights', 'My events']);

    expect((await call(t.app, 'DELETE', pathOf(calendarsApi.delete, { id: mine.id }), { jwt: me.jwt })).statusCode).toBe(200);
    expect((await fetchFeed(mine)).statusCode).toBe(404);
    expect(((await call(t.app, 'GET', accountApi.usage.path, { jwt: me.jwt })).json() as AccountUsage).calendarCount).toBe(1);
  });

  it('refuses bad input, anonymous callers and other people’s calendars', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    await usePlan(t, me, 'Pro');
    const theirs = await created(other, { name: 'Theirs', kind: 'following' });
    for (const body of [
      {},
      { name: '', kind: 'mine' },
      { name: 'x'.repeat(81), kind: 'mine' },
      { name: 'A', kind: 'planets' },
      { name: 'A', kind: 'search' },
      { name: 'A', kind: 'mine', query: { searchText: 'x' } },
      { name: 'A', kind: 'search', query: { days: 0 } },
      { name: 'A', kind: 'search', query: { days: 367 } },
      { name: 'A', kind: 'search', query: { box: { minLatitude: 50, maxLatitude: 40, minLongitude: 0, maxLongitude: 1 } } },
      { name: 'A', kind: 'search', query: { box: { minLatitude: 40, maxLatitude: 95, minLongitude: 0, maxLongitude: 1 } } },
      { name: 'A', kind: 'search', query: { categoryId: 'not-a-uuid' } },
    ]) {
      expectProblem(await create(me, body), 400, { code: 'validation' });
    }
    expect(((await call(t.app, 'GET', calendarsApi.list.path, { jwt: me.jwt })).json() as CalendarList).calendars).toEqual([]);
    expectProblem(await call(t.app, 'GET', calendarsApi.list.path), 401);
    expectProblem(await call(t.app, 'POST', calendarsApi.create.path, { body: { name: 'A', kind: 'mine' } }), 401);
    expectProblem(await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: theirs.id, name: 'Mine now' } }), 404);
    expectProblem(await call(t.app, 'DELETE', pathOf(calendarsApi.delete, { id: theirs.id }), { jwt: me.jwt }), 404);
    expectProblem(await call(t.app, 'POST', pathOf(calendarsApi.newToken, { id: theirs.id }), { jwt: me.jwt }), 404);
    const following = await created(me, { name: 'Following', kind: 'following' });
    expectProblem(await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: following.id, query: { searchText: 'x' } } }), 400, { code: 'validation' });
    expect((await fetchFeed(theirs)).statusCode).toBe(200);
  });
});

describe('feeds', () => {
  it('a saved search: its events in their own time zone, canceled ones cancelled, validated by ical.js', async () => {
    const host = await signUp(t);
    await usePlan(t, host, 'Pro');
    const word = `zydeco${randomUUID().slice(0, 6)}`;
    const evening = chicagoEvening(10);
    const inChicago = await eventOf(host, {
      name: `Chicago ${word} night`,
      startDate: evening.toISOString(),
      endDate: new Date(evening.getTime() + 3 * HOUR).toISOString(),
      timeZone: 'America/Chicago',
      venue: 'The Green Mill',
      area: { latitude: 41.97, longitude: -87.66, streetAddress: '4802 N Broadway', city: 'Chicago', state: 'IL' },
    });
    const canceled = await eventOf(host, { name: `Canceled ${word}`, status: 3 });
    await eventOf(host, { name: `Far away ${word}`, area: { latitude: 29.95, longitude: -90.07, city: 'New Orleans' } });
    await eventOf(host, { name: `Too late ${word}`, startDate: new Date(Date.now() + 60 * DAY).toISOString(), endDate: new Date(Date.now() + 60 * DAY + HOUR).toISOString() });

    const me = await signUp(t);
    const calendar = await created(me, {
      name: 'Zydeco around Chicago',
      kind: 'search',
      query: { searchText: word, box: { minLatitude: 41, maxLatitude: 43, minLongitude: -89, maxLongitude: -87 }, days: 30 },
    });
    const res = await fetchFeed(calendar);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const events = parse(res.body);
    expect(events.map((e) => e.summary).sort()).toEqual([`Canceled ${word}`, `Chicago ${word} night`]);
    const chicago = events.find((e) => e.summary.startsWith('Chicago'))!;
    // 19:00 Chicago time, read as 19:00 in the zone the feed declares, and the same instant as stored.
    expect(chicago.start.zone?.tzid).toBe('America/Chicago');
    expect([chicago.start.hour, chicago.start.minute]).toEqual([19, 0]);
    expect(chicago.start.toJSDate().toISOString()).toBe(inChicago.startDate);
    expect(chicago.end.toJSDate().toISOString()).toBe(inChicago.endDate);
    expect(chicago.uid).toBe(`${inChicago.id}@localhost`);
    // A calendar app opens the link in any browser: the public page, which sends a signed-in reader on.
    expect(chicago.url).toBe(`${new URL(calendar.feedUrl).origin}/e/${inChicago.slug}`);
    expect(chicago.location).toBe('The Green Mill, 4802 N Broadway, Chicago, IL');
    expect(chicago.status).toBe('CONFIRMED');
    expect(events.find((e) => e.uid.startsWith(canceled.id))!.status).toBe('CANCELLED');
    expect(res.body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Chicago/);
    // As written, not only as parsed: the wall clock of the venue with its zone.
    expect(res.body).toMatch(/\r\nDTSTART;TZID=America\/Chicago:\d{8}T190000\r\n/);
  });

  it('is cheap to poll: 304 on an unchanged feed; a changed event moves SEQUENCE, LAST-MODIFIED and the ETag, with the same UID', async () => {
    const me = await signUp(t);
    const event = await eventOf(me);
    const calendar = await created(me, { name: 'Mine', kind: 'mine' });
    const first = await fetchFeed(calendar);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await fetchFeed(calendar)).body).toBe(first.body);
    // The ETag follows every event write in the tenant; on a PostgreSQL database shared with other
    // test files one may land between two requests, so each check takes a fresh one (a few tries).
    const revalidated = async (headers: (fresh: Awaited<ReturnType<typeof fetchFeed>>) => Record<string, string>) => {
      for (let i = 0; ; i++) {
        const answer = await fetchFeed(calendar, headers(await fetchFeed(calendar)));
        if (answer.statusCode === 304 || i === 4) return answer;
      }
    };
    const notModified = await revalidated((fresh) => ({ 'if-none-match': String(fresh.headers.etag) }));
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await revalidated((fresh) => ({ 'if-modified-since': String(fresh.headers['last-modified']) }))).statusCode).toBe(304);
    const [before] = parse(first.body);

    await new Promise((r) => setTimeout(r, 1100));
    const update = await call(t.app, 'POST', eventsApi.update.path, {
      jwt: me.jwt,
      body: { id: event.id, name: 'Renamed party', startDate: event.startDate, endDate: event.endDate, timeZone: 'UTC', area: event.area },
    });
    expect(update.statusCode, update.body).toBe(200);
    const second = await fetchFeed(calendar, { 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).not.toBe(etag);
    const [after] = parse(second.body);
    expect(after).toMatchObject({ uid: before.uid, summary: 'Renamed party' });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.lastModified! > before.lastModified!).toBe(true);
  });

  it('follows what I follow, what the people I follow host, and my own events (drafts only when chosen)', async () => {
    const me = await signUp(t);
    const host = await signUp(t);
    const other = await signUp(t);
    await usePlan(t, me, 'Pro');
    await usePlan(t, host, 'Pro');
    const followed = await eventOf(other);
    const byHost = await eventOf(host);
    const draft = await eventOf(me, { publishOnDate: new Date(Date.now() + 30 * DAY).toISOString() });
    expect((await call(t.app, 'POST', eventLinksApi.create.path, { jwt: me.jwt, body: { eventId: followed.id, type: 'Follow' } })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', followPath(host.id), { jwt: me.jwt })).statusCode).toBe(200);
    const ids = async (kind: string) =>
      parse((await fetchFeed(await created(me, { name: kind, kind }))).body)
        .map((e) => e.uid.split('@')[0])
        .sort();
    expect(await ids('following')).toEqual([followed.id]);
    expect(await ids('hosts')).toEqual([byHost.id]);
    expect(await ids('mine')).toEqual([]);
    const withDrafts = await created(me, { name: 'Mine with drafts', kind: 'mine', includeDrafts: true });
    expect(parse((await fetchFeed(withDrafts)).body).map((e) => e.uid.split('@')[0])).toEqual([draft.id]);
  });

  it('a new address ends the old one; a guessed or malformed one reveals nothing', async () => {
    const me = await signUp(t);
    await eventOf(me, { name: 'Private draft', publishOnDate: new Date(Date.now() + 30 * DAY).toISOString() });
    const calendar = await created(me, { name: 'Mine', kind: 'mine', includeDrafts: true });
    expect((await fetchFeed(calendar)).body).toContain('Private draft');
    const renewed = (await call(t.app, 'POST', pathOf(calendarsApi.newToken, { id: calendar.id }), { jwt: me.jwt })).json() as Calendar;
    expect(renewed.feedUrl).not.toBe(calendar.feedUrl);
    expectProblem(await fetchFeed(calendar), 404, { code: 'not_found' });
    expect((await fetchFeed(renewed)).body).toContain('Private draft');
    expectProblem(await t.app.inject({ method: 'GET', url: pathOf(calendarsApi.feed, { token: 'A'.repeat(43) }) }), 404, { code: 'not_found' });
    expectProblem(await t.app.inject({ method: 'GET', url: '/feeds/short.ics' }), 400, { code: 'validation' });
    expectProblem(await t.app.inject({ method: 'GET', url: '/feeds/%27%3B--.ics' }), 400, { code: 'validation' });
  });
});

describe('issue 22: drafts in calendar feeds (finding 9) and the feed header (finding 12)', () => {
  const uids = (ics: string) => parse(ics).map((e) => e.uid.split('@')[0]);

  it('a My events feed leaves my drafts out unless I choose them, and the choice can be changed', async () => {
    const me = await signUp(t);
    await usePlan(t, me, 'Pro');
    const published = await eventOf(me, { name: 'Published party' });
    const draft = await eventOf(me, { name: 'Secret draft', publishOnDate: new Date(Date.now() + 30 * DAY).toISOString() });

    const mine = await created(me, { name: 'Mine', kind: 'mine' });
    expect(mine.includeDrafts).toBe(false);
    const plain = await fetchFeed(mine);
    expect(uids(plain.body)).toEqual([published.id]);
    expect(plain.body).not.toContain('Secret draft');

    const turnedOn = await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: mine.id, includeDrafts: true } });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect((turnedOn.json() as Calendar).includeDrafts).toBe(true);
    // The choice changes the feed at once: the old ETag is no longer current.
    const withDrafts = await fetchFeed(mine, { 'if-none-match': String(plain.headers.etag) });
    expect(withDrafts.statusCode).toBe(200);
    expect(uids(withDrafts.body).sort()).toEqual([published.id, draft.id].sort());
    const list = (await call(t.app, 'GET', calendarsApi.list.path, { jwt: me.jwt })).json() as CalendarList;
    expect(list.calendars.find((c) => c.id === mine.id)?.includeDrafts).toBe(true);

    const turnedOff = await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: mine.id, includeDrafts: false } });
    expect((turnedOff.json() as Calendar).includeDrafts).toBe(false);
    expect(uids((await fetchFeed(mine)).body)).toEqual([published.id]);

    // A saved search carries only what everyone sees, my own drafts neither.
    const word = `draftword${randomUUID().slice(0, 6)}`;
    const searchDraft = await eventOf(me, { name: `Hidden ${word}`, publishOnDate: new Date(Date.now() + 30 * DAY).toISOString() });
    const searchPublished = await eventOf(me, { name: `Open ${word}` });
    const search = await created(me, { name: 'Search', kind: 'search', query: { searchText: word } });
    expect(search.includeDrafts).toBe(false);
    const found = uids((await fetchFeed(search)).body);
    expect(found).toEqual([searchPublished.id]);
    expect(found).not.toContain(searchDraft.id);
  });

  it('validates includeDrafts: a boolean, and only for a My events calendar', async () => {
    const me = await signUp(t);
    await usePlan(t, me, 'Pro');
    for (const body of [
      { name: 'A', kind: 'mine', includeDrafts: 'yes' },
      { name: 'A', kind: 'mine', includeDrafts: 1 },
      { name: 'A', kind: 'mine', includeDrafts: null },
      { name: 'A', kind: 'following', includeDrafts: true },
      { name: 'A', kind: 'hosts', includeDrafts: true },
      { name: 'A', kind: 'search', query: { searchText: 'x' }, includeDrafts: true },
    ]) {
      const res = await create(me, body);
      expectProblem(res, 400, { code: 'validation' });
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain('includeDrafts');
    }
    expect(((await call(t.app, 'GET', calendarsApi.list.path, { jwt: me.jwt })).json() as CalendarList).calendars).toEqual([]);
    // Saying no is always fine.
    expect((await created(me, { name: 'Following', kind: 'following', includeDrafts: false })).includeDrafts).toBe(false);
    const following = ((await call(t.app, 'GET', calendarsApi.list.path, { jwt: me.jwt })).json() as CalendarList).calendars[0];
    const refused = await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: following.id, includeDrafts: true } });
    expectProblem(refused, 400, { code: 'validation' });
    expect(refused.json().errors).toHaveProperty('includeDrafts');
    expectProblem(await call(t.app, 'POST', calendarsApi.update.path, { jwt: me.jwt, body: { id: following.id, includeDrafts: 'true' } }), 400, { code: 'validation' });
    const mine = await created(me, { name: 'Mine', kind: 'mine', includeDrafts: true });
    expect(mine.includeDrafts).toBe(true);
  });

  it('writes REFRESH-INTERVAL with its VALUE parameter exactly once', async () => {
    const me = await signUp(t);
    await eventOf(me);
    const res = await fetchFeed(await created(me, { name: 'Mine', kind: 'mine' }));
    expect(res.statusCode).toBe(200);
    // Unfolded as RFC 5545 says, so a folded line is read whole.
    const lines = res.body.replace(/\r\n[ \t]/g, '').split('\r\n');
    const refresh = lines.filter((line) => /^REFRESH-INTERVAL[;:]/i.test(line));
    expect(refresh).toEqual(['REFRESH-INTERVAL;VALUE=DURATION:PT1H']);
    const property = new ICAL.Component(ICAL.parse(res.body)).getFirstProperty('refresh-interval')!;
    expect(property.type).toBe('duration');
    expect(property.getFirstValue()?.toString()).toBe('PT1H');
  });
});

describe('Add to calendar', () => {
  it('downloads one event as a calendar file; a draft only for its host', async () => {
    const host = await signUp(t);
    await usePlan(t, host, 'Basic');
    const event = await eventOf(host, { timeZone: 'Europe/Paris' });
    const res = await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: event.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.ics"/);
    const [parsed] = parse(res.body);
    expect(parsed).toMatchObject({ summary: event.name, uid: `${event.id}@localhost` });
    expect(parsed.start.zone?.tzid).toBe('Europe/Paris');
    expect(parsed.start.toJSDate().toISOString()).toBe(event.startDate);

    const draft = await eventOf(host, { publishOnDate: new Date(Date.now() + 30 * DAY).toISOString() });
    expectProblem(await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: draft.id })), 404);
    expect((await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: draft.id }), { jwt: host.jwt })).statusCode).toBe(200);
    expectProblem(await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: 'nope' })), 400, { code: 'validation' });
  });
});
