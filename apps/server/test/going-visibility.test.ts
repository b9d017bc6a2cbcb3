import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import {
  EVENT_TILE_LAYER,
  calendarsApi,
  eventLinksApi,
  eventsApi,
  goingApi,
  homeApi,
  pathOf,
  projectDocumentApi,
  publicEventPath,
  type Calendar,
  type EventList,
  type EventSearchResult,
  type EventVisibility,
  type GoingInvitations,
  type Home,
  type HubEvent,
} from '@hubbub/contract';
import { TENANT, build, type ListeningTestApp } from './support/build.js';
import { call, followPath, signUp, usePlan, type TestUser } from './support/api.js';
import { createHub, type TestHub } from './support/hub-client.js';
import { ownDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { expectDetailedProblem } from './support/problem.js';

// Going (issue 28), acceptance 3: unlisted and invite-only events on every surface (search, tiles,
// public page, full page, hub join, feeds, documents, person page, ICS) for a visitor, a stranger,
// an invitee and the host.

const HOUR = 3_600_000;
const START = Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

let t: ListeningTestApp;
const hubs: TestHub[] = [];
let scratch: ScratchDatabase | undefined;
beforeAll(async () => {
  scratch = await ownDatabase('visibility');
  t = await build({ listen: true, ...(scratch ? { database: scratch } : {}) });
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.connection.stop().catch(() => {})));
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

async function ok<T>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** An event alone at its spot (a tile of its own at zoom 12), with a public document. */
async function eventOf(host: TestUser): Promise<HubEvent> {
  const area = { latitude: -35 + Math.random() * 10, longitude: -140 + Math.random() * 10 };
  const event = await ok<HubEvent>(
    await call(t.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: { name: `Quiet ${randomUUID().slice(0, 8)}`, startDate: at(START), endDate: at(START + 3 * HOUR), timeZone: 'UTC', area },
    }),
  );
  await ok(await call(t.app, 'POST', projectDocumentApi.create.path, { jwt: host.jwt, body: { title: `Notes ${event.name}`, eventId: event.id, visibility: 'public' } }));
  return event;
}

const setVisibility = (host: TestUser, event: HubEvent, visibility: EventVisibility, newLink = false) =>
  call(t.app, 'PUT', pathOf(goingApi.visibility, { id: event.id }), { jwt: host.jwt, body: { visibility, newLink } });

function tileOf(event: HubEvent, z = 12) {
  const { latitude: lat, longitude: lng } = event.area!;
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return { z, x, y };
}

/** What each surface shows of the event to one person (undefined: a visitor). */
async function surfaces(event: HubEvent, viewer: TestUser | undefined, feeds: { hosts?: Calendar; following?: Calendar } = {}) {
  const jwt = viewer?.jwt;
  const search = await ok<EventSearchResult>(await call(t.app, 'POST', eventsApi.search.path, { jwt, body: { searchText: event.name, pageNumber: 1, pageSize: 10 } }));
  const tileRes = await call(t.app, 'GET', pathOf(eventsApi.tile, tileOf(event)), { jwt });
  const layer = new VectorTile(new PbfReader(tileRes.rawPayload)).layers[EVENT_TILE_LAYER];
  const tileIds = layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.id) : [];
  const person = await ok<{ events: { id: string }[] }>(await call(t.app, 'GET', pathOf(eventsApi.ofPerson, { id: event.userId }), { jwt }));
  const docs = await call(t.app, 'GET', pathOf(projectDocumentApi.ofEvent, { eventId: event.id }), { jwt });
  const feedHas = async (calendar?: Calendar) =>
    calendar ? (await t.app.inject({ method: 'GET', url: new URL(calendar.feedUrl).pathname })).body.includes(event.name) : undefined;
  let hub: boolean | undefined;
  if (viewer) {
    const connection = createHub({ port: t.port, jwt: viewer.jwt });
    hubs.push(connection);
    await connection.connection.start();
    hub = (await connection.connection.invoke('JoinEventSession', event.id)) as boolean;
  }
  return {
    search: search.events.some((e) => e.id === event.id),
    tile: tileIds.includes(event.id),
    person: person.events.some((e) => e.id === event.id),
    publicPage: (await t.app.inject({ method: 'GET', url: publicEventPath(event.slug) })).statusCode,
    publicIcs: (await t.app.inject({ method: 'GET', url: `${publicEventPath(event.slug)}/calendar.ics` })).statusCode,
    fullPage: (await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt })).statusCode,
    ics: (await call(t.app, 'GET', pathOf(calendarsApi.eventIcs, { id: event.id }), { jwt })).statusCode,
    going: (await call(t.app, 'GET', pathOf(goingApi.get, { id: event.id }), { jwt })).statusCode,
    // 200 with the event's public document, or the status answered.
    documents: docs.statusCode === 200 ? (docs.body.includes(`Notes ${event.name}`) ? 200 : 0) : docs.statusCode,
    hub,
    hostsFeed: await feedHas(feeds.hosts),
    followingFeed: await feedHas(feeds.following),
  };
}

async function calendar(user: TestUser, kind: 'hosts' | 'following'): Promise<Calendar> {
  return ok<Calendar>(await call(t.app, 'POST', calendarsApi.create.path, { jwt: user.jwt, body: { name: kind, kind } }));
}

async function people() {
  const host = await signUp(t);
  await usePlan(t, host, 'Pro');
  const [stranger, invitee] = [await signUp(t), await signUp(t)];
  await usePlan(t, stranger, 'Pro');
  // The stranger follows the host, so their "hosts" feed would carry the host's listed events.
  await ok(await call(t.app, 'POST', followPath(host.id), { jwt: stranger.jwt }));
  return { host, stranger, invitee };
}


describe('issue 28 acceptance 3: who sees an unlisted or invite-only event, surface by surface', () => {
  it('public: every surface shows it to everyone (the baseline the others are measured against)', async () => {
    const { host, stranger } = await people();
    const event = await eventOf(host);
    const hosts = await calendar(stranger, 'hosts');
    const seen = await surfaces(event, stranger, { hosts });
    expect(seen).toMatchObject({ search: true, tile: true, person: true, publicPage: 200, publicIcs: 200, fullPage: 200, ics: 200, going: 200, hub: true, hostsFeed: true });
    expect(seen.documents).toBe(200);
  });

  it('unlisted: out of search, tiles, feeds and the person page; its link, page, ICS, documents and buzz open for anyone', async () => {
    const { host, stranger } = await people();
    const event = await eventOf(host);
    const hosts = await calendar(stranger, 'hosts');
    const set = await ok<GoingInvitations>(await setVisibility(host, event, 'unlisted'));
    expect(set).toMatchObject({ eventId: event.id, visibility: 'unlisted', linkToken: null });

    for (const viewer of [undefined, stranger]) {
      const seen = await surfaces(event, viewer, viewer ? { hosts } : {});
      expect(seen).toMatchObject({ search: false, tile: false, person: false, publicPage: 200, publicIcs: 200, fullPage: 200, ics: 200, going: 200 });
      expect(seen.documents).toBe(200);
      if (viewer) expect(seen).toMatchObject({ hub: true, hostsFeed: false });
    }
    // Search engines are asked to stay out of its public page; the host still finds it everywhere.
    expect((await t.app.inject({ method: 'GET', url: publicEventPath(event.slug) })).body).toContain('<meta name="robots" content="noindex">');
    const mine = await surfaces(event, host);
    expect(mine).toMatchObject({ search: true, tile: true, fullPage: 200, hub: true });
    expect((await ok<HubEvent>(await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id })))).visibility).toBe('unlisted');

    // Live: a follower of the host finds its buzz neither on their home page nor in the live list; once public, both.
    const hostHub = createHub({ port: t.port, jwt: host.jwt });
    hubs.push(hostHub);
    await hostHub.connection.start();
    await hostHub.connection.invoke('JoinEventSession', event.id);
    await hostHub.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'On now' });
    const liveFor = async (who: TestUser) => {
      const home = await ok<Home>(await call(t.app, 'GET', `${homeApi.get.path}?timeZone=UTC`, { jwt: who.jwt }));
      const live = await ok<EventList>(await call(t.app, 'GET', eventsApi.live.path, { jwt: who.jwt }));
      return { home: home.liveNow.some((e) => e.id === event.id), following: home.fromFollowing.some((e) => e.id === event.id), list: live.events.some((e) => e.id === event.id) };
    };
    expect(await liveFor(stranger)).toEqual({ home: false, following: false, list: false });
    expect((await liveFor(host)).home).toBe(true);
    await ok(await setVisibility(host, event, 'public'));
    expect(await liveFor(stranger)).toMatchObject({ home: true, list: true });
  });

  it('invite-only: 404 everywhere for a visitor and a stranger; an invitee by link or by email sees it (never in lists), the host everything', async () => {
    const { host, stranger, invitee } = await people();
    const byEmail = await signUp(t);
    const event = await eventOf(host);
    const strangerHosts = await calendar(stranger, 'hosts');
    // Before it became invite-only the stranger followed it: the following feed and the hub must forget it too.
    await ok(await call(t.app, 'POST', eventLinksApi.create.path, { jwt: stranger.jwt, body: { eventId: event.id, type: 'Follow' } }));
    const strangerFollowing = await calendar(stranger, 'following');
    const set = await ok<GoingInvitations>(await setVisibility(host, event, 'invite'));
    expect(set.visibility).toBe('invite');
    expect(set.linkToken).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const gone = { search: false, tile: false, person: false, publicPage: 404, publicIcs: 404, fullPage: 404, ics: 404, going: 404 };
    expect(await surfaces(event, undefined)).toMatchObject(gone);
    const strangerSees = await surfaces(event, stranger, { hosts: strangerHosts, following: strangerFollowing });
    expect(strangerSees).toMatchObject({ ...gone, hub: false, hostsFeed: false, followingFeed: false });
    expect(strangerSees.documents).toBe(404);
    // Saying Going, the host's tools and a wrong secret: all answered as an event that is not there.
    expectDetailedProblem(await call(t.app, 'PUT', pathOf(goingApi.get, { id: event.id }), { jwt: stranger.jwt, body: {} }), 404, 'not_found');
    expectDetailedProblem(await call(t.app, 'GET', pathOf(goingApi.invitations, { id: event.id }), { jwt: stranger.jwt }), 404, 'not_found');
    expectDetailedProblem(await call(t.app, 'POST', eventsApi.update.path, { jwt: stranger.jwt, body: { id: event.id, name: 'Mine now', startDate: event.startDate, endDate: event.endDate, timeZone: 'UTC', area: event.area } }), 404, 'not_found');
    expectDetailedProblem(await call(t.app, 'POST', pathOf(goingApi.accept, { id: event.id }), { jwt: stranger.jwt, body: { token: 'A'.repeat(24) } }), 404, 'not_found');
    expectDetailedProblem(await call(t.app, 'POST', pathOf(goingApi.accept, { id: event.id }), { jwt: stranger.jwt, body: { token: 'short' } }), 400, 'validation');

    // The invitation link lets the invitee in: the event's pages, ICS, documents, buzz and Going; lists still leave it out.
    const accepted = await ok<{ eventId: string }>(await call(t.app, 'POST', pathOf(goingApi.accept, { id: event.id }), { jwt: invitee.jwt, body: { token: set.linkToken } }));
    expect(accepted.eventId).toBe(event.id);
    const inviteeSees = await surfaces(event, invitee);
    expect(inviteeSees).toMatchObject({ search: false, tile: false, person: false, fullPage: 200, ics: 200, going: 200, hub: true });
    expect(inviteeSees.documents).toBe(200);
    await ok(await call(t.app, 'PUT', pathOf(goingApi.get, { id: event.id }), { jwt: invitee.jwt, body: {} }));
    // The public page and its ICS are for visitors, who are not invited: still 404 without a session.
    expect(inviteeSees).toMatchObject({ publicPage: 404, publicIcs: 404 });

    // By email: the address the person verified lets them in, and they are mailed their own link.
    const invited = await ok<GoingInvitations>(await call(t.app, 'POST', pathOf(goingApi.invitations, { id: event.id }), { jwt: host.jwt, body: { emails: [byEmail.email, 'Someone.New@Example.com'] } }));
    // Addresses are kept as the sign-in compares them (lower case); who came by the link is listed by name.
    expect(invited.invitations.map((i) => i.email ?? i.name).sort()).toEqual([byEmail.email, 'someone.new@example.com', invitee.name].sort());
    expect(invited.invitations.find((i) => i.email === byEmail.email)?.name).toBe(byEmail.name);
    expect((await surfaces(event, byEmail)).fullPage).toBe(200);
    await t.app.ctx.notifications.runNow();
    const mails = (await fs.readdir(t.outboxDir)).filter((f) => f.endsWith('-invitation-someone.new@example.com.eml'));
    expect(mails).toHaveLength(1);
    const mail = (await fs.readFile(path.join(t.outboxDir, mails[0]), 'utf8')).replace(/=\r?\n/g, '');
    expect(mail).toContain(`invited you to ${event.name}`);
    const personal = new RegExp(`/event/${event.id}/invitation/([A-Za-z0-9_-]{24})`).exec(mail)?.[1];
    expect(personal).toBeTruthy();
    // Whoever opens the personal link first makes it theirs (here someone who signed up with another address).
    const newcomer = await signUp(t);
    await ok(await call(t.app, 'POST', pathOf(goingApi.accept, { id: event.id }), { jwt: newcomer.jwt, body: { token: personal } }));
    expect((await surfaces(event, newcomer)).fullPage).toBe(200);
    expectDetailedProblem(await call(t.app, 'POST', pathOf(goingApi.accept, { id: event.id }), { jwt: stranger.jwt, body: { token: personal } }), 404, 'not_found');

    // The host: everywhere, and the list of who was invited.
    expect(await surfaces(event, host)).toMatchObject({ search: true, tile: true, fullPage: 200, ics: 200, hub: true });
    const list = await ok<GoingInvitations>(await call(t.app, 'GET', pathOf(goingApi.invitations, { id: event.id }), { jwt: host.jwt }));
    expect(list.invitations).toHaveLength(3);

    // A new link ends the old one for newcomers (those let in stay); taking an invitation back shuts the door again.
    const renewed = await ok<GoingInvitations>(await setVisibility(host, event, 'invite', true));
    expect(renewed.linkToken).not.toBe(set.linkToken);
    expectDetailedProblem(await call(t.app, 'POST', pathOf(goingApi.accept, { id: event.id }), { jwt: stranger.jwt, body: { token: set.linkToken } }), 404, 'not_found');
    expect((await surfaces(event, invitee)).fullPage).toBe(200);
    const row = list.invitations.find((i) => i.email === byEmail.email)!;
    await ok(await call(t.app, 'DELETE', pathOf(goingApi.uninvite, { id: event.id, invitationId: row.id }), { jwt: host.jwt }));
    expect((await surfaces(event, byEmail)).fullPage).toBe(404);

    // Bad input changes nothing.
    expectDetailedProblem(await call(t.app, 'POST', pathOf(goingApi.invitations, { id: event.id }), { jwt: host.jwt, body: { emails: ['not an address'] } }), 400, 'validation');
    expectDetailedProblem(await setVisibility(host, event, 'secret' as EventVisibility), 400, 'validation');
    expect((await ok<GoingInvitations>(await call(t.app, 'GET', pathOf(goingApi.invitations, { id: event.id }), { jwt: host.jwt }))).invitations).toHaveLength(2);

    // Public again: back on every list.
    await ok(await setVisibility(host, event, 'public'));
    expect(await surfaces(event, stranger)).toMatchObject({ search: true, tile: true, person: true, publicPage: 200, fullPage: 200, hub: true });
  });

  it('made invite-only while people watch its buzz: a watcher not invited is stopped and leaves; an invitee and the host stay', async () => {
    const { host, stranger, invitee } = await people();
    const event = await eventOf(host);
    const link = (await ok<GoingInvitations>(await setVisibility(host, event, 'unlisted', true))).linkToken!;
    await ok(await call(t.app, 'POST', pathOf(goingApi.accept, { id: event.id }), { jwt: invitee.jwt, body: { token: link } }));
    const watch = async (who: TestUser) => {
      const hub = createHub({ port: t.port, jwt: who.jwt });
      hubs.push(hub);
      await hub.connection.start();
      expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
      return hub;
    };
    const [strangerHub, inviteeHub, hostHub] = [await watch(stranger), await watch(invitee), await watch(host)];
    await ok(await setVisibility(host, event, 'invite'));
    const stopped = await strangerHub.next('EventStopped', (p) => p.eventId === event.id, 5000);
    expect(stopped).toMatchObject({ state: 'Stopped', message: 'This event is invite-only now.' });
    // What the event's group hears now reaches the invitee and the host, not the stranger.
    await t.app.ctx.realtime.toEvent(t.app.ctx.tenants.get(TENANT)!, event.id, 'EventNotification', { eventId: event.id, title: 'Probe', message: 'Still here?', level: 'info' });
    await inviteeHub.next('EventNotification', (p) => p.eventId === event.id);
    await hostHub.next('EventNotification', (p) => p.eventId === event.id);
    await new Promise((r) => setTimeout(r, 200));
    const about = (payloads: unknown[]) => (payloads as { eventId?: string }[]).filter((p) => p.eventId === event.id);
    expect(about(strangerHub.received.EventNotification)).toHaveLength(0);
    expect(about(inviteeHub.received.EventStopped)).toHaveLength(0);
    expect(await strangerHub.connection.invoke('JoinEventSession', event.id)).toBe(false);
  });
});
