import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsApi, goingApi, pathOf, seriesApi, type GoingSummary, type HubEvent, type Series } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectDetailedProblem } from './support/problem.js';

// Series (issue 29): going to every date at once, when the host allows it. Each date keeps its own
// seats, line and approval; the settings of the first date are every date's.

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

/** A weekly series of `count` dates from next month, whose first date has these Going settings. */
async function seriesWith(count: number, settings: Record<string, unknown>): Promise<Series> {
  const start = DateTime.now().setZone(CHICAGO).plus({ months: 1 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
  const event = await ok<HubEvent>(
    await call(t.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: {
        name: `Board games ${randomUUID().slice(0, 6)}`,
        startDate: start.toUTC().toISO(),
        endDate: start.plus({ hours: 2 }).toUTC().toISO(),
        timeZone: CHICAGO,
        area: { latitude: 41.88, longitude: -87.63, name: 'Chicago, IL' },
      },
    }),
  );
  await ok(await call(t.app, 'PUT', pathOf(goingApi.settings, { id: event.id }), { jwt: host.jwt, body: { capacity: null, maxGuests: 0, offerHours: 24, ...settings } }));
  return ok<Series>(await call(t.app, 'POST', seriesApi.create.path, { jwt: host.jwt, body: { eventId: event.id, rule: `FREQ=WEEKLY;COUNT=${count}` } }), 201);
}

const allow = (series: Series, everyDate = true, who = host) => call(t.app, 'PUT', pathOf(seriesApi.settings, { id: series.id }), { jwt: who.jwt, body: { everyDate } });
const goEvery = (series: Series, who: TestUser, body: Record<string, unknown> = {}) => call(t.app, 'PUT', pathOf(seriesApi.go, { id: series.id }), { jwt: who.jwt, body });
const leaveEvery = (series: Series, who: TestUser) => call(t.app, 'DELETE', pathOf(seriesApi.leave, { id: series.id }), { jwt: who.jwt });
const read = (series: Series, who: TestUser) => call(t.app, 'GET', pathOf(seriesApi.get, { id: series.id }), { jwt: who.jwt }).then((res) => ok<Series>(res));
const summary = (eventId: string, who: TestUser = host) => call(t.app, 'GET', pathOf(goingApi.get, { id: eventId }), { jwt: who.jwt }).then((res) => ok<GoingSummary>(res));
const states = (series: Series) => series.dates.map((d) => d.going);

describe('going to every date', () => {
  it('copies the first date’s Going settings to every date', async () => {
    const question = { id: randomUUID(), kind: 'text', label: 'Which games do you bring?', required: false };
    const series = await seriesWith(3, { capacity: 12, maxGuests: 2, offerHours: 6, approval: true, questions: [question] });
    for (const date of series.dates) {
      expect((await summary(date.eventId)).settings).toEqual({ capacity: 12, maxGuests: 2, offerHours: 6, approval: true, questions: [{ choices: [], ...question }] });
    }
  });

  it('is only there when the host allows it, and only the host allows it', async () => {
    const series = await seriesWith(3, {});
    const guest = await signUp(t);
    expect(series.everyDate).toBe(false);
    await expectDetailedProblem(await goEvery(series, guest), 409, 'conflict');
    expect(states(await read(series, guest))).toEqual([null, null, null]);
    await expectDetailedProblem(await allow(series, true, guest), 403, 'not_owner');
    await expectDetailedProblem(await call(t.app, 'PUT', pathOf(seriesApi.settings, { id: series.id }), { jwt: host.jwt, body: { everyDate: 'yes' } }), 400, 'validation');
    await expectDetailedProblem(await call(t.app, 'PUT', pathOf(seriesApi.go, { id: series.id }), { body: {} }), 401, 'unauthenticated');
    await expectDetailedProblem(await goEvery({ ...series, id: randomUUID() }, guest), 404, 'not_found');
    expect((await ok<Series>(await allow(series))).everyDate).toBe(true);

    const going = await ok<Series>(await goEvery(series, guest));
    expect(going.goingEvery).toBe(true);
    expect(states(going)).toEqual(['going', 'going', 'going']);
    // Saying it twice changes nothing.
    expect(states(await ok<Series>(await goEvery(series, guest)))).toEqual(['going', 'going', 'going']);
    // Turning it off keeps the places taken, and the person is no longer going to "every date".
    const off = await ok<Series>(await allow(series, false));
    expect(off.everyDate).toBe(false);
    const after = await read(series, guest);
    expect(after.goingEvery).toBe(false);
    expect(states(after)).toEqual(['going', 'going', 'going']);
  });

  it('takes a seat where one is free and a place in line where the date is full; leaving moves each line up', async () => {
    const series = await seriesWith(3, { capacity: 1 });
    await ok(await allow(series));
    const [early, regular, third] = [await signUp(t), await signUp(t), await signUp(t)];
    // The second date is full before the regular comes.
    await ok(await call(t.app, 'PUT', pathOf(goingApi.say, { id: series.dates[1].eventId }), { jwt: early.jwt, body: { guests: 0 } }));
    expect(states(await ok<Series>(await goEvery(series, regular)))).toEqual(['going', 'waitlisted', 'going']);
    expect(states(await ok<Series>(await goEvery(series, third)))).toEqual(['waitlisted', 'waitlisted', 'waitlisted']);

    const left = await ok<Series>(await leaveEvery(series, regular));
    expect(left.goingEvery).toBe(false);
    expect(states(left)).toEqual([null, null, null]);
    // The seats the regular gave back are offered to the next in line; the full date keeps its line.
    expect(states(await read(series, third))).toEqual(['offered', 'waitlisted', 'offered']);
    expect((await summary(series.dates[1].eventId)).waitlisted).toBe(1);
  });

  it('asks the first date’s questions; an answer missing refuses and changes nothing', async () => {
    const size = randomUUID();
    const series = await seriesWith(2, { maxGuests: 1, questions: [{ id: size, kind: 'choice', label: 'T-shirt size', required: true, choices: ['S', 'M'] }] });
    await ok(await allow(series));
    const guest = await signUp(t);
    const refused = await goEvery(series, guest, { guests: 0, answers: {} });
    await expectDetailedProblem(refused, 400, 'validation');
    expect(refused.json()).toMatchObject({ errors: { [`answers.${size}`]: [expect.stringMatching(/T-shirt size/)] } });
    await expectDetailedProblem(await goEvery(series, guest, { guests: 2, answers: { [size]: 'M' } }), 400, 'validation');
    const none = await read(series, guest);
    expect([none.goingEvery, ...states(none)]).toEqual([false, null, null]);

    const going = await ok<Series>(await goEvery(series, guest, { guests: 1, answers: { [size]: 'M' } }));
    expect(states(going)).toEqual(['going', 'going']);
    for (const date of series.dates) expect((await summary(date.eventId, guest)).mine).toMatchObject({ guests: 1, answers: { [size]: 'M' } });
  });

  it('leaves the place a person already holds at a date as it is', async () => {
    const series = await seriesWith(3, { maxGuests: 2 });
    await ok(await allow(series));
    const guest = await signUp(t);
    await ok(await call(t.app, 'PUT', pathOf(goingApi.say, { id: series.dates[1].eventId }), { jwt: guest.jwt, body: { guests: 2 } }));
    expect(states(await ok<Series>(await goEvery(series, guest, { guests: 0 })))).toEqual(['going', 'going', 'going']);
    expect((await summary(series.dates[1].eventId, guest)).mine?.guests).toBe(2);
    expect((await summary(series.dates[2].eventId, guest)).mine?.guests).toBe(0);
  });

  it('skips a date the host declined the person at, and a date canceled or over', async () => {
    const series = await seriesWith(4, { approval: true });
    await ok(await allow(series));
    const guest = await signUp(t);
    await ok(await call(t.app, 'PUT', pathOf(goingApi.say, { id: series.dates[0].eventId }), { jwt: guest.jwt, body: {} }));
    await ok(await call(t.app, 'PUT', pathOf(goingApi.decide, { id: series.dates[0].eventId, userId: guest.id }), { jwt: host.jwt, body: { decision: 'decline' } }));
    await ok(await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: series.dates[2].eventId }), { jwt: host.jwt }));
    expect(states(await ok<Series>(await goEvery(series, guest)))).toEqual(['declined', 'pending', null, 'pending']);
    // Leaving every date leaves the host's decline as it was.
    expect(states(await ok<Series>(await leaveEvery(series, guest)))).toEqual(['declined', null, null, null]);
  });

  it('seats exactly one of two people going to every date at the same moment, at each date of one seat', async () => {
    const series = await seriesWith(5, { capacity: 1 });
    await ok(await allow(series));
    const [a, b] = [await signUp(t), await signUp(t)];
    await Promise.all([goEvery(series, a), goEvery(series, b)].map(async (res) => ok<Series>(await res)));
    for (const date of series.dates) {
      const seats = await summary(date.eventId);
      expect([seats.going, seats.seatsTaken, seats.waitlisted]).toEqual([1, 1, 1]);
    }
  });
});
