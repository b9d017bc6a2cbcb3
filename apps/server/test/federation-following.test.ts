import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsApi, federationApi, goingApi, pathOf, type FederationOverview, type HubEvent } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { setRoles } from '../src/modules/users/service.js';
import { build, type ListeningTestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { ApPeer } from './support/ap-peer.js';
import { expectProblem } from './support/problem.js';
import { ownDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { exited, freePorts, jsonHeaders, startServer, verifiedAccount } from './support/server-process.js';

// Issue 32, following other servers: two Hubbub servers follow each other, each a server of its
// own on another loopback address (A here, on 127.0.0.1; B a process of its own on 127.0.0.3, as
// `npm start` runs it), and a peer not built on Fedify (127.0.0.2) is followed by A.

const HOUR = 3_600_000;
const AP = 'application/activity+json';
const B_HOST = '127.0.0.3';
const start = Math.ceil(Date.now() / HOUR) * HOUR + 2 * 24 * HOUR;
const eventBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  startDate: new Date(start).toISOString(),
  endDate: new Date(start + 3 * HOUR).toISOString(),
  timeZone: 'Europe/Berlin',
  venue: 'Kulturhaus <b>Mitte</b>',
  area: { name: 'Berlin', type: 4, latitude: 52.52, longitude: 13.405, zoom: 12, city: 'Berlin', country: 'DE' },
  contentJson: 'Line one.\n\nA <script>alert(1)</script> second paragraph.',
  ...extra,
});

/** Polls `read` until `done` holds of what it answers (the other server works on its own time). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (last: ${JSON.stringify(value).slice(0, 400)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('following other servers: two Hubbub servers and a peer', () => {
  let a: ListeningTestApp;
  let scratch: ScratchDatabase | undefined;
  let adminA: TestUser;
  let hostA: TestUser;
  let guestA: TestUser;
  let b: ChildProcess;
  let bDir = '';
  let bUrl = '';
  let adminB: string;
  let hostB: string;
  let peer: ApPeer;
  let skew = 0;

  const bCall = async (method: string, url: string, jwt: string, body?: unknown) => {
    const answer = await fetch(`${bUrl}${url}`, { method, headers: { ...jsonHeaders, authorization: `Bearer ${jwt}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
  };
  const overviewA = async () => (await call(a.app, 'GET', federationApi.overview.path, { jwt: adminA.jwt })).json() as FederationOverview;
  const overviewB = async () => (await bCall('GET', federationApi.overview.path, adminB)).json as unknown as FederationOverview;
  /** A's round, with its clock past the publish delay (B's runs on its own every second). */
  const roundA = () => {
    skew += 1_100;
    return a.app.ctx.federation.runNow();
  };
  const remoteEventsOnA = () =>
    queryRows<{ id: string; name: string; status: number; originId: string; originUrl: string; contentJson: string | null; venue: string | null; timeZone: string }>(
      a.app.ctx.db,
      sql`select id, name, status, origin_id as "originId", origin_url as "originUrl", content_json as "contentJson", venue, time_zone as "timeZone" from events where origin_id is not null order by created_at`,
    );

  beforeAll(async () => {
    const [portA, portB, peerPort] = await freePorts(3);
    peer = await ApPeer.start('127.0.0.2', peerPort!);
    scratch = await ownDatabase('federation-following');
    a = await build({
      database: scratch,
      listen: portA!,
      env: { FEDERATION: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', PUBLIC_URL: `http://127.0.0.1:${portA}`, DEFAULT_PLAN: 'Enterprise' },
      federation: { pollMs: 60_000, settleMs: 1_000, queuePollMs: 200 },
      now: () => new Date(Date.now() + skew),
    });
    [adminA, hostA, guestA] = [await signUp(a), await signUp(a), await signUp(a)];
    await setRoles(a.app.ctx.db, adminA.id, ['Admin'], new Date());
    bDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-b-'));
    bUrl = `http://${B_HOST}:${portB}`;
    const adminEmail = `admin-b-${randomUUID().slice(0, 8)}@example.test`;
    b = await startServer(portB!, bDir, {
      HOST: B_HOST,
      FEDERATION: 'true',
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      FEDERATION_PUBLISH_DELAY_SECONDS: '1',
      PUBLIC_URL: bUrl,
      ADMIN_EMAIL: adminEmail,
      DEFAULT_PLAN: 'Enterprise',
    });
    adminB = (await verifiedAccount(portB!, bDir, 'admin-b', { host: B_HOST, email: adminEmail })).jwt;
    hostB = (await verifiedAccount(portB!, bDir, 'host-b', { host: B_HOST })).jwt;
  }, 120_000);
  afterAll(async () => {
    b?.kill('SIGTERM');
    if (b) await exited(b);
    await a?.close();
    await peer?.stop();
    await scratch?.drop();
    if (bDir) await fs.rm(bDir, { recursive: true, force: true });
  });

  it('refuses a follow named badly, or by someone not an admin, and asks once for the same account', async () => {
    expectProblem(await call(a.app, 'POST', federationApi.follow.path, { jwt: adminA.jwt, body: { target: 'not a handle' } }), 400, { code: 'validation' });
    expectProblem(await call(a.app, 'POST', federationApi.follow.path, { jwt: hostA.jwt, body: { target: `@hubbub@${B_HOST}` } }), 403, { code: 'admin_required' });
    expect((await overviewA()).following).toEqual([]);
  });

  it('each admin follows the other server by its handle; each server accepts', async () => {
    const bHandle = `@hubbub@${new URL(bUrl).host}`;
    const asked = await call(a.app, 'POST', federationApi.follow.path, { jwt: adminA.jwt, body: { target: bHandle } });
    expect(asked.statusCode).toBe(200);
    expect((asked.json() as FederationOverview).following).toMatchObject([{ target: bHandle, state: 'finding' }]);
    expectProblem(await call(a.app, 'POST', federationApi.follow.path, { jwt: adminA.jwt, body: { target: bHandle.toUpperCase() } }), 409, { code: 'conflict' });
    await roundA();
    const followed = await until(overviewA, (o) => o.following[0]?.state === 'following', 'B accepts A');
    // B's site actor (a Service) stands for the whole server.
    expect(followed.following[0]).toMatchObject({ actor: `${bUrl}/ap/actors/hubbub`, handle: bHandle, wholeServer: true });
    expect((await overviewB()).followers.map((f) => f.actor)).toContain(`${a.url}/ap/actors/hubbub`);

    const aHandle = `@hubbub@${new URL(a.url).host}`;
    expect((await bCall('POST', federationApi.follow.path, adminB, { target: aHandle })).status).toBe(200);
    await until(overviewB, (o) => o.following[0]?.state === 'following', 'A accepts B');
    expect((await overviewA()).followers.map((f) => f.actor)).toContain(`${bUrl}/ap/actors/hubbub`);
  });

  it("B's new event shows on A with its origin, takes no Going there, and follows B's edits, cancellation and deletion", async () => {
    const name = `Techno night ${randomUUID().slice(0, 6)}`;
    const made = await bCall('POST', eventsApi.create.path, hostB, eventBody(name));
    expect(made.status).toBe(200);
    const bEventId = made.json.id as string;
    const [taken] = await until(remoteEventsOnA, (rows) => rows.some((r) => r.name === name), "B's event reaches A");
    expect(taken).toMatchObject({ originId: `${bUrl}/ap/events/${bEventId}`, timeZone: 'Europe/Berlin', status: 0 });
    expect(taken!.originUrl).toMatch(new RegExp(`^${bUrl}/e/`));
    // What B's host wrote arrives as text: the place's name as typed (with the city), the description's markup B escaped read back as the characters typed.
    expect(taken!.venue).toBe('Kulturhaus <b>Mitte</b>, Berlin');
    expect(taken!.contentJson).toContain('A <script>alert(1)</script> second paragraph.');

    const shown = (await call(a.app, 'GET', pathOf(eventsApi.get, { id: taken!.id }), { jwt: guestA.jwt })).json() as HubEvent;
    expect(shown).toMatchObject({ name, origin: taken!.originUrl, host: { name: expect.stringContaining('') } });
    const found = (await call(a.app, 'POST', eventsApi.search.path, { body: { searchText: name, startDate: new Date(start - HOUR).toISOString(), days: 2 } })).json() as { events: { id: string; origin: string | null }[] };
    expect(found.events).toEqual([expect.objectContaining({ id: taken!.id, origin: taken!.originUrl })]);
    // Its public page on A sends people to B to say Going, and names no ActivityPub object of A's.
    const publicPage = await (await fetch(`${a.url}/e/${shown.slug}`)).text();
    expect(publicPage).toContain(`href="${taken!.originUrl}" rel="noopener noreferrer nofollow" data-testid="going-origin"`);
    expect(publicPage).not.toContain('data-testid="going-sign-in"');
    expect(publicPage).not.toContain('application/activity+json');
    // It is B's to serve: A answers no ActivityPub object for it.
    expect((await fetch(`${a.url}/ap/events/${taken!.id}`, { headers: { accept: AP } })).status).toBe(404);
    expectProblem(await call(a.app, 'PUT', pathOf(goingApi.say, { id: taken!.id }), { jwt: guestA.jwt, body: { guests: 0 } }), 409, { code: 'conflict', detail: expect.stringContaining(B_HOST) });

    // A never publishes what it took in: its own followers would hear of B's event from A.
    await roundA();
    expect(await queryRows(a.app.ctx.db, sql`select 1 from federation_published where event_id = ${taken!.id}`)).toEqual([]);

    expect((await bCall('POST', eventsApi.update.path, hostB, { id: bEventId, ...eventBody(`${name} (moved)`) })).status).toBe(200);
    await until(remoteEventsOnA, (rows) => rows.some((r) => r.id === taken!.id && r.name === `${name} (moved)`), 'the edit reaches A');

    expect((await bCall('POST', eventsApi.update.path, hostB, { id: bEventId, ...eventBody(`${name} (moved)`), status: 3 })).status).toBe(200);
    const canceled = await until(remoteEventsOnA, (rows) => rows.some((r) => r.id === taken!.id && r.status === 3), 'the cancellation reaches A');
    expect(canceled.find((r) => r.id === taken!.id)!.name).toBe(`${name} (moved)`);

    expect((await bCall('DELETE', pathOf(eventsApi.delete, { id: bEventId }), hostB)).status).toBe(200);
    await until(remoteEventsOnA, (rows) => !rows.some((r) => r.id === taken!.id), 'the deletion reaches A');
    expectProblem(await call(a.app, 'GET', pathOf(eventsApi.get, { id: taken!.id }), { jwt: guestA.jwt }), 404);
  });

  it("A's new event reaches B the same way", async () => {
    const name = `Choir rehearsal ${randomUUID().slice(0, 6)}`;
    const made = await call(a.app, 'POST', eventsApi.create.path, { jwt: hostA.jwt, body: eventBody(name) });
    expect(made.statusCode).toBe(200);
    await roundA();
    const search = async () =>
      (await fetch(`${bUrl}${eventsApi.search.path}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ searchText: name, startDate: new Date(start - HOUR).toISOString(), days: 2 }) }).then((r) => r.json())) as {
        events: { name: string; origin: string | null }[];
      };
    const found = await until(search, (s) => s.events.length === 1, "A's event reaches B's search");
    expect(found.events[0]!.origin).toMatch(new RegExp(`^${a.url}/e/`));
  });

  it("takes events only from accounts it follows: the peer's, once followed and accepted; never another server's object", async () => {
    const event = (id: string, name: string) => ({
      id,
      type: 'Event',
      name,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + HOUR).toISOString(),
      location: { type: 'Place', name: 'Town hall', latitude: 48.85, longitude: 2.35 },
      content: '<p>Bring <em>snacks</em></p>',
      url: `${peer.origin}/events/page`,
    });
    const create = (object: unknown) => ({ '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('create'), type: 'Create', actor: peer.actorId, object });
    const stranger = `${peer.origin}/events/${randomUUID()}`;
    expect((await peer.send(`${a.url}/ap/inbox`, create(event(stranger, 'Not followed yet')))).status).toBe(202);

    expect((await call(a.app, 'POST', federationApi.follow.path, { jwt: adminA.jwt, body: { target: peer.actorId } })).statusCode).toBe(200);
    await roundA();
    const sent = await until(
      async () => (await peer.received()).filter((r) => r.activity.type === 'Follow' && r.activity.object === peer.actorId),
      (r) => r.length === 1,
      'the peer is asked',
    );
    expect(sent[0]!.verified).toBe(true);
    const followId = sent[0]!.activity.id as string;
    // An Accept naming another Follow changes nothing; the right one does.
    const accept = (object: string) => ({ '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('accept'), type: 'Accept', actor: peer.actorId, object });
    await peer.send(`${a.url}/ap/inbox`, accept(`${a.url}/ap/actors/hubbub#follows/${randomUUID()}`));
    await new Promise((r) => setTimeout(r, 600));
    expect((await overviewA()).following.find((f) => f.actor === peer.actorId)?.state).toBe('asked');
    await peer.send(`${a.url}/ap/inbox`, accept(followId));
    await until(overviewA, (o) => o.following.find((f) => f.actor === peer.actorId)?.state === 'following', 'the peer accepts');
    expect((await overviewA()).following.find((f) => f.actor === peer.actorId)?.wholeServer).toBe(false);

    const own = `${peer.origin}/events/${randomUUID()}`;
    expect((await peer.send(`${a.url}/ap/inbox`, create(event(own, 'Picnic')))).status).toBe(202);
    // Claiming an event of B's server as the peer's: refused.
    expect((await peer.send(`${a.url}/ap/inbox`, create(event(`${bUrl}/ap/events/${randomUUID()}`, 'Forged')))).status).toBe(202);
    // Over already: not taken in (search here shows what is to come).
    const past = { ...event(`${peer.origin}/events/${randomUUID()}`, 'Last week'), startTime: new Date(Date.now() - 7 * 24 * HOUR).toISOString(), endTime: new Date(Date.now() - 7 * 24 * HOUR + HOUR).toISOString() };
    expect((await peer.send(`${a.url}/ap/inbox`, create(past))).status).toBe(202);
    const rows = await until(remoteEventsOnA, (r) => r.some((e) => e.originId === own), "the peer's event is taken in");
    expect(rows.find((e) => e.originId === own)).toMatchObject({ name: 'Picnic', contentJson: 'Bring snacks', venue: 'Town hall', timeZone: 'Europe/Paris', originUrl: `${peer.origin}/events/page` });
    expect(rows.map((e) => e.name)).not.toContain('Not followed yet');
    expect(rows.map((e) => e.name)).not.toContain('Forged');
    expect(rows.map((e) => e.name)).not.toContain('Last week');

    // Unfollowing: its events go at once, and its server gets an Undo of the Follow.
    const followingId = (await overviewA()).following.find((f) => f.actor === peer.actorId)!.id;
    const after = (await call(a.app, 'DELETE', pathOf(federationApi.unfollow, { id: followingId }), { jwt: adminA.jwt })).json() as FederationOverview;
    expect(after.following.map((f) => f.actor)).not.toContain(peer.actorId);
    expect((await remoteEventsOnA()).map((e) => e.originId)).not.toContain(own);
    await roundA();
    await until(
      async () => (await peer.received()).filter((r) => r.activity.type === 'Undo' && (r.activity.object as { id?: string }).id === followId),
      (r) => r.length === 1 && r[0]!.verified,
      'the peer is told',
    );
    expectProblem(await call(a.app, 'DELETE', pathOf(federationApi.unfollow, { id: followingId }), { jwt: adminA.jwt }), 404, { code: 'not_found' });
  });

  it("following a server's own account (Mobilizon's relay, an Application) takes in what that server sends: its organisers' events, the relay's Announces, edits and deletions; unfollowing drops them all", async () => {
    const relay = peer.accountId('relay');
    const event = (id: string, name: string, organiser: string) => ({
      id,
      type: 'Event',
      name,
      attributedTo: peer.accountId(organiser),
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + HOUR).toISOString(),
      location: { type: 'Place', name: 'Maison du vélo', latitude: 45.76, longitude: 4.84 },
    });
    const activity = (type: string, actor: string, object: unknown) => ({ '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId(type.toLowerCase()), type, actor: peer.accountId(actor), object });
    const inboxA = `${a.url}/ap/inbox`;

    expect((await call(a.app, 'POST', federationApi.follow.path, { jwt: adminA.jwt, body: { target: relay } })).statusCode).toBe(200);
    await roundA();
    const [asked] = await until(
      async () => (await peer.received()).filter((r) => r.activity.type === 'Follow' && r.activity.object === relay),
      (r) => r.length === 1,
      'the relay is asked',
    );
    await peer.send(inboxA, activity('Accept', 'relay', asked!.activity.id), { as: 'relay' });
    await until(overviewA, (o) => o.following.find((f) => f.actor === relay)?.state === 'following', 'the relay accepts');

    // Mobilizon sends its relay's followers every public activity of its accounts: Mona's new event is taken in, as hers.
    const repair = `${peer.origin}/events/${randomUUID()}`;
    expect((await peer.send(inboxA, activity('Create', 'mona', event(repair, 'Repair café', 'mona')), { as: 'mona' })).status).toBe(202);
    // The relay announces an event by its address (fetched from its server), attributed to Bo; one on another server is not taken.
    const ride = `${peer.origin}/events/${randomUUID()}`;
    await peer.publish(event(ride, 'Bike ride', 'bo'));
    expect((await peer.send(inboxA, activity('Announce', 'relay', ride), { as: 'relay' })).status).toBe(202);
    expect((await peer.send(inboxA, activity('Announce', 'relay', `${bUrl}/ap/events/${randomUUID()}`), { as: 'relay' })).status).toBe(202);
    const rows = await until(remoteEventsOnA, (r) => [repair, ride].every((id) => r.some((e) => e.originId === id)), 'both events are taken in');
    expect(rows.filter((e) => e.originId.startsWith(peer.origin)).map((e) => e.name).sort()).toEqual(['Bike ride', 'Repair café']);
    const hostOf = async (originId: string) =>
      ((await call(a.app, 'GET', pathOf(eventsApi.get, { id: rows.find((e) => e.originId === originId)!.id }), { jwt: guestA.jwt })).json() as HubEvent).host.name;
    expect(await hostOf(repair)).toBe('Mona on the peer');
    expect(await hostOf(ride)).toBe('Bo on the peer');

    // Mona's edit changes it; a moderator of her server deletes the ride.
    expect((await peer.send(inboxA, activity('Update', 'mona', event(repair, 'Repair café (moved)', 'mona')), { as: 'mona' })).status).toBe(202);
    await until(remoteEventsOnA, (r) => r.some((e) => e.originId === repair && e.name === 'Repair café (moved)'), 'the edit is taken in');
    expect((await peer.send(inboxA, activity('Delete', 'moderator', ride), { as: 'moderator' })).status).toBe(202);
    await until(remoteEventsOnA, (r) => !r.some((e) => e.originId === ride), 'the deletion is taken in');

    // Unfollowing the relay drops every event from its server.
    const followingId = (await overviewA()).following.find((f) => f.actor === relay)!.id;
    expect((await call(a.app, 'DELETE', pathOf(federationApi.unfollow, { id: followingId }), { jwt: adminA.jwt })).statusCode).toBe(200);
    expect((await remoteEventsOnA()).filter((e) => e.originId.startsWith(peer.origin))).toEqual([]);
    await roundA();
  });

  it("a block of B's server ends the follow and drops B's events", async () => {
    const name = `Flea market ${randomUUID().slice(0, 6)}`;
    expect((await bCall('POST', eventsApi.create.path, hostB, eventBody(name))).status).toBe(200);
    await until(remoteEventsOnA, (rows) => rows.some((r) => r.name === name), "B's event reaches A");
    const blocked = await call(a.app, 'POST', federationApi.block.path, { jwt: adminA.jwt, body: { target: new URL(bUrl).host, reason: 'Testing a block of a followed server' } });
    expect(blocked.statusCode).toBe(200);
    expect((blocked.json() as FederationOverview).following.map((f) => f.actor)).not.toContain(`${bUrl}/ap/actors/hubbub`);
    expect((await remoteEventsOnA()).map((r) => r.name)).not.toContain(name);
  });

  it('with FEDERATION off, following is refused', async () => {
    const off = await build();
    try {
      const admin = await signUp(off);
      await setRoles(off.app.ctx.db, admin.id, ['Admin'], new Date());
      expectProblem(await call(off.app, 'POST', federationApi.follow.path, { jwt: admin.jwt, body: { target: '@events@elsewhere.example' } }), 409, { code: 'conflict' });
    } finally {
      await off.close();
    }
  });
});
