import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  ATTRACTIONS_MAX,
  AttractionListSchema,
  AttractionSchema,
  EventSchema,
  EventSearchResultSchema,
  attractionsApi,
  calendarsApi,
  eventsApi,
  pathOf,
  type Attraction,
  type HubEvent,
} from '@hubbub/contract';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { multipart } from './support/multipart.js';
import { expectDetailedProblem as expectProblem } from './support/problem.js';

let t: TestApp;
let host: TestUser;
let other: TestUser;
let jpeg: Buffer;
beforeAll(async () => {
  t = await build();
  [host, other] = [await signUp(t), await signUp(t)];
  // The Free plan allows one event; this host makes one per case.
  await usePlan(t, host, 'Enterprise');
  jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c2255c' } }).jpeg().toBuffer();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 86_400_000;
const at = (ms: number) => new Date(ms).toISOString();
const word = () => `w${randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function createEvent(user: TestUser, tenant?: string): Promise<HubEvent> {
  const body = { name: `Line-up night ${word()}`, startDate: at(T0), endDate: at(T0 + 6 * HOUR), area: { latitude: 12.5 + Math.random(), longitude: 60 + Math.random() } };
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body, tenant });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.parse(res.json());
}

async function readEvent(id: string, user?: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'GET', pathOf(eventsApi.get, { id }), { jwt: user?.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return EventSchema.strict().parse(res.json());
}

const add = (user: TestUser, body: Record<string, unknown>) => call(t.app, 'POST', attractionsApi.create.path, { jwt: user.jwt, body });

async function added(user: TestUser, body: Record<string, unknown>): Promise<Attraction> {
  const res = await add(user, body);
  expect(res.statusCode, res.body).toBe(200);
  return AttractionSchema.strict().parse(res.json());
}

function upload(user: TestUser, id: string, data: Buffer | string): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart([{ name: 'file', data, filename: 'band.jpg', contentType: 'image/jpeg' }]);
  return t.app.inject({
    method: 'POST',
    url: pathOf(attractionsApi.setPicture, { id }),
    headers: { 'x-tenant': 'hubbub', 'content-type': contentType, authorization: `Bearer ${user.jwt}` },
    payload,
  });
}

const stored = async (publicPath: string) =>
  fs
    .stat(path.join(t.dataDir, publicPath.replace(/^\//, '')))
    .then(() => true)
    .catch(() => false);

describe('attractions: the line-up of an event', () => {
  it('the host adds, edits, reorders and removes attractions; Event.attractions has them in order', async () => {
    const event = await createEvent(host);
    expect(event.attractions).toEqual([]);
    const band = await added(host, { eventId: event.id, name: '  The Night Owls ', kind: 'performer', setTime: at(T0 + 2 * HOUR), link: 'https://owls.example/tour' });
    expect(band).toMatchObject({ name: 'The Night Owls', kind: 'performer', description: '', link: 'https://owls.example/tour', picturePath: null, setTime: at(T0 + 2 * HOUR) });
    const tacos = await added(host, { eventId: event.id, name: 'Taco Stand', kind: 'food', description: 'Al pastor all night.' });
    const sponsor = await added(host, { eventId: event.id, name: 'Riverside Bank', kind: 'sponsor' });
    expect((await readEvent(event.id)).attractions.map((a) => a.name)).toEqual(['The Night Owls', 'Taco Stand', 'Riverside Bank']);

    const edit = await call(t.app, 'POST', attractionsApi.update.path, {
      jwt: host.jwt,
      body: { id: band.id, name: 'The Night Owls (trio)', kind: 'performer', description: 'Jazz standards.', link: null, setTime: at(T0 + 3 * HOUR) },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(AttractionSchema.parse(edit.json())).toMatchObject({ name: 'The Night Owls (trio)', description: 'Jazz standards.', link: null, setTime: at(T0 + 3 * HOUR) });

    const order = await call(t.app, 'POST', attractionsApi.reorder.path, { jwt: host.jwt, body: { eventId: event.id, attractionIds: [sponsor.id, band.id, tacos.id] } });
    expect(order.statusCode, order.body).toBe(200);
    expect(AttractionListSchema.strict().parse(order.json()).attractions.map((a) => a.id)).toEqual([sponsor.id, band.id, tacos.id]);
    // Everyone reads the line-up in the host's order, signed in or not.
    expect((await readEvent(event.id, other)).attractions.map((a) => a.id)).toEqual([sponsor.id, band.id, tacos.id]);

    const removed = await call(t.app, 'DELETE', pathOf(attractionsApi.delete, { id: tacos.id }), { jwt: host.jwt });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await readEvent(event.id);
    expect(after.attractions.map((a) => a.id)).toEqual([sponsor.id, band.id]);
    // A new one goes last.
    const poet = await added(host, { eventId: event.id, name: 'Ada Verse', kind: 'speaker' });
    expect((await readEvent(event.id)).attractions.map((a) => a.id)).toEqual([sponsor.id, band.id, poet.id]);
  });

  it("someone else's event or attraction is refused and nothing is stored", async () => {
    const event = await createEvent(host);
    const mine = await added(host, { eventId: event.id, name: 'House band', kind: 'performer' });
    expectProblem(await add(other, { eventId: event.id, name: 'Intruder', kind: 'performer' }), 403, 'not_owner');
    expectProblem(await call(t.app, 'POST', attractionsApi.update.path, { jwt: other.jwt, body: { id: mine.id, name: 'Renamed', kind: 'other' } }), 403, 'not_owner');
    expectProblem(await call(t.app, 'POST', attractionsApi.reorder.path, { jwt: other.jwt, body: { eventId: event.id, attractionIds: [mine.id] } }), 403, 'not_owner');
    expectProblem(await call(t.app, 'DELETE', pathOf(attractionsApi.delete, { id: mine.id }), { jwt: other.jwt }), 403, 'not_owner');
    expectProblem(await upload(other, mine.id, jpeg), 403, 'not_owner');
    expectProblem(await call(t.app, 'POST', attractionsApi.create.path, { body: { eventId: event.id, name: 'Anonymous', kind: 'other' } }), 401);
    // Another tenant's host does not find the event at all.
    const elsewhere = await signUp(t, { tenant: OTHER_TENANT });
    expectProblem(await call(t.app, 'POST', attractionsApi.create.path, { jwt: elsewhere.jwt, tenant: OTHER_TENANT, body: { eventId: event.id, name: 'X', kind: 'other' } }), 404);
    expectProblem(await add(host, { eventId: randomUUID(), name: 'Nowhere', kind: 'other' }), 404);
    expect((await readEvent(event.id)).attractions).toEqual([mine]);
  });

  it('bad input is a 400 naming the field, and nothing is stored', async () => {
    const event = await createEvent(host);
    const cases: [Record<string, unknown>, string][] = [
      [{ link: 'javascript:alert(1)' }, 'link'],
      [{ link: 'http://plain.example/' }, 'link'],
      [{ link: 'data:text/html,hi' }, 'link'],
      [{ name: 'x'.repeat(300) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ kind: 'headliner' }, 'kind'],
      [{ description: 'y'.repeat(501) }, 'description'],
      [{ setTime: 'tonight' }, 'setTime'],
      // Before the doors open or after they close.
      [{ setTime: at(T0 - HOUR) }, 'setTime'],
      [{ setTime: at(T0 + 7 * HOUR) }, 'setTime'],
    ];
    for (const [over, field] of cases) {
      const problem = expectProblem(await add(host, { eventId: event.id, name: 'Fine name', kind: 'performer', ...over }), 400, 'validation');
      expect(Object.keys(problem.errors ?? {}), JSON.stringify(over)).toContain(field);
    }
    expect((await readEvent(event.id)).attractions).toEqual([]);
  });

  it(`an event has at most ${ATTRACTIONS_MAX}, also when they are added at once`, async () => {
    const event = await createEvent(host);
    const tries = await Promise.all(Array.from({ length: ATTRACTIONS_MAX + 5 }, (_, i) => add(host, { eventId: event.id, name: `Stall ${i}`, kind: 'vendor' })));
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(ATTRACTIONS_MAX);
    for (const refused of tries.filter((r) => r.statusCode !== 200)) expectProblem(refused, 400, 'validation');
    const lineUp = (await readEvent(event.id)).attractions;
    expect(lineUp).toHaveLength(ATTRACTIONS_MAX);
    // Each addition took its own place: the order is the order they were stored in.
    expect(new Set(lineUp.map((a) => a.name)).size).toBe(ATTRACTIONS_MAX);
  });

  it('a reorder must list every attraction once', async () => {
    const event = await createEvent(host);
    const [a, b] = [await added(host, { eventId: event.id, name: 'A', kind: 'other' }), await added(host, { eventId: event.id, name: 'B', kind: 'other' })];
    const stranger = await added(host, { eventId: (await createEvent(host)).id, name: 'Elsewhere', kind: 'other' });
    for (const attractionIds of [[a.id], [a.id, a.id], [a.id, b.id, stranger.id], [b.id, stranger.id]]) {
      const problem = expectProblem(await call(t.app, 'POST', attractionsApi.reorder.path, { jwt: host.jwt, body: { eventId: event.id, attractionIds } }), 400, 'validation');
      expect(Object.keys(problem.errors ?? {})).toContain('attractionIds');
    }
    expect((await readEvent(event.id)).attractions.map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it('a picture goes through the image checks; replacing, removing and deleting the event remove the files', async () => {
    const event = await createEvent(host);
    const band = await added(host, { eventId: event.id, name: 'Picture Band', kind: 'performer' });
    expectProblem(await upload(host, band.id, 'not a picture\n'.repeat(40)), 400, 'image_invalid');
    expect((await readEvent(event.id)).attractions[0].picturePath).toBeNull();

    const first = AttractionSchema.parse((await upload(host, band.id, jpeg)).json()).picturePath!;
    expect(first).toMatch(/^\/uploads\/attractions\/[^/]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBeLessThanOrEqual(960);

    const second = AttractionSchema.parse((await upload(host, band.id, jpeg)).json()).picturePath!;
    expect([await stored(first), await stored(second)]).toEqual([false, true]);
    const cleared = await call(t.app, 'DELETE', pathOf(attractionsApi.removePicture, { id: band.id }), { jwt: host.jwt });
    expect(AttractionSchema.parse(cleared.json()).picturePath).toBeNull();
    expect(await stored(second)).toBe(false);

    const third = AttractionSchema.parse((await upload(host, band.id, jpeg)).json()).picturePath!;
    expect((await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: event.id }), { jwt: host.jwt })).statusCode).toBe(200);
    expect(await stored(third)).toBe(false);
  });

  it("the text search finds an event by an attraction's name, and forgets it once removed", async () => {
    const event = await createEvent(host);
    const band = `Zephyr${word()}`;
    const search = async () => {
      const res = await call(t.app, 'POST', eventsApi.search.path, { body: { searchText: band, startDate: at(T0 - HOUR), days: 2 } });
      expect(res.statusCode, res.body).toBe(200);
      return EventSearchResultSchema.parse(res.json()).events.map((e) => e.id);
    };
    expect(await search()).toEqual([]);
    const act = await added(host, { eventId: event.id, name: `${band} Quartet`, kind: 'performer' });
    expect(await search()).toEqual([event.id]);
    await call(t.app, 'DELETE', pathOf(attractionsApi.delete, { id: act.id }), { jwt: host.jwt });
    expect(await search()).toEqual([]);
  });

  it("the event's calendar file lists the line-up by set time, and a line-up change moves the event's updated", async () => {
    const event = await createEvent(host);
    await added(host, { eventId: event.id, name: 'Closing Band', kind: 'performer', setTime: at(T0 + 5 * HOUR) });
    await added(host, { eventId: event.id, name: 'Opening Act', kind: 'performer', setTime: at(T0 + HOUR) });
    const sponsor = await added(host, { eventId: event.id, name: 'Corner Bakery', kind: 'sponsor' });
    const updated = (await readEvent(event.id)).updated;
    expect(Date.parse(updated)).toBeGreaterThan(Date.parse(event.updated));
    const ics = await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: event.id }));
    expect(ics.statusCode, ics.body).toBe(200);
    const text = ics.body.replace(/\r\n[ \t]/g, '');
    const description = /DESCRIPTION:(.*)/.exec(text)![1].replace(/\\n/g, '\n').replace(/\\,/g, ',');
    const lines = description.split('\n');
    const first = lines.indexOf('Line-up:');
    expect(lines.slice(first + 1, first + 4).map((l) => l.replace(/^.*? {2}/, ''))).toEqual(['Opening Act (Performer)', 'Closing Band (Performer)', 'Corner Bakery (Sponsor)']);
    await call(t.app, 'DELETE', pathOf(attractionsApi.delete, { id: sponsor.id }), { jwt: host.jwt });
    expect(Date.parse((await readEvent(event.id)).updated)).toBeGreaterThanOrEqual(Date.parse(updated));
  });
});
