import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { sql } from 'drizzle-orm';
import {
  EVENT_TILE_LAYER,
  EventStatus,
  authApi,
  accountDataApi,
  calendarsApi,
  moderationApi,
  pathOf,
  type AdminEvent,
  type AdminOverview,
  type AdminPeoplePage,
  type AdminPerson,
  type AuditLog,
  type EventList,
  type EventSearchResult,
  type HubEvent,
  type LiveNow,
  eventsApi,
  eventLinksApi,
  flyersApi,
  launchesApi,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { OTHER_TENANT, TENANT, build, type ListeningTestApp } from './support/build.js';
import { PASSWORD, call, followPath, signUp, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { multipart } from './support/multipart.js';
import { expectProblem } from './support/problem.js';

// The admin console's actions (issue 14): who may call them, what each changes, and the audit log.

let t: ListeningTestApp;
const hubs: TestHub[] = [];
beforeAll(async () => {
  t = await build({ listen: true, hub: { watcherAnnounceMs: 20 } });
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.connection.stop().catch(() => {})));
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const START = Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();
const UNKNOWN = '00000000-0000-4000-8000-0000000000aa';
const REASON = { reason: 'Checked against the reports' };
const FLYER = JSON.stringify({ version: 1, background: { kind: 'solid', color: '#112233' }, blocks: [], imagePath: null });

async function admin(tenant?: string): Promise<TestUser> {
  const user = await signUp(t, { tenant });
  await queryRows(t.app.ctx.db, sql`update users set roles = '{Admin}' where id = ${user.id}`);
  return user;
}

/** An event in a place of its own, so searches and tiles find it alone. */
async function eventOf(user: TestUser, lat = -40 + Math.random() * 10, lng = -150 + Math.random() * 10): Promise<HubEvent & { lat: number; lng: number }> {
  const name = `Moderated ${randomUUID().slice(0, 8)}`;
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: { name, startDate: at(START), endDate: at(START + 3 * HOUR), timeZone: 'UTC', area: { latitude: lat, longitude: lng } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as HubEvent), lat, lng };
}

const post = (user: TestUser | undefined, url: string, body?: unknown) => call(t.app, 'POST', url, { jwt: user?.jwt, body });
const get = (user: TestUser | undefined, url: string) => call(t.app, 'GET', url, { jwt: user?.jwt });

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function auditOf(boss: TestUser, targetId: string): Promise<AuditLog['entries']> {
  return (await ok<AuditLog>(await get(boss, `${moderationApi.audit.path}?targetId=${targetId}`))).entries;
}

function searchFinds(viewer: TestUser | undefined, event: { name: string }) {
  return call(t.app, 'POST', eventsApi.search.path, { jwt: viewer?.jwt, body: { searchText: event.name, pageNumber: 1, pageSize: 10 } }).then(
    (res) => (res.json() as EventSearchResult).events.some((e) => e.name === event.name),
  );
}

async function connected(user: TestUser): Promise<TestHub & { closed: Promise<Error | undefined> }> {
  const hub = createHub({ port: t.port, jwt: user.jwt });
  hubs.push(hub);
  const closed = new Promise<Error | undefined>((resolve) => hub.connection.onclose(resolve));
  await hub.connection.start();
  return { ...hub, closed };
}

const within = <T>(promise: Promise<T>, ms = 3000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

/** A flyer of the event on the buzz now, and a watcher who sees it. */
async function liveWithFlyer(host: TestUser, event: HubEvent, watcher: TestUser) {
  const flyer = await ok<{ id: string }>(await post(host, flyersApi.create.path, { eventId: event.id, name: 'Doors open', contentJson: FLYER }));
  const hostHub = await connected(host);
  expect(await hostHub.connection.invoke('JoinEventSession', event.id)).toBe(true);
  await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' });
  const fan = await connected(watcher);
  expect(await fan.connection.invoke('JoinEventSession', event.id)).toBe(true);
  await ok(await post(host, launchesApi.create.path, { eventId: event.id, flyerIds: [flyer.id], startDate: at(Date.now() - 1000), endDate: at(Date.now() + HOUR) }));
  await fan.next('FlyerStarted', (p) => p.id === flyer.id);
  return { flyer, hostHub, fan };
}

describe('every admin call is refused to everyone but an admin of this site', () => {
  const CALLS: [string, string, unknown][] = [
    ['GET', moderationApi.event.path, undefined],
    ['POST', moderationApi.eventHide.path, REASON],
    ['POST', moderationApi.eventUnhide.path, REASON],
    ['POST', moderationApi.eventCancel.path, REASON],
    ['POST', moderationApi.eventStop.path, REASON],
    ['GET', moderationApi.people.path, undefined],
    ['GET', moderationApi.person.path, undefined],
    ['POST', moderationApi.personSuspend.path, REASON],
    ['POST', moderationApi.personLift.path, REASON],
    ['POST', moderationApi.personRole.path, { admin: true, ...REASON }],
    ['POST', moderationApi.personPlan.path, { plan: 'Pro', addOns: [], ...REASON }],
    ['POST', moderationApi.personDelete.path, REASON],
    ['GET', moderationApi.live.path, undefined],
  ];

  it.each(CALLS)('%s %s', async (method, path, body) => {
    const host = await signUp(t);
    const event = await eventOf(host);
    const target = pathOf({ path }, { id: path.includes('/events/') ? event.id : host.id });
    const before = await queryRows(t.app.ctx.db, sql`select e.hidden_at, e.status, u.suspended_at, u.roles, u.plan from events e join users u on u.id = e.user_id where e.id = ${event.id}`);
    expectProblem(await call(t.app, method as 'GET', target, { body }), 401);
    expectProblem(await call(t.app, method as 'GET', target, { jwt: host.jwt, body }), 403, { code: 'admin_required' });
    const stranger = await admin(OTHER_TENANT);
    expectProblem(await call(t.app, method as 'GET', target, { jwt: stranger.jwt, body }), 401);
    const theirs = await call(t.app, method as 'GET', target, { jwt: stranger.jwt, body, tenant: OTHER_TENANT });
    // Their own tenant has no such event or person; the lists answer their tenant's, without ours.
    if (theirs.statusCode === 200) expect(theirs.body).not.toContain(event.id);
    else expect(theirs.statusCode).toBe(404);
    expect(await queryRows(t.app.ctx.db, sql`select e.hidden_at, e.status, u.suspended_at, u.roles, u.plan from events e join users u on u.id = e.user_id where e.id = ${event.id}`)).toEqual(before);
    const boss = await admin();
    const res = await call(t.app, method as 'GET', target, { jwt: boss.jwt, body });
    // Admin succeeds: 200, or 409 where the state does not allow the action (lift an unsuspended person, stop a session not live).
    expect([200, 409], res.body).toContain(res.statusCode);
  });

  it('refuses bad input on every action without changing anything', async () => {
    const boss = await admin();
    const host = await signUp(t);
    const event = await eventOf(host);
    const audits = (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from audit_log`))[0].n;
    for (const entry of [moderationApi.eventHide, moderationApi.eventCancel, moderationApi.eventStop, moderationApi.personSuspend, moderationApi.personDelete]) {
      const url = (id: string) => pathOf(entry, { id });
      const id = entry.path.includes('/people/') ? host.id : event.id;
      expectProblem(await post(boss, url(id), {}), 400, { code: 'validation' });
      expectProblem(await post(boss, url(id), { reason: 'x' }), 400, { code: 'validation' });
      expectProblem(await post(boss, url(id), { reason: 'y'.repeat(501) }), 400, { code: 'validation' });
      expectProblem(await post(boss, url('not-a-uuid'), REASON), 400, { code: 'validation' });
      expectProblem(await post(boss, url(UNKNOWN), REASON), 404, { code: 'not_found' });
    }
    expectProblem(await post(boss, pathOf(moderationApi.personRole, { id: host.id }), { admin: 'yes', ...REASON }), 400, { code: 'validation' });
    expectProblem(await post(boss, pathOf(moderationApi.personPlan, { id: host.id }), { plan: 'Platinum', ...REASON }), 400, { code: 'validation' });
    expectProblem(await post(boss, pathOf(moderationApi.personPlan, { id: host.id }), { plan: 'Pro', addOns: ['Teleport'], ...REASON }), 400, { code: 'validation' });
    expectProblem(await get(boss, `${moderationApi.people.path}?pageNumber=0`), 400, { code: 'validation' });
    expectProblem(await get(boss, `${moderationApi.people.path}?q=${'a'.repeat(321)}`), 400, { code: 'validation' });
    expectProblem(await post(boss, pathOf(moderationApi.personSuspend, { id: boss.id }), REASON), 400, { code: 'validation' });
    expectProblem(await post(boss, pathOf(moderationApi.personDelete, { id: boss.id }), REASON), 400, { code: 'validation' });
    expect((await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from audit_log`))[0].n).toBe(audits);
    const [row] = await queryRows<{ plan: string; suspended: boolean }>(t.app.ctx.db, sql`select plan, suspended_at is not null as suspended from users where id = ${host.id}`);
    expect(row).toEqual({ plan: 'Free', suspended: false });
  });
});

describe('hiding an event', () => {
  it('takes it out of search, tiles, the buzz picker and its page for everyone but its owner, who sees why; showing it brings it back', async () => {
    const boss = await admin();
    const host = await signUp(t);
    const fan = await signUp(t);
    const event = await eventOf(host);
    await ok(await post(fan, eventLinksApi.create.path, { eventId: event.id, type: 'Follow' }));
    const following = async () => (await ok<EventList>(await get(fan, eventsApi.following.path))).events.some((e) => e.id === event.id);
    // Events the tile over the event's quarter of the world counts, for a visitor.
    const tile = async () => {
      const layer = new VectorTile(new PbfReader((await call(t.app, 'GET', pathOf(eventsApi.tile, { z: 2, x: 0, y: 2 }))).rawPayload)).layers[EVENT_TILE_LAYER];
      let count = 0;
      for (let i = 0; layer && i < layer.length; i++) count += Number(layer.feature(i).properties.count);
      return count;
    };
    expect(await searchFinds(undefined, event)).toBe(true);
    expect(await following()).toBe(true);
    const tileBefore = await tile();
    await ok(await post(fan, moderationApi.report.path, { targetType: 'event', targetId: event.id, reason: 'scam' }));

    const hidden = await ok<AdminEvent>(await post(boss, pathOf(moderationApi.eventHide, { id: event.id }), { reason: 'Sells fake tickets' }));
    expect(hidden).toMatchObject({ id: event.id, hidden: { by: 'moderator', reason: 'Sells fake tickets' }, openReports: 0 });
    expect(await searchFinds(undefined, event)).toBe(false);
    expect(await searchFinds(fan, event)).toBe(false);
    expect(await following()).toBe(false);
    expect(await tile()).toBe(tileBefore - 1);
    expectProblem(await get(fan, pathOf(eventsApi.get, { id: event.id })), 404);
    expectProblem(await get(undefined, pathOf(eventsApi.get, { id: event.id })), 404);
    const own = await ok<HubEvent>(await get(host, pathOf(eventsApi.get, { id: event.id })));
    expect(own.hidden).toMatchObject({ by: 'moderator', reason: 'Sells fake tickets' });
    expect(await searchFinds(host, event)).toBe(true);
    // Nobody but the owner joins its live session.
    const hub = await connected(fan);
    expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(false);
    expectProblem(await post(boss, pathOf(moderationApi.eventHide, { id: event.id }), REASON), 409, { code: 'conflict' });

    const shown = await ok<AdminEvent>(await post(boss, pathOf(moderationApi.eventUnhide, { id: event.id }), { reason: 'The host showed the ticket contract' }));
    expect(shown.hidden).toBeNull();
    expect(await searchFinds(undefined, event)).toBe(true);
    expect((await ok<HubEvent>(await get(fan, pathOf(eventsApi.get, { id: event.id })))).hidden).toBeNull();
    expect(await auditOf(boss, event.id)).toEqual([
      expect.objectContaining({ action: 'event.unhide', actorId: boss.id, reason: 'The host showed the ticket contract', before: { hidden: 'moderator' }, after: expect.objectContaining({ hidden: null }) }),
      expect.objectContaining({ action: 'event.hide', reason: 'Sells fake tickets', before: { hidden: null, status: 0 }, after: { hidden: 'moderator', status: 0, reportsClosed: 1 } }),
    ]);
  });
});

describe('live sessions', () => {
  it('Live now lists running sessions with their watchers; stop tells every watcher and takes the flyers off', async () => {
    const boss = await admin();
    const host = await signUp(t);
    const event = await eventOf(host);
    const { flyer, fan } = await liveWithFlyer(host, event, await signUp(t));
    await expect.poll(async () => (await ok<LiveNow>(await get(boss, moderationApi.live.path))).sessions.find((s) => s.eventId === event.id)?.watchers).toBe(2);
    const live = (await ok<LiveNow>(await get(boss, moderationApi.live.path))).sessions.find((s) => s.eventId === event.id)!;
    expect(live).toMatchObject({ name: event.name, host: { id: host.id, name: host.name } });
    expect((await ok<AdminOverview>(await get(boss, moderationApi.overview.path))).hubConnections).toBeGreaterThanOrEqual(2);

    const stopped = await ok<AdminEvent>(await post(boss, pathOf(moderationApi.eventStop, { id: event.id }), { reason: 'Broadcasting abuse' }));
    // A stopped session is not the event's end: the event is still ahead, so it is Created (Upcoming) again.
    expect(stopped.status).toBe(EventStatus.Created);
    expect(stopped.flyers).toEqual([expect.objectContaining({ id: flyer.id, isActivated: false })]);
    await within(fan.next('FlyerStopped', (p) => p.id === flyer.id));
    expect(await within(fan.next('EventStopped', (p) => p.eventId === event.id))).toMatchObject({ state: 'Stopped', message: 'The moderators stopped this live session.' });
    expect((await ok<LiveNow>(await get(boss, moderationApi.live.path))).sessions.some((s) => s.eventId === event.id)).toBe(false);
    expectProblem(await post(boss, pathOf(moderationApi.eventStop, { id: event.id }), REASON), 409, { code: 'conflict' });
    const [timeline] = await queryRows<{ state: string }>(t.app.ctx.db, sql`select state from timelines where event_id = ${event.id}`);
    expect(timeline.state).toBe('Canceled');
    expect((await auditOf(boss, event.id))[0]).toMatchObject({ action: 'event.stop', before: { status: 1 }, after: { status: 0 } });
  });

  it('cancel marks the event canceled and stops its session', async () => {
    const boss = await admin();
    const host = await signUp(t);
    const event = await eventOf(host);
    const { fan } = await liveWithFlyer(host, event, await signUp(t));
    expect((await ok<AdminEvent>(await post(boss, pathOf(moderationApi.eventCancel, { id: event.id }), { reason: 'Venue confirmed it is not happening' }))).status).toBe(EventStatus.Canceled);
    expect(await within(fan.next('EventStopped', (p) => p.eventId === event.id))).toMatchObject({ message: 'The moderators canceled this event.' });
    expect((await ok<HubEvent>(await get(undefined, pathOf(eventsApi.get, { id: event.id })))).status).toBe(EventStatus.Canceled);
    expectProblem(await post(boss, pathOf(moderationApi.eventCancel, { id: event.id }), REASON), 409, { code: 'conflict' });
    expect((await auditOf(boss, event.id))[0]).toMatchObject({ action: 'event.cancel', before: { status: 1 }, after: { status: 3 } });
  });
});

describe('people', () => {
  it('finds people by email or name and shows one with plan, roles, sign-in methods, sessions, events and reports', async () => {
    const boss = await admin();
    const name = `Findable ${randomUUID().slice(0, 6)}`;
    const person = await signUp(t, { name });
    const event = await eventOf(person);
    await ok(await post(boss, moderationApi.report.path, { targetType: 'user', targetId: person.id, reason: 'spam' }));
    const byName = await ok<AdminPeoplePage>(await get(boss, `${moderationApi.people.path}?q=${encodeURIComponent(name.toUpperCase())}`));
    expect(byName.people).toEqual([expect.objectContaining({ id: person.id, name, email: person.email, plan: 'Free', suspended: false, events: 1, openReports: 1 })]);
    const byEmail = await ok<AdminPeoplePage>(await get(boss, `${moderationApi.people.path}?q=${encodeURIComponent(person.email.slice(0, 14))}`));
    expect(byEmail.people.map((p) => p.id)).toContain(person.id);
    expect((await ok<AdminPeoplePage>(await get(boss, `${moderationApi.people.path}?q=${encodeURIComponent('%_')}`))).people).toEqual([]);

    const page = await ok<AdminPerson>(await get(boss, pathOf(moderationApi.person, { id: person.id })));
    expect(page).toMatchObject({
      id: person.id,
      signInMethods: ['password'],
      emailVerified: true,
      roles: [],
      adminFromConfig: false,
      suspension: null,
      eventList: [expect.objectContaining({ id: event.id, name: event.name, hidden: null })],
      reasons: [{ reason: 'spam', count: 1 }],
    });
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0].revoked).toBeNull();
  });

  it('suspending: no sign-in or refresh, sessions and hub connections end, live sessions stop, events hidden; lifting brings them back', async () => {
    const boss = await admin();
    const host = await signUp(t);
    const event = await eventOf(host);
    const { hostHub, fan } = await liveWithFlyer(host, event, await signUp(t));
    const hostClosed = new Promise<Error | undefined>((resolve) => hostHub.connection.onclose(resolve));

    const suspended = await ok<AdminPerson>(await post(boss, pathOf(moderationApi.personSuspend, { id: host.id }), { reason: 'Repeated scams' }));
    expect(suspended).toMatchObject({ suspended: true, suspension: { reason: 'Repeated scams' } });
    expect(suspended.sessions.every((s) => s.revoked && s.revokedReason === 'suspended')).toBe(true);
    expect((await within(hostClosed))?.message).toMatch(/session has ended/);
    expect(await within(fan.next('EventStopped', (p) => p.eventId === event.id))).toBeTruthy();
    expectProblem(await get(host, authApi.user.path), 401, { code: 'session_ended' });
    expectProblem(await call(t.app, 'POST', authApi.login.path, { body: { email: host.email, password: PASSWORD } }), 403, { code: 'account_suspended' });
    expectProblem(await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: host.refreshToken } }), 403, { code: 'account_suspended' });
    // A wrong password learns nothing about the suspension.
    expectProblem(await call(t.app, 'POST', authApi.login.path, { body: { email: host.email, password: 'not the password' } }), 401, { code: 'invalid_credentials' });
    expect(await searchFinds(undefined, event)).toBe(false);
    expect((await ok<AdminEvent>(await get(boss, pathOf(moderationApi.event, { id: event.id })))).hidden).toMatchObject({ by: 'suspension', reason: 'Repeated scams' });
    expectProblem(await post(boss, pathOf(moderationApi.personSuspend, { id: host.id }), REASON), 409, { code: 'conflict' });

    const lifted = await ok<AdminPerson>(await post(boss, pathOf(moderationApi.personLift, { id: host.id }), { reason: 'Appeal accepted' }));
    expect(lifted).toMatchObject({ suspended: false, suspension: null });
    expect(await searchFinds(undefined, event)).toBe(true);
    expect((await call(t.app, 'POST', authApi.login.path, { body: { email: host.email, password: PASSWORD } })).statusCode).toBe(200);
    expect((await auditOf(boss, host.id)).map((e) => [e.action, e.reason])).toEqual([
      ['person.lift', 'Appeal accepted'],
      ['person.suspend', 'Repeated scams'],
    ]);
  });

  it('an event a moderator hid stays hidden when its host is suspended and lifted', async () => {
    const boss = await admin();
    const host = await signUp(t);
    const event = await eventOf(host);
    await ok(await post(boss, pathOf(moderationApi.eventHide, { id: event.id }), { reason: 'Misleading' }));
    await ok(await post(boss, pathOf(moderationApi.personSuspend, { id: host.id }), { reason: 'Spam' }));
    expectProblem(await post(boss, pathOf(moderationApi.eventUnhide, { id: event.id }), REASON), 409, { code: 'conflict' });
    await ok(await post(boss, pathOf(moderationApi.personLift, { id: host.id }), { reason: 'Ok now' }));
    expect((await ok<AdminEvent>(await get(boss, pathOf(moderationApi.event, { id: event.id })))).hidden).toMatchObject({ by: 'moderator', reason: 'Misleading' });
  });

  it('grants and removes the Admin role; nobody removes their own', async () => {
    const boss = await admin();
    const person = await signUp(t);
    expectProblem(await get(person, moderationApi.live.path), 403, { code: 'admin_required' });
    expect((await ok<AdminPerson>(await post(boss, pathOf(moderationApi.personRole, { id: person.id }), { admin: true, reason: 'New moderator' }))).roles).toEqual(['Admin']);
    expect((await get(person, moderationApi.live.path)).statusCode).toBe(200);
    expectProblem(await post(boss, pathOf(moderationApi.personRole, { id: person.id }), { admin: true, ...REASON }), 409, { code: 'conflict' });
    expectProblem(await post(person, pathOf(moderationApi.personRole, { id: person.id }), { admin: false, ...REASON }), 409, { code: 'last_admin' });
    expect((await ok<AdminPerson>(await post(person, pathOf(moderationApi.personRole, { id: boss.id }), { admin: false, reason: 'Stepped down' }))).roles).toEqual([]);
    expectProblem(await get(boss, moderationApi.live.path), 403, { code: 'admin_required' });
    expect((await auditOf(person, boss.id))[0]).toMatchObject({ action: 'person.role', before: { roles: ['Admin'] }, after: { roles: [] } });
  });

  it('sets a plan and add-ons by hand', async () => {
    const boss = await admin();
    const person = await signUp(t);
    const changed = await ok<AdminPerson>(await post(boss, pathOf(moderationApi.personPlan, { id: person.id }), { plan: 'Pro', addOns: ['Download.HTML'], reason: 'Partner organisation' }));
    expect(changed).toMatchObject({ plan: 'Pro', addOns: ['Download.HTML'], subscription: { source: 'operator', status: 'active' } });
    const me = await ok<{ plan: string; features: string[] }>(await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: person.refreshToken } }).then((r) => call(t.app, 'GET', authApi.user.path, { jwt: r.json().jwt })));
    expect(me.plan).toBe('Pro');
    expect((await auditOf(boss, person.id))[0]).toMatchObject({ action: 'person.plan', before: { plan: 'Free', addOns: [] }, after: { plan: 'Pro', addOns: ['Download.HTML'] } });
  });
});

describe('deleting an account', () => {
  const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } }).png().toBuffer();

  async function withFiles(user: TestUser): Promise<{ event: HubEvent; files: string[] }> {
    const event = await eventOf(user);
    const { payload, contentType } = multipart([{ name: 'file', data: await png(), filename: 'a.png', contentType: 'image/png' }]);
    const res = await t.app.inject({ method: 'POST', url: pathOf(eventsApi.setThumbnail, { id: event.id }), headers: { 'x-tenant': TENANT, 'content-type': contentType, authorization: `Bearer ${user.jwt}` }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const thumbnail = (res.json() as HubEvent).thumbnailPath!;
    const doc = await ok<{ id: string }>(await post(user, '/project/api/v1/projectDocument/', { title: 'Run sheet', eventId: event.id, contentJson: '{"type":"doc","content":[]}' }));
    const image = multipart([{ name: 'file', data: await png(), filename: 'b.png', contentType: 'image/png' }]);
    const up = await t.app.inject({ method: 'POST', url: `/project/api/v1/projectDocument/${doc.id}/images`, headers: { 'x-tenant': TENANT, 'content-type': image.contentType, authorization: `Bearer ${user.jwt}` }, payload: image.payload });
    expect(up.statusCode, up.body).toBe(200);
    const [row] = await queryRows<{ path: string }>(t.app.ctx.db, sql`select path from project_document_images where document_id = ${doc.id}`);
    return { event, files: [thumbnail, row.path] };
  }

  const onDisk = (publicPath: string) =>
    fs.access(path.join(t.dataDir, publicPath.replace(/^\//, ''))).then(
      () => true,
      () => false,
    );

  it('exports everything the account holds as one JSON file', async () => {
    const me = await signUp(t);
    const friend = await signUp(t);
    const { event } = await withFiles(me);
    await ok(await post(me, flyersApi.create.path, { eventId: event.id, name: 'Poster', contentJson: FLYER }));
    await ok(await post(me, eventLinksApi.create.path, { eventId: event.id, type: 'Star' }));
    await ok(await call(t.app, 'POST', followPath(friend.id), { jwt: me.jwt }));
    await ok(await post(me, calendarsApi.create.path, { name: 'Following', kind: 'following' }));
    const res = await get(me, accountDataApi.export.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="hubbub-my-data-\d{4}-\d\d-\d\d\.json"/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: me.id, email: me.email, name: me.name });
    expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|passwordHash/);
    expect(data.events).toEqual([expect.objectContaining({ id: event.id, name: event.name })]);
    expect(data.flyers).toEqual([expect.objectContaining({ name: 'Poster' })]);
    expect(data.documents).toEqual([expect.objectContaining({ title: 'Run sheet' })]);
    expect(data.links).toEqual([expect.objectContaining({ type: 'Star', eventId: event.id })]);
    expect(data.follows.following).toEqual([expect.objectContaining({ id: friend.id })]);
    expect(data.calendars).toEqual([expect.objectContaining({ name: 'Following', kind: 'following' })]);
    expect(JSON.stringify(data.calendars)).not.toMatch(/feed|token/i);
    expectProblem(await get(undefined, accountDataApi.export.path), 401);
  });

  it('deleting my own account needs the password, then removes it, what it owns and its files, and ends its sessions', async () => {
    const me = await signUp(t);
    const { event, files } = await withFiles(me);
    const hub = await connected(me);
    expect(await Promise.all(files.map(onDisk))).toEqual([true, true]);
    expectProblem(await post(undefined, accountDataApi.delete.path, { password: PASSWORD }), 401);
    expectProblem(await post(me, accountDataApi.delete.path, {}), 400, { code: 'validation' });
    expectProblem(await post(me, accountDataApi.delete.path, { email: me.email }), 400, { code: 'validation' });
    expectProblem(await post(me, accountDataApi.delete.path, { password: 'wrong password' }), 401, { code: 'invalid_credentials' });
    expect((await get(me, authApi.user.path)).statusCode).toBe(200);

    expect((await ok<{ ok: boolean }>(await post(me, accountDataApi.delete.path, { password: PASSWORD }))).ok).toBe(true);
    expect((await within(hub.closed))?.message).toMatch(/session has ended/);
    expectProblem(await get(me, authApi.user.path), 401);
    expectProblem(await get(undefined, pathOf(eventsApi.get, { id: event.id })), 404);
    expect(await Promise.all(files.map(onDisk))).toEqual([false, false]);
    const left = await queryRows(t.app.ctx.db, sql`select 1 from users where id = ${me.id} union all select 1 from events where user_id = ${me.id} union all select 1 from project_documents where user_id = ${me.id}`);
    expect(left).toEqual([]);
    expectProblem(await call(t.app, 'POST', authApi.login.path, { body: { email: me.email, password: PASSWORD } }), 401, { code: 'invalid_credentials' });
  });

  it('an account without a password confirms by typing its email', async () => {
    const me = await signUp(t);
    await queryRows(t.app.ctx.db, sql`update users set password_hash = null where id = ${me.id}`);
    expectProblem(await post(me, accountDataApi.delete.path, { email: 'someone@else.test' }), 400, { code: 'validation' });
    expect((await post(me, accountDataApi.delete.path, { email: me.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('an admin deletes someone, files included, and the audit log keeps who it was', async () => {
    const boss = await admin();
    const person = await signUp(t);
    const { files } = await withFiles(person);
    await ok(await post(boss, pathOf(moderationApi.personDelete, { id: person.id }), { reason: 'Spam account' }));
    expect(await Promise.all(files.map(onDisk))).toEqual([false, false]);
    expectProblem(await get(boss, pathOf(moderationApi.person, { id: person.id })), 404);
    expect((await auditOf(boss, person.id))[0]).toMatchObject({ action: 'person.delete', reason: 'Spam account', before: { email: person.email, name: person.name } });
  });
});
