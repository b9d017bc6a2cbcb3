import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attractionsApi,
  checkInApi,
  coHostsApi,
  eventLinksApi,
  eventsApi,
  flyersApi,
  goingApi,
  homeApi,
  launchesApi,
  pathOf,
  projectDocumentApi,
  seriesApi,
  tagsApi,
  toCamelCaseKeys,
  type Attraction,
  type CoHostRole,
  type CoHosts,
  type Door,
  type Endpoint,
  type Flyer,
  type GoingInvitations,
  type Home,
  type HubEvent,
  type Series,
  type Tag,
  type Timeline,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { build, type ListeningTestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { multipart } from './support/multipart.js';
import { expectDetailedProblem, expectProblem } from './support/problem.js';
import { ownDatabase, type ScratchDatabase } from './support/scratch-database.js';

// Co-hosts with roles (issue 30), checked on every surface of an event: a co-host does everything
// its host does but delete it, name co-hosts and change its series; door staff (check-in) work the
// door and nothing else; a stranger nothing. What a co-host adds is the host's, and counts against
// the host's plan. Every refusal changes nothing.

const HOUR = 3_600_000;
const clock = Date.now();
const FLYER = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });

/** Who may make a call: the host alone, the host and co-hosts, or those and door staff too. */
type Least = 'host' | 'co-host' | 'check-in';

interface Surface {
  /** `table.name` of the endpoint (contract endpoints.ts). */
  endpoint: Endpoint;
  least: Least;
  run: (user: TestUser) => Promise<LightMyRequestResponse>;
}

describe('co-hosts and door staff: every surface checks the role', () => {
  let t: ListeningTestApp;
  let scratch: ScratchDatabase | undefined;
  let host: TestUser;
  let coHost: TestUser;
  let door: TestUser;
  let stranger: TestUser;
  let guest: TestUser;
  let asker: TestUser;
  let event: HubEvent;
  let seriesDate: HubEvent;
  let series: Series;
  let jpeg: Buffer;
  let tag: Tag;
  let hostDoc: { id: string };
  const open: TestHub[] = [];

  const ok = async <T>(res: LightMyRequestResponse | Promise<LightMyRequestResponse>): Promise<T> => {
    const r = await res;
    expect([200, 201], `${r.statusCode} ${r.body}`).toContain(r.statusCode);
    return r.json() as T;
  };

  async function createEvent(name: string): Promise<HubEvent> {
    const start = clock + 48 * HOUR;
    return ok<HubEvent>(
      call(t.app, 'POST', eventsApi.create.path, {
        jwt: host.jwt,
        body: { name: `${name} ${randomUUID().slice(0, 6)}`, startDate: new Date(start).toISOString(), endDate: new Date(start + 3 * HOUR).toISOString(), timeZone: 'America/Chicago', area: { latitude: 44.98, longitude: -93.27, city: 'Minneapolis', state: 'MN' } },
      }),
    );
  }

  /** Names the person by email, and they open the link mailed to them, as people do. */
  async function name(eventId: string, user: TestUser, role: CoHostRole): Promise<void> {
    await ok(call(t.app, 'POST', pathOf(coHostsApi.invite, { id: eventId }), { jwt: host.jwt, body: { email: user.email, role } }));
    await t.app.ctx.notifications.runNow();
    const files = (await fs.readdir(t.outboxDir)).filter((f) => f.endsWith(`-co-host-${user.email}.eml`)).sort();
    const texts = await Promise.all(files.map(async (f) => (await fs.readFile(path.join(t.outboxDir, f), 'utf8')).replace(/=\r?\n/g, '')));
    const token = texts.map((text) => new RegExp(`/event/${eventId}/co-host/([A-Za-z0-9_-]+)`).exec(text)?.[1]).find(Boolean);
    expect(token, `a link for ${user.email}`).toBeTruthy();
    expect(await ok(call(t.app, 'POST', pathOf(coHostsApi.accept, { id: eventId }), { jwt: user.jwt, body: { token } }))).toEqual({ eventId, role });
  }

  const upload = (user: TestUser, url: string) => {
    const { payload, contentType } = multipart([{ name: 'file', data: jpeg, filename: 'picture.jpg', contentType: 'image/jpeg' }]);
    return t.app.inject({ method: 'POST', url, headers: { 'x-tenant': 'hubbub', 'content-type': contentType, authorization: `Bearer ${user.jwt}` }, payload });
  };
  const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => call(t.app, method, url, { jwt: user.jwt, body });
  const read = (user = host) => ok<HubEvent>(as(user, 'GET', pathOf(eventsApi.get, { id: event.id })));
  const flyersOf = async () => ok<Flyer[]>(as(host, 'GET', pathOf(flyersApi.ofEvent, { eventId: event.id })));
  const launchesOf = async () => ok<Timeline[]>(as(host, 'GET', pathOf(launchesApi.ofEvent, { eventId: event.id })));
  const doorOf = async () => ok<Door>(as(host, 'GET', pathOf(checkInApi.door, { id: event.id })));

  /** A part of the event made by the host for one call to use up (a co-host's delete takes it). */
  const freshFlyer = async () => ok<Flyer>(as(host, 'POST', flyersApi.create.path, { eventId: event.id, name: `Flyer ${randomUUID().slice(0, 6)}`, contentJson: FLYER }));
  const freshAttraction = async () => ok<Attraction>(as(host, 'POST', attractionsApi.create.path, { eventId: event.id, name: `Act ${randomUUID().slice(0, 6)}`, kind: 'performer' }));
  const launchBody = (flyerId: string) => ({ eventId: event.id, flyerIds: [flyerId], startDate: new Date(clock + 24 * HOUR).toISOString(), endDate: new Date(clock + 25 * HOUR).toISOString() });

  beforeAll(async () => {
    // Its own database on PostgreSQL: it reads its outbox, which other files' workers would otherwise empty.
    scratch = await ownDatabase('co-host-roles');
    t = await build({ listen: true, now: () => new Date(clock), ...(scratch ? { database: scratch } : {}) });
    jpeg = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#5f3dc4' } }).jpeg().toBuffer();
    host = await signUp(t, { name: 'Hana Host' });
    await usePlan(t, host, 'Enterprise');
    [coHost, door, stranger, guest, asker] = await Promise.all(['Cora Co-host', 'Dov Door', 'Sam Stranger', 'Gia Guest', 'Abe Asker'].map((n) => signUp(t, { name: n })));
    event = await createEvent('Team Night');
    await name(event.id, coHost, 'co-host');
    await name(event.id, door, 'check-in');
    seriesDate = await createEvent('Weekly Jam');
    series = await ok<Series>(as(host, 'POST', seriesApi.create.path, { eventId: seriesDate.id, rule: 'FREQ=WEEKLY;COUNT=4' }));
    await name(seriesDate.id, coHost, 'co-host');
    // A guest holds a seat; someone else waits for approval (the decide call's subject).
    await ok(as(guest, 'PUT', pathOf(goingApi.get, { id: event.id }), { guests: 0 }));
    await ok(as(host, 'PUT', pathOf(goingApi.settings, { id: event.id }), { capacity: 50, maxGuests: 1, offerHours: 24, approval: true }));
    await ok(as(asker, 'PUT', pathOf(goingApi.get, { id: event.id }), { guests: 0 }));
    await ok(as(host, 'POST', pathOf(goingApi.invite, { id: event.id }), { emails: ['invited@example.test'] }));
    await ok(as(guest, 'POST', eventLinksApi.create.path, { eventId: event.id, type: 'Star' }));
    [tag] = (await call(t.app, 'GET', tagsApi.categories.path)).json() as Tag[];
    hostDoc = await ok<{ id: string }>(as(host, 'POST', projectDocumentApi.create.path, { title: 'Run sheet and float', eventId: event.id }));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(open.map((h) => h.connection.stop()));
    await t?.close();
    await scratch?.drop();
  });

  /** Every event surface and who may use it; `run` builds what it needs when it runs. */
  function surfaces(): Surface[] {
    const id = event.id;
    const s = (endpoint: Endpoint, least: Least, run: Surface['run']): Surface => ({ endpoint, least, run });
    return [
      s(eventsApi.update, 'co-host', (u) => as(u, 'POST', eventsApi.update.path, { id, name: `${event.name} (by ${u.name})`, startDate: event.startDate, endDate: event.endDate, timeZone: event.timeZone, area: event.area })),
      s(eventsApi.tag, 'co-host', (u) => as(u, 'POST', eventsApi.tag.path, { eventId: id, tagId: tag.id })),
      s(eventsApi.untag, 'co-host', (u) => as(u, 'DELETE', pathOf(eventsApi.untag, { eventId: id, tagId: tag.id }))),
      s(eventsApi.setThumbnail, 'co-host', (u) => upload(u, pathOf(eventsApi.setThumbnail, { id }))),
      s(eventsApi.removeThumbnail, 'co-host', (u) => as(u, 'DELETE', pathOf(eventsApi.removeThumbnail, { id }))),
      s(eventsApi.delete, 'host', (u) => as(u, 'DELETE', pathOf(eventsApi.delete, { id }))),
      s(goingApi.settings, 'co-host', (u) => as(u, 'PUT', pathOf(goingApi.settings, { id }), { capacity: 60, maxGuests: 1, offerHours: 24, approval: true })),
      s(goingApi.people, 'co-host', (u) => as(u, 'GET', pathOf(goingApi.people, { id }))),
      s(goingApi.export, 'co-host', (u) => as(u, 'GET', pathOf(goingApi.export, { id }))),
      s(goingApi.decide, 'co-host', (u) => as(u, 'PUT', pathOf(goingApi.decide, { id, userId: asker.id }), { decision: 'approve' })),
      s(goingApi.message, 'co-host', (u) => as(u, 'POST', pathOf(goingApi.message, { id }), { message: 'Doors at seven.' })),
      s(goingApi.invitations, 'co-host', (u) => as(u, 'GET', pathOf(goingApi.invitations, { id }))),
      s(goingApi.visibility, 'co-host', (u) => as(u, 'PUT', pathOf(goingApi.visibility, { id }), { visibility: 'public', newLink: false })),
      s(goingApi.invite, 'co-host', (u) => as(u, 'POST', pathOf(goingApi.invite, { id }), { emails: [`by-${u.id.slice(0, 8)}@example.test`] })),
      s(goingApi.uninvite, 'co-host', async (u) => {
        const { invitations } = await ok<GoingInvitations>(as(host, 'GET', pathOf(goingApi.invitations, { id })));
        return as(u, 'DELETE', pathOf(goingApi.uninvite, { id, invitationId: invitations.find((i) => i.email === 'invited@example.test')?.id ?? randomUUID() }));
      }),
      s(coHostsApi.list, 'co-host', (u) => as(u, 'GET', pathOf(coHostsApi.list, { id }))),
      s(coHostsApi.invite, 'host', (u) => as(u, 'POST', pathOf(coHostsApi.invite, { id }), { email: 'friend@example.test', role: 'co-host' })),
      s(coHostsApi.remove, 'host', async (u) => {
        const { coHosts } = await ok<CoHosts>(as(host, 'GET', pathOf(coHostsApi.list, { id })));
        return as(u, 'DELETE', pathOf(coHostsApi.remove, { id, coHostId: coHosts.find((c) => c.email === door.email)!.id }));
      }),
      s(checkInApi.door, 'check-in', (u) => as(u, 'GET', pathOf(checkInApi.door, { id }))),
      s(checkInApi.scan, 'check-in', async (u) => {
        const seat = (await doorOf()).seats.find((x) => x.name === guest.name)!;
        return as(u, 'POST', pathOf(checkInApi.scan, { id }), { scans: [{ goingId: seat.goingId, seat: 0, device: `${u.name}'s phone` }] });
      }),
      s(checkInApi.undo, 'check-in', async (u) => {
        const seat = (await doorOf()).seats.find((x) => x.name === guest.name)!;
        return as(u, 'POST', pathOf(checkInApi.undo, { id }), { goingId: seat.goingId, seat: 0 });
      }),
      s(attractionsApi.create, 'co-host', (u) => as(u, 'POST', attractionsApi.create.path, { eventId: id, name: `Act by ${u.name}`, kind: 'performer' })),
      s(attractionsApi.update, 'co-host', async (u) => as(u, 'POST', attractionsApi.update.path, { id: (await freshAttraction()).id, name: 'Renamed act', kind: 'performer' })),
      s(attractionsApi.reorder, 'co-host', async (u) => as(u, 'POST', attractionsApi.reorder.path, { eventId: id, attractionIds: (await read()).attractions.map((a) => a.id).reverse() })),
      s(attractionsApi.delete, 'co-host', async (u) => as(u, 'DELETE', pathOf(attractionsApi.delete, { id: (await freshAttraction()).id }))),
      s(attractionsApi.setPicture, 'co-host', async (u) => upload(u, pathOf(attractionsApi.setPicture, { id: (await freshAttraction()).id }))),
      s(attractionsApi.removePicture, 'co-host', async (u) => {
        const act = await freshAttraction();
        expect((await upload(host, pathOf(attractionsApi.setPicture, { id: act.id }))).statusCode).toBe(200);
        return as(u, 'DELETE', pathOf(attractionsApi.removePicture, { id: act.id }));
      }),
      s(flyersApi.create, 'co-host', (u) => as(u, 'POST', flyersApi.create.path, { eventId: id, name: `Flyer by ${u.name}`, contentJson: FLYER })),
      s(flyersApi.update, 'co-host', async (u) => as(u, 'POST', flyersApi.update.path, { id: (await freshFlyer()).id, name: 'Renamed flyer', contentJson: FLYER })),
      s(flyersApi.delete, 'co-host', async (u) => as(u, 'DELETE', pathOf(flyersApi.delete, { id: (await freshFlyer()).id }))),
      s(flyersApi.setImage, 'co-host', async (u) => upload(u, pathOf(flyersApi.setImage, { id: (await freshFlyer()).id }))),
      s(flyersApi.removeImage, 'co-host', async (u) => {
        const flyer = await freshFlyer();
        expect((await upload(host, pathOf(flyersApi.setImage, { id: flyer.id }))).statusCode).toBe(200);
        return as(u, 'DELETE', pathOf(flyersApi.removeImage, { id: flyer.id }));
      }),
      s(launchesApi.create, 'co-host', async (u) => as(u, 'POST', launchesApi.create.path, launchBody((await freshFlyer()).id))),
      s(launchesApi.cancel, 'co-host', async (u) => {
        const timeline = await ok<Timeline>(as(host, 'POST', launchesApi.create.path, launchBody((await freshFlyer()).id)));
        return as(u, 'DELETE', pathOf(launchesApi.cancel, { id: timeline.id }));
      }),
      s(seriesApi.create, 'host', (u) => as(u, 'POST', seriesApi.create.path, { eventId: id, rule: 'FREQ=WEEKLY;COUNT=3' })),
      s(seriesApi.edit, 'host', (u) => as(u, 'PUT', pathOf(seriesApi.edit, { id: series.id }), { name: 'Taken over', area: seriesDate.area })),
      s(seriesApi.settings, 'host', (u) => as(u, 'PUT', pathOf(seriesApi.settings, { id: series.id }), { everyDate: true })),
      s(seriesApi.split, 'host', (u) => as(u, 'POST', pathOf(seriesApi.split, { id: series.id }), { from: series.dates[1]!.eventId, rule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=2' })),
      s(seriesApi.copyTimeline, 'host', async (u) => {
        const flyer = await ok<Flyer>(as(host, 'POST', flyersApi.create.path, { eventId: seriesDate.id, name: 'Jam flyer', contentJson: FLYER }));
        const timeline = await ok<Timeline>(as(host, 'POST', launchesApi.create.path, { ...launchBody(flyer.id), eventId: seriesDate.id }));
        return as(u, 'POST', pathOf(seriesApi.copyTimeline, { id: series.id }), { timelineId: timeline.id, to: 'next' });
      }),
      s(eventLinksApi.search, 'co-host', (u) => as(u, 'POST', eventLinksApi.search.path, { eventId: id, userId: guest.id })),
      s(projectDocumentApi.get, 'co-host', (u) => as(u, 'GET', pathOf(projectDocumentApi.get, { id: hostDoc.id }))),
      s(projectDocumentApi.update, 'host', (u) => as(u, 'POST', projectDocumentApi.update.path, { id: hostDoc.id, title: 'Taken over', version: 1 })),
      s(projectDocumentApi.delete, 'host', (u) => as(u, 'DELETE', pathOf(projectDocumentApi.delete, { id: hostDoc.id }))),
      s(projectDocumentApi.revisions, 'host', (u) => as(u, 'GET', pathOf(projectDocumentApi.revisions, { id: hostDoc.id }))),
      s(projectDocumentApi.revision, 'host', (u) => as(u, 'GET', pathOf(projectDocumentApi.revision, { id: hostDoc.id, version: 1 }))),
      s(projectDocumentApi.restore, 'host', (u) => as(u, 'POST', pathOf(projectDocumentApi.restore, { id: hostDoc.id, version: 1 }))),
      s(projectDocumentApi.uploadImage, 'host', (u) => upload(u, pathOf(projectDocumentApi.uploadImage, { id: hostDoc.id }))),
      // Last for the co-host: a canceled event takes no new launches.
      s(eventsApi.cancel, 'co-host', (u) => as(u, 'POST', pathOf(eventsApi.cancel, { id }))),
    ];
  }

  /**
   * The calls about an event that no role gates, each for its reason: public reads (the event page
   * shows them to anyone who may see the event), and a person's own standing, links and documents.
   */
  const UNGATED = new Set<Endpoint>([
    eventsApi.get, eventsApi.export, flyersApi.ofEvent, launchesApi.ofEvent, seriesApi.get, projectDocumentApi.ofEvent,
    goingApi.get, goingApi.say, goingApi.leave, goingApi.confirm, goingApi.accept, checkInApi.tickets, coHostsApi.accept,
    seriesApi.follow, seriesApi.unfollow, seriesApi.go, seriesApi.leave, eventLinksApi.create, eventLinksApi.delete,
    projectDocumentApi.search, projectDocumentApi.create,
    // A document's download reads it as its page does (get, above), for holders of the add-on.
    projectDocumentApi.export,
  ]);

  it('covers every call of the event features: each is role-checked here or ungated for a stated reason', () => {
    const listed = new Set(surfaces().map((x) => x.endpoint));
    const eventScoped = [eventsApi, goingApi, coHostsApi, checkInApi, attractionsApi, flyersApi, launchesApi, seriesApi, eventLinksApi, projectDocumentApi].flatMap((table) =>
      (Object.values(table) as Endpoint[]).filter((e) => e.auth === 'bearer' || /:(id|eventId)\b/.test(e.path)),
    );
    // Lists of many events (search, map tiles, mine, following, live, a person's) are not one event's.
    const lists = new Set<Endpoint>([eventsApi.mine, eventsApi.following, eventsApi.live, eventsApi.ofPerson, eventsApi.create, eventsApi.tile]);
    const missing = eventScoped.filter((e) => !listed.has(e) && !UNGATED.has(e) && !lists.has(e)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it('door staff and strangers are refused every call beyond their role, and nothing changes', async () => {
    const before = { event: await read(), flyers: await flyersOf(), launches: await launchesOf(), door: await doorOf() };
    for (const surface of surfaces()) {
      for (const user of [door, stranger]) {
        const allowed = surface.least === 'check-in' && user === door;
        const res = await surface.run(user);
        const what = `${user.name}: ${surface.endpoint.method} ${surface.endpoint.path} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (allowed) expect([200, 201], what).toContain(res.statusCode);
        else expect([403, 404], what).toContain(res.statusCode);
        if (!allowed && res.statusCode === 403) expect(res.json().code, what).toBe('not_owner');
      }
    }
    // The door's own calls (a scan, then its undo) leave it as it was; every refusal changed nothing.
    const after = { event: await read(), flyers: await flyersOf(), launches: await launchesOf(), door: await doorOf() };
    const kept = (e: HubEvent) => ({ name: e.name, status: e.status, thumbnailPath: e.thumbnailPath, tags: e.tags, visibility: e.visibility, startDate: e.startDate, seriesId: e.seriesId });
    expect(kept(after.event)).toEqual(kept(before.event));
    expect(after.flyers.map((f) => f.name)).toEqual(expect.arrayContaining(before.flyers.map((f) => f.name)));
    expect(after.launches.filter((l) => l.state === 'Canceled')).toEqual(before.launches.filter((l) => l.state === 'Canceled'));
    expect(after.door.counts).toEqual(before.door.counts);
    expect((await ok<CoHosts>(as(host, 'GET', pathOf(coHostsApi.list, { id: event.id })))).coHosts.map((c) => c.email).sort()).toEqual([coHost.email, door.email].sort());
    // Door staff read the list at the door, not the host's guest list or its documents.
    expectDetailedProblem(await as(door, 'GET', pathOf(goingApi.people, { id: event.id })), 403, 'not_owner');
    expect(JSON.stringify((await ok(as(door, 'GET', pathOf(projectDocumentApi.ofEvent, { eventId: event.id })))))).not.toContain(hostDoc.id);
  }, 120_000);

  it('a co-host makes every call a co-host may, and is refused what stays the host\'s', async () => {
    for (const surface of surfaces()) {
      const res = await surface.run(coHost);
      const what = `${surface.endpoint.method} ${surface.endpoint.path} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (surface.least === 'host') {
        expect(res.statusCode, what).toBe(403);
        expect(res.json().code, what).toBe('not_owner');
      } else {
        expect([200, 201], what).toContain(res.statusCode);
      }
    }
    // What they made is the host's (it stays when the co-host goes): the flyers and launches are stored as the host's.
    const owners = await queryRows<{ userId: string }>(t.app.ctx.db, sql`select user_id as "userId" from flyers where event_id = ${event.id} union select user_id from timelines where event_id = ${event.id}`);
    expect(owners).toEqual([{ userId: host.id }]);
    const now = await read(coHost);
    expect(now).toMatchObject({ userId: host.id, name: `${event.name} (by ${coHost.name})`, myRole: 'co-host', status: 3 });
    expect((await read(host)).myRole).toBe('host');
    expect((await read(door)).myRole).toBe('check-in');
    // The host's private document of the event is the co-host's to read, not to change; linking one of theirs (and so showing it on the public page) stays the host's.
    expect((await ok<{ id: string }[]>(as(coHost, 'GET', pathOf(projectDocumentApi.ofEvent, { eventId: event.id })))).map((d) => d.id)).toContain(hostDoc.id);
    expectProblem(await as(coHost, 'POST', projectDocumentApi.create.path, { title: 'My notes', eventId: event.id }), 400, { code: 'validation' });
    // Their message to the guests went out as the event's, the host's: it stays (and counts) if their account goes.
    expect(await queryRows(t.app.ctx.db, sql`select author_id as "authorId" from going_messages where event_id = ${event.id}`)).toEqual([{ authorId: host.id }]);
  }, 120_000);

  it('a co-host runs the buzz and its chat on the hub; door staff and strangers cannot', async () => {
    const live = await createEvent('Live Team');
    await name(live.id, coHost, 'co-host');
    await name(live.id, door, 'check-in');
    const connect = async (user: TestUser) => {
      const hub = createHub({ port: t.port, jwt: user.jwt });
      open.push(hub);
      await hub.connection.start();
      expect(await hub.connection.invoke('JoinEventSession', live.id)).toBe(true);
      return hub;
    };
    const [co, staff, someone] = [await connect(coHost), await connect(door), await connect(stranger)];
    for (const hub of [staff, someone]) {
      await expect(hub.connection.invoke('UpdateEventSession', live.id, { state: 'Started' })).rejects.toThrow(/Only the host of this event and its co-hosts/);
      await expect(hub.connection.invoke('UpdateChatSettings', live.id, { slowModeSeconds: 0, membersOnly: true })).rejects.toThrow(/not_owner/);
    }
    await co.connection.invoke('UpdateEventSession', live.id, { state: 'Started' });
    await someone.next('EventStarted', (p) => p.eventId === live.id);
    const chat = toCamelCaseKeys<{ isHost: boolean }>(await co.connection.invoke('GetChat', live.id));
    expect(chat.isHost).toBe(true);
    await co.connection.invoke('MuteChatMember', live.id, { userId: stranger.id, muted: true });
    await expect(co.connection.invoke('MuteChatMember', live.id, { userId: host.id, muted: true })).rejects.toThrow(/host of the event cannot be muted/);
    await co.connection.invoke('UpdateEventSession', live.id, { state: 'Stopped' });

    // A draft the co-host watches: taken off the team, they leave its session at once.
    const draft = await ok<HubEvent>(
      as(host, 'POST', eventsApi.create.path, { name: 'Secret Draft', startDate: live.startDate, endDate: live.endDate, timeZone: live.timeZone, area: live.area, publishOnDate: new Date(clock + 30 * 86_400_000).toISOString() }),
    );
    await name(draft.id, coHost, 'co-host');
    expect(await co.connection.invoke('JoinEventSession', draft.id)).toBe(true);
    const { coHosts } = await ok<CoHosts>(as(host, 'GET', pathOf(coHostsApi.list, { id: draft.id })));
    await ok(as(host, 'DELETE', pathOf(coHostsApi.remove, { id: draft.id, coHostId: coHosts[0]!.id })));
    expect((await co.next('EventStopped', (p) => p.eventId === draft.id)).message).toBe('The host changed who helps run this event.');
    expect(await co.connection.invoke('JoinEventSession', draft.id)).toBe(false);
  }, 60_000);

  it("what a co-host adds counts against the host's plan, and says so", async () => {
    const small = await signUp(t, { name: 'Sid Small' });
    const helper = await signUp(t, { name: 'Hal Helper' });
    await usePlan(t, helper, 'Enterprise');
    const start = clock + 72 * HOUR;
    const own = await ok<HubEvent>(
      call(t.app, 'POST', eventsApi.create.path, { jwt: small.jwt, body: { name: 'Small Show', startDate: new Date(start).toISOString(), endDate: new Date(start + HOUR).toISOString(), area: event.area } }),
    );
    await ok(call(t.app, 'POST', pathOf(coHostsApi.invite, { id: own.id }), { jwt: small.jwt, body: { email: helper.email, role: 'co-host' } }));
    await t.app.ctx.notifications.runNow();
    const [file] = (await fs.readdir(t.outboxDir)).filter((f) => f.endsWith(`-co-host-${helper.email}.eml`));
    const token = /\/co-host\/([A-Za-z0-9_-]+)/.exec((await fs.readFile(path.join(t.outboxDir, file!), 'utf8')).replace(/=\r?\n/g, ''))![1];
    await ok(call(t.app, 'POST', pathOf(coHostsApi.accept, { id: own.id }), { jwt: helper.jwt, body: { token } }));
    // The free plan's flyers per event, filled by the co-host whose own plan is bigger.
    let refused: LightMyRequestResponse | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      const res = await as(helper, 'POST', flyersApi.create.path, { eventId: own.id, name: `Helper flyer ${i}`, contentJson: FLYER });
      if (res.statusCode !== 200) refused = res;
    }
    const problem = expectProblem(refused!, 403);
    expect(problem.detail).toMatch(/^The host's \w+ plan allows/);
  }, 60_000);

  it("a suspended host's event is on hold: its co-hosts cannot change it meanwhile", async () => {
    const held = await createEvent('On Hold');
    await name(held.id, coHost, 'co-host');
    // What suspending the host does to their events (admin-people.ts hides them with the suspension).
    await queryRows(t.app.ctx.db, sql`update events set hidden_at = now(), hidden_by = 'suspension', hidden_reason = 'Suspended' where id = ${held.id}`);
    const refused = expectDetailedProblem(await as(coHost, 'POST', eventsApi.update.path, { id: held.id, name: 'Changed meanwhile', startDate: held.startDate, endDate: held.endDate, timeZone: held.timeZone, area: held.area }), 403, 'not_owner');
    expect(refused.detail).toContain('suspended');
    expect((await ok<HubEvent>(as(host, 'GET', pathOf(eventsApi.get, { id: held.id })))).name).toBe(held.name);
  });

  it('the co-host and door staff find the event on their home, marked with their part', async () => {
    const home = async (user: TestUser) => ok<Home>(as(user, 'GET', `${homeApi.get.path}?timeZone=America/Chicago`));
    const relationOf = (h: Home) => [...h.next, ...h.liveNow].find((e) => e.id === seriesDate.id || e.id === event.id)?.relation;
    expect(relationOf(await home(coHost))).toBe('co-host');
    expect(relationOf(await home(door))).toBe('check-in');
  });
});
