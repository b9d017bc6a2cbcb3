import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { sql } from 'drizzle-orm';
import {
  EVENT_TILE_LAYER,
  EventSchema,
  EventStatus,
  eventLinksApi,
  eventPhase,
  eventsApi,
  flyersApi,
  geoApi,
  launchesApi,
  notificationsApi,
  pathOf,
  usersApi,
  type City,
  type HubEvent,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { build, type ListeningTestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { expectProblem } from './support/problem.js';
import { ownDatabase, type ScratchDatabase } from './support/scratch-database.js';

// Issue 24, "the lifecycle in plain words, and right": a buzz is a live session, not the event's
// end. Stopping it never marks a future event ended and takes every flyer off the stage; canceling
// is the host's action, and the event's followers and attendees (only they) are told.

const HOUR = 3_600_000;
const FLYER = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });
const at = (ms: number) => new Date(ms).toISOString();
const within = <T>(promise: Promise<T>, ms = 3000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

let t: ListeningTestApp;
const hubs: TestHub[] = [];
let scratch: ScratchDatabase | undefined;
beforeAll(async () => {
  // Launches are applied at once; notifications only when a test runs a round (on a database of its own: it reads its outbox).
  scratch = await ownDatabase('lifecycle');
  t = await build({ listen: true, hub: { watcherAnnounceMs: 20 }, launches: { pollMs: 50 }, notifications: { pollMs: 3_600_000 }, ...(scratch ? { database: scratch } : {}) });
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.connection.stop().catch(() => {})));
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

async function ok<T>(res: LightMyRequestResponse): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const post = (user: TestUser, url: string, body?: unknown) => call(t.app, 'POST', url, { jwt: user.jwt, body });
const read = async (id: string, viewer?: TestUser) => EventSchema.parse(await ok(await call(t.app, 'GET', pathOf(eventsApi.get, { id }), { jwt: viewer?.jwt })));

/** A host on the Pro plan (several events and flyers). */
async function host(): Promise<TestUser> {
  const user = await signUp(t);
  await usePlan(t, user, 'Pro');
  return user;
}

/** An event from `fromNow` to `fromNow + hours`, in a spot of its own (the Southern Ocean, so its tile holds it alone). */
async function eventOf(user: TestUser, fromNow = 5 * HOUR, hours = 3): Promise<HubEvent & { lat: number; lng: number }> {
  const [lat, lng] = [-50 - Math.random() * 5, 70 + Math.random() * 20];
  const start = Date.now() + fromNow;
  const body = { name: `Lifecycle ${randomUUID().slice(0, 8)}`, startDate: at(start), endDate: at(start + hours * HOUR), timeZone: 'America/Chicago', area: { latitude: lat, longitude: lng } };
  return { ...(await ok<HubEvent>(await post(user, eventsApi.create.path, body))), lat, lng };
}

async function connected(user: TestUser): Promise<TestHub> {
  const hub = createHub({ port: t.port, jwt: user.jwt });
  hubs.push(hub);
  await hub.connection.start();
  return hub;
}

/** The host starts the buzz, one flyer on stage and another launch to come; a watcher joined. */
async function live(owner: TestUser, event: HubEvent, watcher: TestUser) {
  const flyer = await ok<{ id: string }>(await post(owner, flyersApi.create.path, { eventId: event.id, name: 'Doors', contentJson: FLYER }));
  const later = await ok<{ id: string }>(await post(owner, flyersApi.create.path, { eventId: event.id, name: 'Encore', contentJson: FLYER }));
  const hostHub = await connected(owner);
  expect(await hostHub.connection.invoke('JoinEventSession', event.id)).toBe(true);
  await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
  const fan = await connected(watcher);
  expect(await fan.connection.invoke('JoinEventSession', event.id)).toBe(true);
  await within(fan.next('EventStarted', (p) => p.eventId === event.id));
  const launch = async (flyerId: string, fromNow: number) =>
    ok(await post(owner, launchesApi.create.path, { eventId: event.id, flyerIds: [flyerId], startDate: at(Date.now() + fromNow), endDate: at(Date.now() + fromNow + HOUR) }));
  await launch(flyer.id, -1000);
  await launch(later.id, 2 * HOUR);
  await within(fan.next('FlyerStarted', (p) => p.id === flyer.id));
  expect((await read(event.id, watcher)).status).toBe(EventStatus.Started);
  return { flyer, later, hostHub, fan };
}

const activeFlyers = async (eventId: string) =>
  (await queryRows<{ id: string }>(t.app.ctx.db, sql`select id from flyers where event_id = ${eventId} and is_activated`)).map((r) => r.id);
const timelineStates = async (eventId: string) =>
  (await queryRows<{ state: string }>(t.app.ctx.db, sql`select state from timelines where event_id = ${eventId} order by start_date`)).map((r) => r.state);

describe('stopping a live session', () => {
  it('on a future event: it stays Created (Upcoming) for everyone, every flyer leaves the stage, launches to come are canceled', async () => {
    const [owner, watcher, visitor] = [await host(), await signUp(t), await signUp(t)];
    const event = await eventOf(owner);
    const { flyer, hostHub, fan } = await live(owner, event, watcher);

    const heard: string[] = [];
    fan.connection.on('FlyerStopped', () => heard.push('FlyerStopped'));
    fan.connection.on('EventStopped', () => heard.push('EventStopped'));
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Stopped' });
    await within(fan.next('FlyerStopped', (p) => p.id === flyer.id));
    await within(fan.next('EventStopped', (p) => p.eventId === event.id));
    // The flyer leaves the watcher's stage before the session's end is heard.
    expect(heard).toEqual(['FlyerStopped', 'EventStopped']);

    for (const viewer of [visitor, watcher, owner, undefined]) {
      const seen = await read(event.id, viewer);
      expect(seen.status).toBe(EventStatus.Created);
      expect(eventPhase(seen)).toBe('upcoming');
      expect(seen.flyers.every((f) => !f.isActivated)).toBe(true);
    }
    expect(await activeFlyers(event.id)).toEqual([]);
    expect(await timelineStates(event.id)).toEqual(['Canceled', 'Canceled']);

    // Someone joining now sees no flyer and no live session.
    const late = await connected(visitor);
    expect(await late.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(late.received.FlyerStarted).toEqual([]);
    expect(late.received.EventStarted).toEqual([]);

    // The host may go live again: a Stop is not the end.
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
    expect((await read(event.id)).status).toBe(EventStatus.Started);
  });

  it('after the event has ended: Completed; during it: Created (happening now)', async () => {
    const owner = await host();
    const ended = await eventOf(owner, -4 * HOUR, 2);
    const running = await eventOf(owner, -HOUR, 3);
    const hostHub = await connected(owner);
    for (const event of [ended, running]) {
      await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
      expect((await read(event.id)).status).toBe(EventStatus.Started);
      await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Stopped' });
    }
    const [endedNow, runningNow] = [await read(ended.id), await read(running.id)];
    expect(endedNow.status).toBe(EventStatus.Completed);
    expect(eventPhase(endedNow)).toBe('ended');
    expect(runningNow.status).toBe(EventStatus.Created);
    expect(eventPhase(runningNow)).toBe('happening');
  });

  it('a stop on a canceled event leaves it canceled, and a canceled event cannot go live', async () => {
    const owner = await host();
    const event = await eventOf(owner);
    await ok(await post(owner, pathOf(eventsApi.cancel, { id: event.id })));
    const hostHub = await connected(owner);
    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' })).rejects.toThrow(/canceled/);
    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Updated', message: 'Anyone?' })).rejects.toThrow(/canceled/);
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Stopped' });
    expect((await read(event.id)).status).toBe(EventStatus.Canceled);
  });

  it('the map marks a live event, and stops marking it once stopped', async () => {
    const [owner, watcher] = [await host(), await signUp(t)];
    const event = await eventOf(owner);
    const z = 12;
    const n = 2 ** z;
    const s = Math.sin((event.lat * Math.PI) / 180);
    const tile = { z, x: Math.floor(((event.lng + 180) / 360) * n), y: Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n) };
    const features = async () => {
      const res = await call(t.app, 'GET', pathOf(eventsApi.tile, tile));
      expect(res.statusCode, res.body).toBe(200);
      const layer = new VectorTile(new PbfReader(res.rawPayload)).layers[EVENT_TILE_LAYER];
      return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer!.feature(i).properties).filter((p) => p.id === event.id);
    };
    expect(await features()).toEqual([{ count: 1, id: event.id }]);
    const { hostHub } = await live(owner, event, watcher);
    expect(await features()).toEqual([{ count: 1, id: event.id, live: 1 }]);
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Stopped' });
    expect(await features()).toEqual([{ count: 1, id: event.id }]);
  });
});

describe('GET event/live/', () => {
  it('lists the live events a person may watch: not stopped ones, not drafts of others, not those whose host blocked them', async () => {
    const [owner, other, viewer, blocked] = [await host(), await host(), await signUp(t), await signUp(t)];
    const [onAir, stopped, quiet] = [await eventOf(owner), await eventOf(owner), await eventOf(owner)];
    const draftStart = Date.now() + 5 * HOUR;
    const draft = await ok<HubEvent>(
      await post(other, eventsApi.create.path, {
        name: `Draft ${randomUUID().slice(0, 6)}`,
        startDate: at(draftStart),
        endDate: at(draftStart + HOUR),
        publishOnDate: at(draftStart - HOUR),
        timeZone: 'UTC',
        area: { latitude: -52, longitude: 81 },
      }),
    );
    const [ownerHub, otherHub] = [await connected(owner), await connected(other)];
    for (const id of [onAir.id, stopped.id]) await ownerHub.connection.invoke('UpdateEventSession', id, { state: 'Started' });
    await otherHub.connection.invoke('UpdateEventSession', draft.id, { state: 'Started' });
    await ownerHub.connection.invoke('UpdateEventSession', stopped.id, { state: 'Stopped' });
    await ok(await post(owner, pathOf(usersApi.block, { id: blocked.id, flag: '1' })));

    const live = async (user: TestUser) => (await ok<{ events: HubEvent[] }>(await call(t.app, 'GET', eventsApi.live.path, { jwt: user.jwt }))).events.map((e) => e.id);
    const seen = await live(viewer);
    expect(seen).toContain(onAir.id);
    expect(seen).not.toContain(stopped.id);
    expect(seen).not.toContain(quiet.id);
    expect(seen).not.toContain(draft.id);
    expect(await live(other)).toContain(draft.id);
    expect(await live(blocked)).not.toContain(onAir.id);
    expectProblem(await call(t.app, 'GET', eventsApi.live.path), 401);
  });
});

/** The outbox's cancellation notices, by recipient. */
async function noticesTo(emails: string[]): Promise<Record<string, number>> {
  const files = await fs.readdir(t.outboxDir).catch(() => [] as string[]);
  return Object.fromEntries(emails.map((email) => [email, files.filter((f) => f.endsWith(`-canceled-${email}.eml`)).length]));
}

const link = async (user: TestUser, eventId: string, type: 'Follow' | 'Attendee' | 'Star') => ok(await post(user, eventLinksApi.create.path, { eventId, type }));

describe('canceling an event', () => {
  it('tells its followers and attendees, and nobody else; a second cancel is 409', async () => {
    const owner = await host();
    const [follower, attendee, both, starrer, stranger, optedOut, watcher] = await Promise.all(Array.from({ length: 7 }, () => signUp(t)));
    const event = await eventOf(owner);
    const other = await eventOf(owner);
    await link(follower, event.id, 'Follow');
    await link(attendee, event.id, 'Attendee');
    await link(both, event.id, 'Follow');
    await link(both, event.id, 'Attendee');
    await link(starrer, event.id, 'Star');
    await link(stranger, other.id, 'Follow');
    await link(optedOut, event.id, 'Follow');
    await link(owner, event.id, 'Follow');
    // Who turned event emails off is not written to.
    await ok(await post(optedOut, notificationsApi.updateSettings.path, { reminder: 'off' }));
    // Someone watching the buzz hears it on the hub.
    const fan = await connected(watcher);
    expect(await fan.connection.invoke('JoinEventSession', event.id)).toBe(true);

    const canceled = EventSchema.parse(await ok(await post(owner, pathOf(eventsApi.cancel, { id: event.id }))));
    expect(canceled.status).toBe(EventStatus.Canceled);
    expect(eventPhase(canceled)).toBe('canceled');
    expect(await within(fan.next('EventNotification', (p) => p.eventId === event.id))).toMatchObject({ title: 'Event canceled', level: 'warning' });
    expect(fan.received.EventStopped).toEqual([]);

    await t.app.ctx.notifications.runNow();
    await t.app.ctx.notifications.runNow();
    expect(await noticesTo([follower, attendee, both, starrer, stranger, optedOut, owner].map((u) => u.email))).toEqual({
      [follower.email]: 1,
      [attendee.email]: 1,
      [both.email]: 1,
      [starrer.email]: 0,
      [stranger.email]: 0,
      [optedOut.email]: 0,
      [owner.email]: 0,
    });
    const notice = await fs.readFile(path.join(t.outboxDir, (await fs.readdir(t.outboxDir)).find((f) => f.endsWith(`-canceled-${follower.email}.eml`))!), 'utf8');
    expect(notice).toContain(`Canceled: ${event.name}`);
    // Once is enough: more rounds send nothing again.
    await t.app.ctx.notifications.runNow();
    expect((await noticesTo([follower.email]))[follower.email]).toBe(1);

    expectProblem(await post(owner, pathOf(eventsApi.cancel, { id: event.id })), 409, { code: 'conflict' });
    expect((await read(other.id)).status).toBe(EventStatus.Created);
  });

  it('only its host cancels it: 403 for another, 401 signed out, 404 for no such event; nothing changes', async () => {
    const [owner, intruder] = [await host(), await signUp(t)];
    const event = await eventOf(owner);
    expectProblem(await post(intruder, pathOf(eventsApi.cancel, { id: event.id })), 403, { code: 'not_owner' });
    expectProblem(await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: event.id })), 401);
    expectProblem(await post(owner, pathOf(eventsApi.cancel, { id: randomUUID() })), 404, { code: 'not_found' });
    expectProblem(await post(owner, pathOf(eventsApi.cancel, { id: 'not-an-id' })), 400, { code: 'validation' });
    expect((await read(event.id)).status).toBe(EventStatus.Created);
  });

  it('an update with status Canceled cancels a live event: its session stops; the session’s own states are kept; another status reinstates it', async () => {
    const [owner, watcher] = [await host(), await signUp(t)];
    const event = await eventOf(owner);
    const { flyer, fan } = await live(owner, event, watcher);
    const body = (over: Record<string, unknown>) => ({ id: event.id, name: event.name, startDate: event.startDate, endDate: event.endDate, timeZone: event.timeZone, area: event.area, ...over });

    // Started and Completed belong to the live session: an update does not set them.
    expect((await ok<HubEvent>(await post(owner, eventsApi.update.path, body({ status: EventStatus.Completed })))).status).toBe(EventStatus.Started);

    const canceled = await ok<HubEvent>(await post(owner, eventsApi.update.path, body({ status: EventStatus.Canceled })));
    expect(canceled.status).toBe(EventStatus.Canceled);
    await within(fan.next('FlyerStopped', (p) => p.id === flyer.id));
    expect(await within(fan.next('EventStopped', (p) => p.eventId === event.id))).toMatchObject({ message: 'The host canceled this event.' });
    expect(await activeFlyers(event.id)).toEqual([]);

    // An edit that does not name the status keeps it canceled; one that names another reinstates it, not live.
    expect((await ok<HubEvent>(await post(owner, eventsApi.update.path, body({ name: `${event.name} (renamed)` })))).status).toBe(EventStatus.Canceled);
    expect((await ok<HubEvent>(await post(owner, eventsApi.update.path, body({ status: EventStatus.Started })))).status).toBe(EventStatus.Created);
    expect((await ok<HubEvent>(await post(owner, eventsApi.update.path, body({ status: EventStatus.Completed })))).status).toBe(EventStatus.Created);
  });

  it('a new event is Created or Canceled: Started and Completed on a create are the session’s, not kept', async () => {
    const owner = await host();
    const start = Date.now() + 5 * HOUR;
    const base = { startDate: at(start), endDate: at(start + HOUR), timeZone: 'UTC', area: { latitude: -52, longitude: 80 } };
    for (const [status, expected] of [
      [EventStatus.Started, EventStatus.Created],
      [EventStatus.Completed, EventStatus.Created],
      [EventStatus.Canceled, EventStatus.Canceled],
    ] as const) {
      const made = await ok<HubEvent>(await post(owner, eventsApi.create.path, { ...base, name: `Made ${status}`, status }));
      expect(made.status).toBe(expected);
    }
  });
});

describe('a city carries its time zone', () => {
  it('from its position: search and nearby', async () => {
    const [chicago] = (await ok<City[]>(await call(t.app, 'GET', `${geoApi.cities.path}?search=Chicago,IL&limit=1`))) as City[];
    expect(chicago).toMatchObject({ name: 'Chicago', timeZone: 'America/Chicago' });
    const [berlin] = await ok<City[]>(await call(t.app, 'GET', `${geoApi.cities.path}?search=Berlin,DE&limit=1`));
    expect(berlin.timeZone).toBe('Europe/Berlin');
    const [near] = await ok<City[]>(await call(t.app, 'GET', `${geoApi.citiesNearby.path}?latitude=30.27&longitude=-97.74&limit=1`));
    expect(near.timeZone).toBe('America/Chicago');
    const [phoenix] = await ok<City[]>(await call(t.app, 'GET', `${geoApi.cities.path}?search=Phoenix,AZ&limit=1`));
    expect(phoenix.timeZone).toBe('America/Phoenix');
  });
});

// Issue 26, the host console with states: what the host may do depends on whether the buzz is
// live. Not live: Go live (and launches, which the spec allows at any time: scheduling ahead is
// how a host prepares). Live: message the room, sound, End. A message to a room that is not live
// is refused with session_not_live, and nothing reaches the watchers.
describe('the host console, by session state', () => {
  const NOT_LIVE = /HubException: session_not_live: The session is not live/;
  const status = async (id: string) => (await read(id)).status;

  /** A host on Pro with a future event, joined to its session, and a watcher joined too. */
  async function room() {
    const [owner, watcher] = [await host(), await signUp(t)];
    const event = await eventOf(owner);
    const [hostHub, fan] = [await connected(owner), await connected(watcher)];
    for (const hub of [hostHub, fan]) expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    return { owner, event, hostHub, fan };
  }

  it('not live: a message is refused with session_not_live and reaches nobody; Go live and sound are allowed', async () => {
    const { event, hostHub, fan } = await room();
    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Updated', title: 'Hello', message: 'Anyone here?' })).rejects.toThrow(NOT_LIVE);
    // The refusal changed nothing: the event is not live and nobody heard a thing.
    expect(await status(event.id)).toBe(EventStatus.Created);
    // Sound is the host's setting, allowed in any state (the spec does not tie it to a live session).
    await hostHub.connection.invoke('UpdateEventSessionSound', event.id, { level: 30 });
    await within(fan.next('EventSoundUpdated', (p) => p.eventId === event.id));
    expect(fan.received.EventUpdated).toEqual([]);
    expect(fan.received.EventNotification).toEqual([]);

    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
    expect(await within(fan.next('EventStarted', (p) => p.eventId === event.id))).toMatchObject({ state: 'Started' });
    expect(await status(event.id)).toBe(EventStatus.Started);
  });

  it('live: the message reaches the room; End stops it for everyone and cancels the launches to come; a message after is refused again', async () => {
    const { owner, event, hostHub, fan } = await room();
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
    await within(fan.next('EventStarted', (p) => p.eventId === event.id));

    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Updated', title: 'Stage', message: 'Band on in 5' });
    expect(await within(fan.next('EventUpdated', (p) => p.eventId === event.id))).toMatchObject({ state: 'Updated', message: 'Band on in 5' });
    expect(await within(fan.next('EventNotification', (p) => p.eventId === event.id))).toMatchObject({ title: 'Stage', message: 'Band on in 5' });
    expect(await status(event.id)).toBe(EventStatus.Started);

    const flyer = await ok<{ id: string }>(await post(owner, flyersApi.create.path, { eventId: event.id, name: 'Later', contentJson: FLYER }));
    await ok(await post(owner, launchesApi.create.path, { eventId: event.id, flyerIds: [flyer.id], startDate: at(Date.now() + HOUR), endDate: at(Date.now() + 2 * HOUR) }));

    // End: what the console's confirmation says happens, happens.
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Stopped' });
    expect(await within(fan.next('EventStopped', (p) => p.eventId === event.id))).toMatchObject({ state: 'Stopped' });
    expect(await status(event.id)).toBe(EventStatus.Created);
    expect(await timelineStates(event.id)).toEqual(['Canceled']);

    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Updated', message: 'Still there?' })).rejects.toThrow(NOT_LIVE);
    expect(fan.received.EventUpdated).toHaveLength(1);
  });

  it('a canceled event says it is canceled, before it says it is not live', async () => {
    const { owner, event, hostHub } = await room();
    await ok(await post(owner, pathOf(eventsApi.cancel, { id: event.id })));
    await expect(hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Updated', message: 'Anyone?' })).rejects.toThrow(/canceled/);
  });
});
