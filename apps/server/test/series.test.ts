import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarsApi, eventsApi, goingApi, eventLinksApi, homeApi, pathOf, publicEventPath, seriesApi, type Calendar, type EventList, type Home, type EventSearchResult, type GoingSummary, type HubEvent, type Series } from '@hubbub/contract';
import sharp from 'sharp';
import { TENANT, build, type TestApp } from './support/build.js';
import { multipart } from './support/multipart.js';
import { call, followPath, signUp, usePlan, type TestUser } from './support/api.js';
import { expectDetailedProblem } from './support/problem.js';
import { ownDatabase } from './support/scratch-database.js';

// Series (issue 29), acceptance 2: a series is made from an event and its rule; each date is an
// event; bad rules are refused with a reason and store nothing.

const CHICAGO = 'America/Chicago';
let t: TestApp;
let host: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await build();
  [host, other] = [await signUp(t), await signUp(t)];
  await usePlan(t, host, 'Enterprise');
});
afterAll(async () => {
  await t?.close();
});

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** The host's event at a wall-clock time in Chicago, two hours long. */
async function eventAt(local: string, who = host): Promise<HubEvent> {
  const start = DateTime.fromISO(local, { zone: CHICAGO });
  return ok<HubEvent>(
    await call(t.app, 'POST', eventsApi.create.path, {
      jwt: who.jwt,
      body: {
        name: `Open mic ${randomUUID().slice(0, 6)}`,
        startDate: start.toUTC().toISO(),
        endDate: start.plus({ hours: 2 }).toUTC().toISO(),
        timeZone: CHICAGO,
        area: { latitude: 41.88, longitude: -87.63, name: 'Chicago, IL' },
      },
    }),
  );
}

const createSeries = (eventId: string, rule: string, who = host) => call(t.app, 'POST', seriesApi.create.path, { jwt: who.jwt, body: { eventId, rule } });
const myEventCount = async () => (await ok<EventList>(await call(t.app, 'GET', eventsApi.mine.path, { jwt: host.jwt }))).events.length;
const local = (iso: string) => DateTime.fromISO(iso, { zone: CHICAGO });

describe('a series', () => {
  it('makes every Tuesday at 7 PM an event of its own, across the change to summer time', async () => {
    // 23 February 2027 is a Tuesday; Chicago moves its clocks on 14 March.
    const event = await eventAt('2027-02-23T19:00');
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=6'), 201);
    expect(series.rule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=6');
    expect(series.datesUntil).toBeNull();
    expect(series.dates).toHaveLength(6);
    expect(series.dates[0].eventId).toBe(event.id);
    expect(series.dates.map((d) => local(d.startDate).toFormat('ccc d LLL HH:mm'))).toEqual([
      'Tue 23 Feb 19:00',
      'Tue 2 Mar 19:00',
      'Tue 9 Mar 19:00',
      'Tue 16 Mar 19:00',
      'Tue 23 Mar 19:00',
      'Tue 30 Mar 19:00',
    ]);
    for (const date of series.dates) {
      expect(date.ruleDate).toBe(date.startDate);
      expect(local(date.endDate).diff(local(date.startDate), 'hours').hours).toBe(2);
      expect(date.edited).toBe(false);
      // Each date is an event anyone can open, with its own address.
      const page = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: date.eventId })));
      expect(page.name).toBe(event.name);
      expect(page.slug).toBe(date.slug);
    }
    expect(new Set(series.dates.map((d) => d.slug)).size).toBe(6);
    expect(series.dates[1].slug).toMatch(/-2027-03-02$/);
    // The public page of a date lists the others, each a link to its own page.
    const publicPage = await t.app.inject({ method: 'GET', url: publicEventPath(series.dates[1].slug) });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).toContain('Every Tuesday, 6 times');
    expect(publicPage.body).toContain(`href="${publicEventPath(series.dates[2].slug)}"`);
    expect(publicPage.body).toMatch(/aria-current="page">Tue, Mar 2, 2027, 7:00 PM/);
    // A visitor reads the same series.
    const seen = await ok<Series>(await call(t.app, 'GET', pathOf(seriesApi.get, { id: series.id })));
    expect(seen.dates.map((d) => d.eventId)).toEqual(series.dates.map((d) => d.eventId));
  });

  it('gives every date the picture, which stays while any date shows it', async () => {
    const event = await eventAt('2027-03-09T19:00');
    const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#ff8800' } }).jpeg().toBuffer();
    const { payload, contentType } = multipart([{ name: 'file', data: jpeg, filename: 'x.jpg', contentType: 'image/jpeg' }]);
    const headers = { 'x-tenant': TENANT, 'content-type': contentType, authorization: `Bearer ${host.jwt}` };
    const up = await t.app.inject({ method: 'POST', url: pathOf(eventsApi.setThumbnail, { id: event.id }), headers, payload });
    expect(up.statusCode, up.body).toBe(200);
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=3'), 201);
    const pictures = await Promise.all(series.dates.map(async (d) => (await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: d.eventId })))).thumbnailPath));
    expect(new Set(pictures).size).toBe(1);
    expect(pictures[0]).toBeTruthy();
    // The first date goes; the others still show the picture.
    await ok(await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: event.id }), { jwt: host.jwt }));
    const file = await t.app.inject({ method: 'GET', url: pictures[0]! });
    expect(file.statusCode, `${pictures[0]} ${file.body.slice(0, 200)}`).toBe(200);
  });

  it('takes an event whose start has seconds and milliseconds as its first date', async () => {
    const event = await eventAt('2027-03-02T19:00:30.500');
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=2'), 201);
    expect(series.dates.map((d) => local(d.startDate).toFormat('HH:mm:ss'))).toEqual(['19:00:30', '19:00:30']);
  });

  it('without an end, makes the dates of the next six months and says where they stop', async () => {
    const event = await eventAt('2027-01-12T19:00');
    const series = await ok<Series>(await createSeries(event.id, 'RRULE:FREQ=MONTHLY;BYDAY=2TU'), 201);
    // The second Tuesday of each month, within 183 days of the first.
    expect(series.dates.map((d) => local(d.startDate).toFormat('d LLL'))).toEqual(['12 Jan', '9 Feb', '9 Mar', '13 Apr', '11 May', '8 Jun', '13 Jul']);
    expect(series.dates.every((d) => local(d.startDate).hour === 19)).toBe(true);
    expect(series.datesUntil).not.toBeNull();
  });

  it('counts once against the plan, however many dates it has', async () => {
    // Basic allows 10 events: twelve dates of one series leave room for more.
    const basic = await signUp(t);
    await usePlan(t, basic, 'Basic');
    const event = await eventAt('2027-04-06T18:00', basic);
    await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=12', basic), 201);
    expect((await ok<EventList>(await call(t.app, 'GET', eventsApi.mine.path, { jwt: basic.jwt }))).events).toHaveLength(12);
    await eventAt('2027-04-07T18:00', basic);
  });

  it('leaves the other dates alone when one is cancelled or moved', async () => {
    const event = await eventAt('2027-05-04T19:00');
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=4'), 201);
    const [, second, third] = series.dates;
    await ok(await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: second.eventId }), { jwt: host.jwt }));
    const moved = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: third.eventId }), { jwt: host.jwt }));
    const later = local(third.startDate).plus({ hours: 1 });
    await ok(
      await call(t.app, 'POST', eventsApi.update.path, {
        jwt: host.jwt,
        body: {
          id: moved.id,
          name: moved.name,
          startDate: later.toUTC().toISO(),
          endDate: later.plus({ hours: 2 }).toUTC().toISO(),
          timeZone: CHICAGO,
          area: moved.area,
        },
      }),
    );
    const after = await ok<Series>(await call(t.app, 'GET', pathOf(seriesApi.get, { id: series.id }), { jwt: host.jwt }));
    expect(after.dates.map((d) => [d.status, d.edited])).toEqual([
      [0, false],
      [3, false],
      [0, true],
      [0, false],
    ]);
    // A moved date keeps where the rule put it.
    expect(after.dates[2].ruleDate).toBe(third.ruleDate);
    expect(local(after.dates[2].startDate).hour).toBe(20);
  });
});

describe('search', () => {
  const search = (body: Record<string, unknown>) =>
    call(t.app, 'POST', eventsApi.search.path, { body: { userId: host.id, startDate: '2027-08-01T00:00:00Z', days: 60, ...body } });
  const chicago = { minLatitude: 41.8, maxLatitude: 41.95, minLongitude: -87.75, maxLongitude: -87.55 };
  const wide = { minLatitude: 30, maxLatitude: 45, minLongitude: -100, maxLongitude: -80 };

  it('lists a series once, at its next date, while each date still meets the filters on its own', async () => {
    const single = await eventAt('2027-08-04T12:00');
    const event = await eventAt('2027-08-03T19:00');
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=6'), 201);
    const names = async (body: Record<string, unknown>) => {
      const found = await ok<EventSearchResult>(await search(body));
      return found.events.map((e) => [e.id, e.series?.id ?? null]);
    };
    // With a city's box (its events come from the location index), a state's, and none at all.
    for (const box of [chicago, wide, {}]) {
      expect(await names(box)).toEqual([
        [event.id, series.id],
        [single.id, null],
      ]);
      const found = await ok<EventSearchResult>(await search(box));
      expect(found.totalCount).toBe(2);
      expect(found.events[0].series?.rule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=6');
    }
    // A window that starts after the first date lists the series at the next one.
    expect(await names({ startDate: '2027-08-05T00:00:00Z' })).toEqual([[series.dates[1].eventId, series.id]]);
    // The first date cancelled: the series shows at the second (and at the first, when cancelled ones are asked for).
    await ok(await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: event.id }), { jwt: host.jwt }));
    expect(await names(chicago)).toEqual([
      [single.id, null],
      [series.dates[1].eventId, series.id],
    ]);
    expect((await names({ ...wide, includeCanceled: true }))[0]).toEqual([event.id, series.id]);
    // A filter applies to each date: only the fourth date is about jazz, so the series shows there.
    const fourth = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: series.dates[3].eventId }), { jwt: host.jwt }));
    await ok(
      await call(t.app, 'POST', eventsApi.update.path, {
        jwt: host.jwt,
        body: { id: fourth.id, name: 'Jazz night', startDate: fourth.startDate, endDate: fourth.endDate, timeZone: CHICAGO, area: fourth.area },
      }),
    );
    for (const box of [chicago, wide]) expect(await names({ ...box, searchText: 'jazz' })).toEqual([[fourth.id, series.id]]);
  });
});

describe('following a series', () => {
  it('follows every date to come at once, and lets go of them at once; only a series the person may see', async () => {
    // A host of its own: "From people you follow" lists their events alone.
    const own = await signUp(t);
    await usePlan(t, own, 'Enterprise');
    const event = await eventAt('2027-09-07T19:00', own);
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=5', own), 201);
    await ok(await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: series.dates[2].eventId }), { jwt: own.jwt }));
    const fan = await signUp(t);
    const follow = (method: 'PUT' | 'DELETE', who: TestUser | null = fan, id = series.id) =>
      call(t.app, method, pathOf(method === 'PUT' ? seriesApi.follow : seriesApi.unfollow, { id }), who ? { jwt: who.jwt } : {});
    const followed = async () => (await ok<EventList>(await call(t.app, 'GET', eventsApi.following.path, { jwt: fan.jwt }))).events.map((e) => e.id);
    expect((await ok<Series>(await call(t.app, 'GET', pathOf(seriesApi.get, { id: series.id }), { jwt: fan.jwt }))).following).toBe(false);

    const after = await ok<Series>(await follow('PUT'));
    expect(after.following).toBe(true);
    // Every date but the cancelled one, soonest first; following twice changes nothing.
    const expected = series.dates.filter((_, i) => i !== 2).map((d) => d.eventId);
    expect(await followed()).toEqual(expected);
    await ok<Series>(await follow('PUT'));
    expect(await followed()).toEqual(expected);
    // Each date's own page says it is followed.
    const date = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: series.dates[1].eventId }), { jwt: fan.jwt }));
    expect(date.myLinks.Follow).not.toBeNull();
    // Home shows the series once, at its next date: in "Next" for the fan, in "From people you
    // follow" for someone who follows its host.
    const homeOf = async (who: TestUser) => ok<Home>(await call(t.app, 'GET', `${homeApi.get.path}?timeZone=${encodeURIComponent(CHICAGO)}`, { jwt: who.jwt }));
    const ofSeries = (events: Home['next']) => events.filter((e) => e.series?.id === series.id).map((e) => e.id);
    expect(ofSeries((await homeOf(fan)).next)).toEqual([series.dates[0].eventId]);
    const watcher = await signUp(t);
    expect((await call(t.app, 'POST', followPath(own.id), { jwt: watcher.jwt })).statusCode).toBe(200);
    expect(ofSeries((await homeOf(watcher)).fromFollowing)).toEqual([series.dates[0].eventId]);

    const stopped = await ok<Series>(await follow('DELETE'));
    expect(stopped.following).toBe(false);
    expect(await followed()).toEqual([]);

    await expectDetailedProblem(await follow('PUT', null), 401, 'unauthenticated');
    await expectDetailedProblem(await follow('PUT', fan, randomUUID()), 404, 'not_found');
    // A series whose dates are all drafts is not there for anyone but its host.
    const draft = await ok<HubEvent>(
      await call(t.app, 'POST', eventsApi.create.path, {
        jwt: host.jwt,
        body: { name: 'Not yet', startDate: '2027-09-09T00:00:00Z', endDate: '2027-09-09T02:00:00Z', timeZone: CHICAGO, area: { latitude: 41.88, longitude: -87.63 }, publishOnDate: '2030-01-01T00:00:00Z' },
      }),
    );
    const hidden = await ok<Series>(await createSeries(draft.id, 'FREQ=WEEKLY;COUNT=2'), 201);
    await expectDetailedProblem(await follow('PUT', fan, hidden.id), 404, 'not_found');
  });
});

describe('calendar files', () => {
  /** Parses with ical.js as a calendar app would (the file's own VTIMEZONEs registered). */
  function parse(text: string) {
    const root = new ICAL.Component(ICAL.parse(text));
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    return root.getAllSubcomponents('vevent');
  }
  /** Every occurrence ical.js expands a series' VEVENTs to (exceptions related), as [start, end, summary]. */
  function expand(vevents: ICAL.Component[]): string[][] {
    const master = new ICAL.Event(vevents.find((v) => !v.hasProperty('recurrence-id')));
    for (const v of vevents.filter((v) => v.hasProperty('recurrence-id'))) master.relateException(new ICAL.Event(v));
    const out: string[][] = [];
    const it = master.iterator();
    for (let next = it.next(); next && out.length < 500; next = it.next()) {
      const d = master.getOccurrenceDetails(next);
      out.push([d.startDate.toJSDate().toISOString(), d.endDate.toJSDate().toISOString(), d.item.summary]);
    }
    return out;
  }

  it('writes a series with a cancelled and a moved date as one repeating VEVENT that ical.js expands to exactly the dates the API lists', async () => {
    // Across Chicago's change to summer time on 14 March 2027.
    const event = await eventAt('2027-03-02T19:00');
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;BYDAY=TU;COUNT=6'), 201);
    await ok(await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: series.dates[1].eventId }), { jwt: host.jwt }));
    const moved = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: series.dates[3].eventId }), { jwt: host.jwt }));
    const later = local(moved.startDate).plus({ hours: 1, days: 1 });
    await ok(
      await call(t.app, 'POST', eventsApi.update.path, {
        jwt: host.jwt,
        body: { id: moved.id, name: 'Open mic, on Wednesday', startDate: later.toUTC().toISO(), endDate: later.plus({ hours: 3 }).toUTC().toISO(), timeZone: CHICAGO, area: moved.area },
      }),
    );
    const listed = await ok<Series>(await call(t.app, 'GET', pathOf(seriesApi.get, { id: series.id })));
    const expected = listed.dates
      .filter((d) => d.status !== 3)
      .map((d) => [new Date(d.startDate).toISOString(), new Date(d.endDate).toISOString(), d.eventId === moved.id ? 'Open mic, on Wednesday' : event.name]);

    // The file of any date carries the whole series.
    const res = await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: series.dates[2].eventId }));
    expect(res.statusCode, res.body).toBe(200);
    const vevents = parse(res.body);
    expect(vevents).toHaveLength(2);
    const [master, override] = vevents;
    expect(master.getFirstPropertyValue('uid')).toBe(`series-${series.id}@localhost`);
    expect(override.getFirstPropertyValue('uid')).toBe(master.getFirstPropertyValue('uid'));
    expect(master.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=WEEKLY;COUNT=6;BYDAY=TU');
    expect(master.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(CHICAGO);
    expect(master.getAllProperties('exdate').map((p) => (p.getFirstValue() as ICAL.Time).toJSDate().toISOString())).toEqual([new Date(series.dates[1].ruleDate).toISOString()]);
    expect((override.getFirstPropertyValue('recurrence-id') as ICAL.Time).toJSDate().toISOString()).toBe(new Date(series.dates[3].ruleDate).toISOString());
    expect(expand(vevents)).toEqual(expected);

    // A following feed: someone following the series gets the repeating event; someone following one date, that date alone.
    const feedOf = async (who: TestUser) => {
      const calendar = await ok<Calendar>(await call(t.app, 'POST', calendarsApi.create.path, { jwt: who.jwt, body: { name: 'Followed', kind: 'following' } }));
      const feed = await t.app.inject({ method: 'GET', url: new URL(calendar.feedUrl).pathname });
      expect(feed.statusCode, feed.body).toBe(200);
      return parse(feed.body);
    };
    const fan = await signUp(t);
    await ok(await call(t.app, 'PUT', pathOf(seriesApi.follow, { id: series.id }), { jwt: fan.jwt }));
    const fanFeed = await feedOf(fan);
    expect(fanFeed.map((v) => v.getFirstPropertyValue('uid'))).toEqual([`series-${series.id}@localhost`, `series-${series.id}@localhost`]);
    expect(expand(fanFeed)).toEqual(expected);
    const once = await signUp(t);
    await ok(await call(t.app, 'POST', eventLinksApi.create.path, { jwt: once.jwt, body: { eventId: series.dates[4].eventId, type: 'Follow' } }));
    expect((await feedOf(once)).map((v) => v.getFirstPropertyValue('uid'))).toEqual([`${series.dates[4].eventId}@localhost`]);
  });
});

describe('changing a series', () => {
  it('changes every date to come but one moved on its own, then this date and the following ones', async () => {
    const event = await eventAt('2027-09-07T19:00');
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=5'), 201);
    const moved = series.dates[2];
    const page = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: moved.eventId }), { jwt: host.jwt }));
    const later = local(moved.startDate).plus({ days: 1 });
    await ok(
      await call(t.app, 'POST', eventsApi.update.path, {
        jwt: host.jwt,
        body: { id: page.id, name: page.name, startDate: later.toUTC().toISO(), endDate: later.plus({ hours: 2 }).toUTC().toISO(), timeZone: CHICAGO, area: page.area },
      }),
    );
    const edit = (body: Record<string, unknown>, who = host) =>
      call(t.app, 'PUT', pathOf(seriesApi.edit, { id: series.id }), { jwt: who.jwt, body: { area: page.area, ...body } });
    await ok<Series>(await edit({ name: 'Poetry night', venue: 'The Hideout' }));
    const names = async () => {
      const now = await ok<Series>(await call(t.app, 'GET', pathOf(seriesApi.get, { id: series.id })));
      return Promise.all(now.dates.map(async (d) => (await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: d.eventId })))).name));
    };
    expect(await names()).toEqual(['Poetry night', 'Poetry night', event.name, 'Poetry night', 'Poetry night']);
    await ok<Series>(await edit({ name: 'Poetry & jazz', from: series.dates[3].eventId }));
    expect(await names()).toEqual(['Poetry night', 'Poetry night', event.name, 'Poetry & jazz', 'Poetry & jazz']);
    // The moved date kept its own time too.
    const after = await ok<Series>(await call(t.app, 'GET', pathOf(seriesApi.get, { id: series.id })));
    expect(after.dates[2].startDate).toBe(later.toUTC().toISO());

    await expectDetailedProblem(await edit({ name: 'X', from: randomUUID() }), 400, 'validation');
    await expectDetailedProblem(await edit({ name: '' }), 400, 'validation');
    await expectDetailedProblem(await edit({ name: 'Mine now' }, other), 403, 'not_owner');
    await expectDetailedProblem(await call(t.app, 'PUT', pathOf(seriesApi.edit, { id: series.id }), { body: { name: 'X', area: page.area } }), 401, 'unauthenticated');
    expect(await names()).toEqual(['Poetry night', 'Poetry night', event.name, 'Poetry & jazz', 'Poetry & jazz']);
  });
});

describe('refusals', () => {
  it('refuses each bad rule with its reason and stores nothing', async () => {
    const event = await eventAt('2027-06-01T19:00');
    const before = await myEventCount();
    const cases: [string, RegExp][] = [
      ['every tuesday', /not an RRULE/],
      ['FREQ=DAILY', /daily series needs an end/],
      ['FREQ=YEARLY', /daily, weekly or monthly/],
      ['FREQ=WEEKLY;UNTIL=20270501T000000Z', /before the first date/],
      ['FREQ=WEEKLY;BYDAY=WE', /not one of the rule's dates/],
      ['FREQ=WEEKLY;BYHOUR=20', /BYHOUR/],
      ['FREQ=WEEKLY;INTERVAL=0', /1 to 52/],
    ];
    for (const [rule, reason] of cases) {
      const res = await createSeries(event.id, rule);
      await expectDetailedProblem(res, 400, 'validation');
      expect((res.json() as { errors: { rule: string[] } }).errors.rule[0], rule).toMatch(reason);
    }
    const empty = await createSeries(event.id, '  ');
    await expectDetailedProblem(empty, 400, 'validation');
    expect(await myEventCount()).toBe(before);
    const page = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: host.jwt }));
    expect(page.name).toBe(event.name);
  });

  it('lets only the host make a series, once', async () => {
    const event = await eventAt('2027-06-08T19:00');
    await expectDetailedProblem(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=2', other), 403, 'not_owner');
    await expectDetailedProblem(await createSeries(randomUUID(), 'FREQ=WEEKLY;COUNT=2'), 404, 'not_found');
    await expectDetailedProblem(await call(t.app, 'POST', seriesApi.create.path, { body: { eventId: event.id, rule: 'FREQ=WEEKLY' } }), 401, 'unauthenticated');
    const series = await ok<Series>(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=2'), 201);
    await expectDetailedProblem(await createSeries(event.id, 'FREQ=WEEKLY;COUNT=3'), 409, 'conflict');
    await expectDetailedProblem(await createSeries(series.dates[1].eventId, 'FREQ=WEEKLY;COUNT=3'), 409, 'conflict');
    await expectDetailedProblem(await call(t.app, 'GET', pathOf(seriesApi.get, { id: randomUUID() })), 404, 'not_found');
    await expectDetailedProblem(await call(t.app, 'GET', pathOf(seriesApi.get, { id: 'nope' })), 400, 'validation');
  });
});

describe('canceling one date', () => {
  it('tells the people going to that date, once, and nobody going to another date', async () => {
    // A database of its own on PostgreSQL: this app's notification worker reads its own outbox.
    const scratch = await ownDatabase('series-cancel');
    const app = await build(scratch ? { database: scratch } : {});
    try {
      const [me, ana, ben] = [await signUp(app), await signUp(app), await signUp(app)];
      await usePlan(app, me, 'Enterprise');
      const start = DateTime.now().setZone(CHICAGO).plus({ days: 3 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
      const event = await ok<HubEvent>(
        await call(app.app, 'POST', eventsApi.create.path, {
          jwt: me.jwt,
          body: { name: 'Supper club', startDate: start.toUTC().toISO(), endDate: start.plus({ hours: 2 }).toUTC().toISO(), timeZone: CHICAGO, area: { latitude: 41.9, longitude: -87.6 } },
        }),
      );
      const series = await ok<Series>(await call(app.app, 'POST', seriesApi.create.path, { jwt: me.jwt, body: { eventId: event.id, rule: 'FREQ=WEEKLY;COUNT=3' } }), 201);
      const [, second, third] = series.dates;
      await ok(await call(app.app, 'PUT', pathOf(goingApi.say, { id: second.eventId }), { jwt: ana.jwt, body: { guests: 0 } }));
      await ok(await call(app.app, 'PUT', pathOf(goingApi.say, { id: third.eventId }), { jwt: ana.jwt, body: { guests: 0 } }));
      await ok(await call(app.app, 'PUT', pathOf(goingApi.say, { id: third.eventId }), { jwt: ben.jwt, body: { guests: 0 } }));
      await ok(await call(app.app, 'POST', pathOf(eventsApi.cancel, { id: second.eventId }), { jwt: me.jwt }));
      await app.app.ctx.notifications.runNow();
      await app.app.ctx.notifications.runNow();
      const files = await fs.readdir(app.outboxDir).catch(() => [] as string[]);
      const canceled = (email: string) => files.filter((f) => f.endsWith(`-canceled-${email}.eml`)).length;
      expect([canceled(ana.email), canceled(ben.email), canceled(me.email)]).toEqual([1, 0, 0]);
      // The other dates go on.
      const after = await ok<Series>(await call(app.app, 'GET', pathOf(seriesApi.get, { id: series.id })));
      expect(after.dates.map((d) => d.status)).toEqual([0, 3, 0]);
    } finally {
      await app.close();
      await scratch?.drop();
    }
  });
});

describe('the scheduler', () => {
  it('adds the dates that come into the window as time passes, once, and stops at the rule end', async () => {
    let clock = new Date();
    // A database of its own on PostgreSQL: with its clock moved, this app's extender would take up other files' series.
    const scratch = await ownDatabase('series');
    const app = await build({ now: () => clock, ...(scratch ? { database: scratch } : {}) });
    try {
      const me = await signUp(app);
      await usePlan(app, me, 'Enterprise');
      const start = DateTime.now().setZone(CHICAGO).plus({ days: 2 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
      const create = async (rule: string) => {
        const event = await ok<HubEvent>(
          await call(app.app, 'POST', eventsApi.create.path, {
            jwt: me.jwt,
            body: { name: 'Run club', startDate: start.toUTC().toISO(), endDate: start.plus({ hours: 1 }).toUTC().toISO(), timeZone: CHICAGO, area: { latitude: 41.9, longitude: -87.6 } },
          }),
        );
        await ok(await call(app.app, 'PUT', pathOf(goingApi.settings, { id: event.id }), { jwt: me.jwt, body: { capacity: 2, maxGuests: 1, offerHours: 24 } }));
        return ok<Series>(await call(app.app, 'POST', seriesApi.create.path, { jwt: me.jwt, body: { eventId: event.id, rule } }), 201);
      };
      const read = async (id: string) => ok<Series>(await call(app.app, 'GET', pathOf(seriesApi.get, { id }), { jwt: me.jwt }));
      const weekly = await create('FREQ=WEEKLY');
      const ended = await create('FREQ=WEEKLY;COUNT=30');
      // Someone follows the open-ended series: the dates added later are followed for them too.
      const fan = await signUp(app);
      expect((await ok<Series>(await call(app.app, 'PUT', pathOf(seriesApi.follow, { id: weekly.id }), { jwt: fan.jwt }))).following).toBe(true);
      const followed = async () => (await ok<EventList>(await call(app.app, 'GET', eventsApi.following.path, { jwt: fan.jwt }))).events.map((e) => e.id).sort();
      expect(await followed()).toEqual(weekly.dates.map((d) => d.eventId).sort());
      // Someone goes to every date, of two seats each (the first date's settings are every date's, new ones too): each date added later seats them too.
      expect((await ok<Series>(await call(app.app, 'PUT', pathOf(seriesApi.settings, { id: weekly.id }), { jwt: me.jwt, body: { everyDate: true } }))).everyDate).toBe(true);
      const regular = await signUp(app);
      const asRegular = async () => ok<Series>(await call(app.app, 'GET', pathOf(seriesApi.get, { id: weekly.id }), { jwt: regular.jwt }));
      await ok(await call(app.app, 'PUT', pathOf(seriesApi.go, { id: weekly.id }), { jwt: regular.jwt, body: { guests: 1 } }));
      expect((await asRegular()).dates[0].going).toBe('going');
      expect(weekly.dates).toHaveLength(27);
      expect(ended.dates).toHaveLength(27);
      // Thirty days later the window reaches about four weeks further.
      clock = new Date(clock.getTime() + 30 * 86_400_000);
      await Promise.all([app.app.ctx.series.runNow(), app.app.ctx.series.runNow()]);
      await app.app.ctx.series.runNow();
      const later = await read(weekly.id);
      const windowEnd = clock.getTime() + 183 * 86_400_000;
      expect(later.dates.length).toBeGreaterThanOrEqual(31);
      expect(new Date(later.dates.at(-1)!.ruleDate).getTime()).toBeLessThanOrEqual(windowEnd);
      expect(new Date(later.dates.at(-1)!.ruleDate).getTime()).toBeGreaterThan(windowEnd - 7 * 86_400_000);
      expect(new Set(later.dates.map((d) => d.ruleDate)).size).toBe(later.dates.length);
      expect(later.dates.every((d) => local(d.startDate).toFormat('ccc HH:mm') === start.toFormat('ccc HH:mm'))).toBe(true);
      expect(await followed()).toEqual(later.dates.map((d) => d.eventId).sort());
      const regularDates = (await asRegular()).dates;
      expect(regularDates.slice(27).map((d) => d.going)).toEqual(regularDates.slice(27).map(() => 'going'));
      const newest = await ok<GoingSummary>(await call(app.app, 'GET', pathOf(goingApi.get, { id: regularDates.at(-1)!.eventId }), { jwt: regular.jwt }));
      expect([newest.settings.capacity, newest.seatsTaken, newest.mine?.guests]).toEqual([2, 2, 1]);
      // A series with a count stops there.
      const counted = await read(ended.id);
      expect(counted.dates).toHaveLength(30);
      expect(counted.datesUntil).toBeNull();
    } finally {
      await app.close();
      await scratch?.drop();
    }
  });
});
