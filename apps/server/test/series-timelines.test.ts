import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DateTime } from 'luxon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsApi, flyersApi, launchesApi, pathOf, seriesApi, type Flyer, type HubEvent, type Series, type Timeline } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { multipart } from './support/multipart.js';
import { expectDetailedProblem } from './support/problem.js';
import { ownDatabase } from './support/scratch-database.js';

// Series (issue 29): a launch of one date reused on the next date or on every date after it. Each
// copy has flyers of its own (rows and image files), timed from its own date's start.

const CHICAGO = 'America/Chicago';
const CONTENT = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });
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

/** A weekly series of `count` dates from next month, 7 to 9 PM in Chicago; its first date has a flyer with an image. */
async function seriesWithFlyer(count: number): Promise<{ series: Series; flyer: Flyer }> {
  const start = DateTime.now().setZone(CHICAGO).plus({ months: 1 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
  const event = await ok<HubEvent>(
    await call(t.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: { name: `Quiz ${randomUUID().slice(0, 6)}`, startDate: start.toUTC().toISO(), endDate: start.plus({ hours: 2 }).toUTC().toISO(), timeZone: CHICAGO, area: { latitude: 41.88, longitude: -87.63 } },
    }),
  );
  const flyer = await ok<Flyer>(await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: event.id, name: 'Round one', contentJson: CONTENT } }));
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0af' } }).png().toBuffer();
  const { payload, contentType } = multipart([{ name: 'file', data: png, filename: 'round.png', contentType: 'image/png' }]);
  const upload = await t.app.inject({ method: 'POST', url: pathOf(flyersApi.setImage, { id: flyer.id }), headers: { 'x-tenant': 'hubbub', 'content-type': contentType, authorization: `Bearer ${host.jwt}` }, payload });
  const series = await ok<Series>(await call(t.app, 'POST', seriesApi.create.path, { jwt: host.jwt, body: { eventId: event.id, rule: `FREQ=WEEKLY;COUNT=${count}` } }), 201);
  return { series, flyer: upload.json() as Flyer };
}

/** The first flyer shows from 30 minutes into the date to its last half hour. */
const launchOn = (date: Series['dates'][number], flyerIds: string[]) =>
  call(t.app, 'POST', launchesApi.create.path, {
    jwt: host.jwt,
    body: { eventId: date.eventId, flyerIds, startDate: new Date(Date.parse(date.startDate) + 30 * 60_000).toISOString(), endDate: new Date(Date.parse(date.startDate) + 90 * 60_000).toISOString() },
  }).then((res) => ok<Timeline>(res));
const copy = (series: Series, body: Record<string, unknown>, who = host) => call(t.app, 'POST', pathOf(seriesApi.copyTimeline, { id: series.id }), { jwt: who.jwt, body });
const timelinesOf = (eventId: string) => call(t.app, 'GET', pathOf(launchesApi.ofEvent, { eventId })).then((res) => ok<Timeline[]>(res));
const flyersOf = (eventId: string) => call(t.app, 'GET', pathOf(flyersApi.ofEvent, { eventId })).then((res) => ok<Flyer[]>(res));
const imageOf = (flyer: Flyer) => (JSON.parse(flyer.contentJson) as { imagePath: string | null }).imagePath;

describe('reusing a launch across the dates of a series', () => {
  it('copies it to the next date, timed from that date, with flyers and images of its own', async () => {
    const { series, flyer } = await seriesWithFlyer(3);
    const original = await launchOn(series.dates[0], [flyer.id]);
    const [made] = await ok<Timeline[]>(await copy(series, { timelineId: original.id, to: 'next' }), 201);
    const next = series.dates[1];
    expect(made.eventId).toBe(next.eventId);
    expect(Date.parse(made.startDate) - Date.parse(next.startDate)).toBe(30 * 60_000);
    expect(Date.parse(made.endDate) - Date.parse(next.startDate)).toBe(90 * 60_000);
    expect(made.state).toBe('Scheduled');
    expect(await timelinesOf(next.eventId)).toEqual([made]);
    const [copied] = await flyersOf(next.eventId);
    expect(made.flyerIds).toEqual([copied.id]);
    expect(copied.name).toBe('Round one');
    expect(imageOf(copied)).not.toBe(imageOf(flyer));
    // The original's image is the copy's only in content: deleting the original leaves the copy's file served.
    await ok(await call(t.app, 'DELETE', pathOf(flyersApi.delete, { id: flyer.id }), { jwt: host.jwt }));
    expect((await t.app.inject({ method: 'GET', url: imageOf(copied)! })).statusCode).toBe(200);
    expect(await timelinesOf(series.dates[2].eventId)).toEqual([]);
  });

  it('copies it to every date after it but a canceled one', async () => {
    const { series, flyer } = await seriesWithFlyer(4);
    await ok(await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: series.dates[2].eventId }), { jwt: host.jwt }));
    const original = await launchOn(series.dates[0], [flyer.id]);
    const made = await ok<Timeline[]>(await copy(series, { timelineId: original.id, to: 'every' }), 201);
    expect(made.map((m) => m.eventId)).toEqual([series.dates[1].eventId, series.dates[3].eventId]);
    expect(await timelinesOf(series.dates[2].eventId)).toEqual([]);
    // Once more from the second date's copy: the fourth date gets a second launch, with flyers of its own again.
    const again = await ok<Timeline[]>(await copy(series, { timelineId: made[0].id, to: 'every' }), 201);
    expect(again.map((m) => m.eventId)).toEqual([series.dates[3].eventId]);
    expect(new Set([...made[1].flyerIds, ...again[0].flyerIds]).size).toBe(2);
    expect((await flyersOf(series.dates[3].eventId)).map((f) => f.name)).toEqual(['Round one', 'Round one']);
  });

  it('refuses a stranger, a launch of another event, an unknown series, bad input and a last date, and makes nothing', async () => {
    const { series, flyer } = await seriesWithFlyer(2);
    const original = await launchOn(series.dates[0], [flyer.id]);
    const stranger = await signUp(t);
    await expectDetailedProblem(await copy(series, { timelineId: original.id, to: 'next' }, stranger), 403, 'not_owner');
    await expectDetailedProblem(await call(t.app, 'POST', pathOf(seriesApi.copyTimeline, { id: series.id }), { body: { timelineId: original.id, to: 'next' } }), 401, 'unauthenticated');
    await expectDetailedProblem(await copy({ ...series, id: randomUUID() }, { timelineId: original.id, to: 'next' }), 404, 'not_found');
    await expectDetailedProblem(await copy(series, { timelineId: randomUUID(), to: 'next' }), 404, 'not_found');
    await expectDetailedProblem(await copy(series, { timelineId: original.id, to: 'later' }), 400, 'validation');
    await expectDetailedProblem(await copy(series, { timelineId: 'x', to: 'next' }), 400, 'validation');
    const other = await seriesWithFlyer(2);
    const foreign = await launchOn(other.series.dates[0], [other.flyer.id]);
    await expectDetailedProblem(await copy(series, { timelineId: foreign.id, to: 'next' }), 404, 'not_found');
    const lastFlyer = await ok<Flyer>(await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: series.dates[1].eventId, name: 'Finale', contentJson: CONTENT } }));
    const onLast = await launchOn(series.dates[1], [lastFlyer.id]);
    await expectDetailedProblem(await copy(series, { timelineId: onLast.id, to: 'every' }), 409, 'conflict');
    expect(await timelinesOf(series.dates[1].eventId)).toEqual([onLast]);
    expect((await flyersOf(series.dates[1].eventId)).map((f) => f.id)).toEqual([lastFlyer.id]);
  });

  it('makes no copy when one date has no room for more flyers on the host’s plan', async () => {
    const { series, flyer } = await seriesWithFlyer(3);
    const original = await launchOn(series.dates[0], [flyer.id]);
    // The last date has a flyer of its own: on Free (one flyer per event) it has no room for the copy.
    const own = await ok<Flyer>(await call(t.app, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: series.dates[2].eventId, name: 'Own', contentJson: CONTENT } }));
    const files = () => fs.readdir(path.join(t.dataDir, 'uploads', 'flyers'));
    const before = await files();
    await usePlan(t, host, 'Free');
    try {
      const refused = await copy(series, { timelineId: original.id, to: 'every' });
      await expectDetailedProblem(refused, 403, 'plan_limit');
      expect(refused.json()).toMatchObject({ detail: expect.stringMatching(/allows 1 flyer per event/) });
    } finally {
      await usePlan(t, host, 'Enterprise');
    }
    // The second date, which had room, got nothing either: not even the image file written for its copy.
    expect(await files()).toEqual(before);
    expect([await timelinesOf(series.dates[1].eventId), await flyersOf(series.dates[1].eventId)]).toEqual([[], []]);
    expect((await flyersOf(series.dates[2].eventId)).map((f) => f.id)).toEqual([own.id]);
  });
});

describe('the same launch every date', () => {
  it('copies a launch reused on every date to the dates the scheduler adds later, once each, until the host cancels it', async () => {
    let clock = new Date();
    // A database of its own on PostgreSQL: with its clock moved, this app's extender would take up other files' series.
    const scratch = await ownDatabase('series-timelines');
    const app = await build({ now: () => clock, ...(scratch ? { database: scratch } : {}) });
    try {
      const me = await signUp(app);
      await usePlan(app, me, 'Enterprise');
      const as = <T>(method: Parameters<typeof call>[1], url: string, body?: unknown, status = 200) => call(app.app, method, url, { jwt: me.jwt, body }).then((res) => ok<T>(res, status));
      const start = DateTime.now().setZone(CHICAGO).plus({ days: 2 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
      const event = await as<HubEvent>('POST', eventsApi.create.path, { name: 'Open mic', startDate: start.toUTC().toISO(), endDate: start.plus({ hours: 2 }).toUTC().toISO(), timeZone: CHICAGO, area: { latitude: 41.88, longitude: -87.63 } });
      const flyer = await as<Flyer>('POST', flyersApi.create.path, { eventId: event.id, name: 'Sign-up sheet', contentJson: CONTENT });
      const series = await as<Series>('POST', seriesApi.create.path, { eventId: event.id, rule: 'FREQ=WEEKLY' }, 201);
      const first = series.dates[0];
      const original = await as<Timeline>('POST', launchesApi.create.path, { eventId: first.eventId, flyerIds: [flyer.id], startDate: new Date(Date.parse(first.startDate) + 30 * 60_000).toISOString(), endDate: new Date(Date.parse(first.startDate) + 90 * 60_000).toISOString() });
      const copies = await as<Timeline[]>('POST', pathOf(seriesApi.copyTimeline, { id: series.id }), { timelineId: original.id, to: 'every' }, 201);
      expect(copies).toHaveLength(series.dates.length - 1);
      const launchesOf = (eventId: string) => call(app.app, 'GET', pathOf(launchesApi.ofEvent, { eventId })).then((res) => ok<Timeline[]>(res));

      // Thirty days later the scheduler adds about four dates; two instances running at once copy the launch once to each.
      clock = new Date(clock.getTime() + 30 * 86_400_000);
      await Promise.all([app.app.ctx.series.runNow(), app.app.ctx.series.runNow()]);
      const later = await as<Series>('GET', pathOf(seriesApi.get, { id: series.id }));
      const added = later.dates.slice(series.dates.length);
      expect(added.length).toBeGreaterThanOrEqual(4);
      for (const date of added) {
        const [launch, ...more] = await launchesOf(date.eventId);
        expect(more).toEqual([]);
        expect([Date.parse(launch.startDate) - Date.parse(date.startDate), Date.parse(launch.endDate) - Date.parse(date.startDate)]).toEqual([30 * 60_000, 90 * 60_000]);
        expect(launch.state).toBe('Scheduled');
        const flyers = await call(app.app, 'GET', pathOf(flyersApi.ofEvent, { eventId: date.eventId })).then((res) => ok<Flyer[]>(res));
        expect(flyers.map((f) => [f.name, launch.flyerIds.includes(f.id)])).toEqual([['Sign-up sheet', true]]);
      }

      // The host cancels the original: the dates added after that get no copy, and the others keep theirs.
      await as('DELETE', pathOf(launchesApi.cancel, { id: original.id }));
      clock = new Date(clock.getTime() + 30 * 86_400_000);
      await app.app.ctx.series.runNow();
      const latest = await as<Series>('GET', pathOf(seriesApi.get, { id: series.id }));
      const addedAfter = latest.dates.slice(later.dates.length);
      expect(addedAfter.length).toBeGreaterThanOrEqual(4);
      for (const date of addedAfter) expect(await launchesOf(date.eventId)).toEqual([]);
      expect(await launchesOf(added[0].eventId)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
