import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarsApi, EventStatus, eventsApi, goingApi, pathOf, seriesApi, type EventList, type HubEvent, type Series } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectDetailedProblem } from './support/problem.js';

// Series (issue 29): "this and following" with a new rule splits the series. Dates that fall on the
// new rule keep their people; the others are canceled; the old series' rule ends before the date.

const CHICAGO = 'America/Chicago';
let t: TestApp;
let host: TestUser;

beforeAll(async () => {
  t = await build();
  host = await signUp(t);
  await usePlan(t, host, 'Enterprise');
});
afterAll(async () => {
  await t?.close();
});

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** Every Tuesday at 7 PM in Chicago, `count` times, from a Tuesday in next month. */
async function tuesdays(count: number): Promise<Series> {
  let start = DateTime.now().setZone(CHICAGO).plus({ months: 1 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
  while (start.weekday !== 2) start = start.plus({ days: 1 });
  const event = await ok<HubEvent>(
    await call(t.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: { name: `Run club ${randomUUID().slice(0, 6)}`, startDate: start.toUTC().toISO(), endDate: start.plus({ hours: 1 }).toUTC().toISO(), timeZone: CHICAGO, area: { latitude: 41.9, longitude: -87.6 } },
    }),
  );
  return ok<Series>(await call(t.app, 'POST', seriesApi.create.path, { jwt: host.jwt, body: { eventId: event.id, rule: `FREQ=WEEKLY;BYDAY=TU;COUNT=${count}` } }), 201);
}

const split = (series: Series, body: Record<string, unknown>, who = host) => call(t.app, 'POST', pathOf(seriesApi.split, { id: series.id }), { jwt: who.jwt, body });
const read = (id: string, who: TestUser = host) => call(t.app, 'GET', pathOf(seriesApi.get, { id }), { jwt: who.jwt }).then((res) => ok<Series>(res));
const weekday = (iso: string) => DateTime.fromISO(iso, { zone: CHICAGO }).toFormat('ccc HH:mm');

describe('changing the rule from a date on', () => {
  it('keeps the dates that fall on the new rule with their people, cancels the others and ends the old rule before the date', async () => {
    const series = await tuesdays(6);
    const [fan, goer, dropped] = [await signUp(t), await signUp(t), await signUp(t)];
    await ok(await call(t.app, 'PUT', pathOf(seriesApi.follow, { id: series.id }), { jwt: fan.jwt }));
    await ok(await call(t.app, 'PUT', pathOf(goingApi.say, { id: series.dates[3].eventId }), { jwt: goer.jwt, body: {} }));
    await ok(await call(t.app, 'PUT', pathOf(goingApi.say, { id: series.dates[5].eventId }), { jwt: dropped.jwt, body: {} }));

    // The fourth date was moved an hour later on its own.
    const fourth = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: series.dates[3].eventId }), { jwt: host.jwt }));
    const later = DateTime.fromISO(fourth.startDate).plus({ hours: 1 });
    await ok(await call(t.app, 'POST', eventsApi.update.path, { jwt: host.jwt, body: { id: fourth.id, name: fourth.name, startDate: later.toUTC().toISO(), endDate: later.plus({ hours: 1 }).toUTC().toISO(), timeZone: CHICAGO, area: fourth.area } }));

    // From the third date: Tuesdays and Thursdays, five times.
    const made = await ok<Series>(await split(series, { from: series.dates[2].eventId, rule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=5' }), 201);
    expect(made.id).not.toBe(series.id);
    expect(made.rule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=5');
    // The moved Tuesday keeps its own time (it is matched by where the rule put it).
    expect(made.dates.map((d) => weekday(d.startDate))).toEqual(['Tue 19:00', 'Thu 19:00', 'Tue 20:00', 'Thu 19:00', 'Tue 19:00']);
    expect(made.dates.map((d) => weekday(d.ruleDate))).toEqual(['Tue 19:00', 'Thu 19:00', 'Tue 19:00', 'Thu 19:00', 'Tue 19:00']);
    // The Tuesdays are the same events, the Thursdays new ones.
    expect([made.dates[0], made.dates[2], made.dates[4]].map((d) => d.eventId)).toEqual([series.dates[2], series.dates[3], series.dates[4]].map((d) => d.eventId));
    expect(made.dates.every((d) => d.status !== EventStatus.Canceled)).toBe(true);
    // The person going to a kept date still is; the fan follows the new series and its new dates.
    expect((await read(made.id, goer)).dates[2].going).toBe('going');
    const fanView = await read(made.id, fan);
    expect(fanView.following).toBe(true);
    const followed = (await ok<EventList>(await call(t.app, 'GET', eventsApi.following.path, { jwt: fan.jwt }))).events.map((e) => e.id);
    expect(followed).toEqual(expect.arrayContaining(made.dates.map((d) => d.eventId)));

    // The old series: its two dates before, and the sixth Tuesday canceled (its person is told by the usual cancel notice).
    const old = await read(series.id);
    expect(old.datesUntil).toBeNull();
    expect(old.rule).toMatch(/^FREQ=WEEKLY;BYDAY=TU;UNTIL=\d{8}T\d{6}Z$/);
    expect(old.dates.map((d) => [d.eventId, d.status === EventStatus.Canceled])).toEqual([
      [series.dates[0].eventId, false],
      [series.dates[1].eventId, false],
      [series.dates[5].eventId, true],
    ]);
    // Its calendar file expands to exactly its two dates that still take place.
    const ics = await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: series.dates[0].eventId }));
    expect(ics.statusCode, ics.body).toBe(200);
    const root = new ICAL.Component(ICAL.parse(ics.body));
    for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const master = new ICAL.Event(root.getAllSubcomponents('vevent').find((v) => !v.hasProperty('recurrence-id')));
    const starts: string[] = [];
    const it = master.iterator();
    for (let next = it.next(); next && starts.length < 50; next = it.next()) starts.push(next.toJSDate().toISOString());
    expect(starts).toEqual([series.dates[0].startDate, series.dates[1].startDate].map((d) => new Date(d).toISOString()));
  });

  it('from the first date, moves the whole series to the new rule', async () => {
    const series = await tuesdays(3);
    const made = await ok<Series>(await split(series, { from: series.dates[0].eventId, rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=2' }), 201);
    expect(made.dates.map((d) => d.eventId)).toEqual([series.dates[0].eventId, series.dates[2].eventId]);
    const old = await read(series.id);
    expect(old.dates.map((d) => [d.eventId, d.status])).toEqual([[series.dates[1].eventId, EventStatus.Canceled]]);
    // The old series' file still parses (its one rule date is the first one's, now another series' date).
    expect((await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: series.dates[1].eventId }))).statusCode).toBe(200);
  });

  it('refuses a stranger, a date not of the series, a date that has started, a bad rule and a rule with no date, and changes nothing', async () => {
    const series = await tuesdays(3);
    const stranger = await signUp(t);
    const from = series.dates[1].eventId;
    await expectDetailedProblem(await split(series, { from, rule: 'FREQ=WEEKLY' }, stranger), 403, 'not_owner');
    await expectDetailedProblem(await call(t.app, 'POST', pathOf(seriesApi.split, { id: series.id }), { body: { from, rule: 'FREQ=WEEKLY' } }), 401, 'unauthenticated');
    await expectDetailedProblem(await split({ ...series, id: randomUUID() }, { from, rule: 'FREQ=WEEKLY' }), 404, 'not_found');
    await expectDetailedProblem(await split(series, { from: randomUUID(), rule: 'FREQ=WEEKLY' }), 400, 'validation');
    await expectDetailedProblem(await split(series, { from, rule: 'NOT A RULE' }), 400, 'validation');
    await expectDetailedProblem(await split(series, { from, rule: 'FREQ=DAILY' }), 400, 'validation');
    await expectDetailedProblem(await split(series, { from, rule: 'FREQ=WEEKLY;UNTIL=20200101T000000Z' }), 400, 'validation');
    await expectDetailedProblem(await split(series, { from }), 400, 'validation');
    // A date that has started.
    const date = await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: from }), { jwt: host.jwt }));
    const past = DateTime.now().minus({ hours: 1 });
    await ok(await call(t.app, 'POST', eventsApi.update.path, { jwt: host.jwt, body: { id: from, name: date.name, startDate: past.toUTC().toISO(), endDate: past.plus({ hours: 3 }).toUTC().toISO(), timeZone: CHICAGO, area: date.area } }));
    await expectDetailedProblem(await split(series, { from, rule: 'FREQ=WEEKLY' }), 409, 'conflict');
    const after = await read(series.id);
    expect([after.rule, after.dates.map((d) => d.eventId), after.dates.map((d) => d.status)]).toEqual([series.rule, series.dates.map((d) => d.eventId), series.dates.map((d) => d.status)]);
  });
});
