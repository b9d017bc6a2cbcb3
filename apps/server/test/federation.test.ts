import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEDERATION_BODY_LIMIT, eventsApi, federationApi, goingApi, moderationApi, pathOf, type FederationOverview, type ReportQueue } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { setRoles } from '../src/modules/users/service.js';
import { build, type ListeningTestApp, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { ApPeer, type Received } from './support/ap-peer.js';
import { expectProblem } from './support/problem.js';
import { ownDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { freePorts } from './support/server-process.js';

// Issue 32: the site's public events in the fediverse. Hubbub listens on 127.0.0.1; the peer (a
// process of its own on 127.0.0.2, signing with Misskey's library, not Fedify) follows it.

const HOUR = 3_600_000;
const AP = 'application/activity+json';
const SETTLE_MS = 1_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR;
const eventBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  startDate: new Date(start).toISOString(),
  endDate: new Date(start + 2 * HOUR).toISOString(),
  timeZone: 'America/Chicago',
  venue: 'The <img src=x onerror=alert(1)> Room',
  area: { name: 'Omaha', type: 4, latitude: 41.2565, longitude: -95.9345, zoom: 10, city: 'Omaha', state: 'NE', country: 'US' },
  contentJson: 'Bring <b>your</b> records.',
  ...extra,
});

describe('with FEDERATION off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('answers none of the ActivityPub, WebFinger or NodeInfo addresses', async () => {
    for (const url of ['/.well-known/webfinger?resource=acct:hubbub@localhost:8080', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/actors/hubbub', '/ap/inbox']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { accept: AP } });
      expectProblem(answer, 404, { code: 'not_found' });
    }
    expectProblem(await t.app.inject({ method: 'POST', url: '/ap/inbox', headers: { 'content-type': AP }, payload: '{}' }), 404, { code: 'not_found' });
  });
});

describe('with FEDERATION on: a peer follows the site and sees its public events', () => {
  let t: ListeningTestApp;
  let peer: ApPeer;
  let host: TestUser;
  let actor: string;
  let inbox: string;
  let scratch: ScratchDatabase | undefined;
  /** An event published before anyone followed (see the first round's test). */
  let earlyEventId = '';
  const sharedInbox = () => `${t.url}/ap/inbox`;

  /** What the peer received of `type` about `objectId` (the event's id, or an activity's). */
  const receivedOf = async (type: string, about?: string): Promise<Received[]> =>
    (await peer.received()).filter((r) => r.activity.type === type && (!about || JSON.stringify(r.activity).includes(about)));

  const follow = () => ({ '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('follow'), type: 'Follow', actor: peer.actorId, object: actor });
  const followerCount = async () => ((await (await fetch(`${actor}/followers`, { headers: { accept: AP } })).json()) as { totalItems: number }).totalItems;
  /** The app's clock runs ahead by this much: each round of the publisher comes after the events settled. */
  let skew = 0;
  const publish = () => {
    skew += SETTLE_MS + 100;
    return t.app.ctx.federation.runNow();
  };

  beforeAll(async () => {
    const [port, peerPort] = await freePorts(2);
    peer = await ApPeer.start('127.0.0.2', peerPort!);
    // A database of its own on PostgreSQL: the project's shared one holds every other file's public
    // events, which this server would publish to the peer as its first round.
    scratch = await ownDatabase('federation');
    t = await build({
      database: scratch,
      listen: port!,
      env: { FEDERATION: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', PUBLIC_URL: `http://127.0.0.1:${port}`, DEFAULT_PLAN: 'Enterprise' },
      federation: { pollMs: 60_000, settleMs: SETTLE_MS, queuePollMs: 200 },
      now: () => new Date(Date.now() + skew),
    });
    actor = `${t.url}/ap/actors/hubbub`;
    inbox = `${actor}/inbox`;
    host = await signUp(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.stop();
    await scratch?.drop();
  });

  it('WebFinger and NodeInfo find the server actor, which publishes its key; HEAD answers too', async () => {
    expect((await fetch(actor, { method: 'HEAD', headers: { accept: AP } })).status).toBe(200);
    expect((await fetch(`${t.url}/nodeinfo/2.1`, { method: 'HEAD' })).status).toBe(200);
    const finger = (await (await fetch(`${t.url}/.well-known/webfinger?resource=acct:hubbub@127.0.0.1:${t.port}`)).json()) as { links: unknown[] };
    expect(finger.links).toContainEqual(expect.objectContaining({ rel: 'self', type: AP, href: actor }));
    const doc = (await (await fetch(actor, { headers: { accept: AP } })).json()) as { publicKey: { publicKeyPem: string } };
    expect(doc).toMatchObject({ id: actor, type: 'Service', preferredUsername: 'hubbub', inbox, endpoints: { sharedInbox: sharedInbox() } });
    expect(doc.publicKey.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    const links = (await (await fetch(`${t.url}/.well-known/nodeinfo`)).json()) as { links: { href: string }[] };
    const info = await (await fetch(links.links[0].href)).json();
    expect(info).toMatchObject({ software: { name: 'hubbub' }, protocols: ['activitypub'] });
    // Nobody else is found: another tenant, another name.
    expect((await fetch(`${t.url}/.well-known/webfinger?resource=acct:other@127.0.0.1:${t.port}`)).status).toBe(404);
    expect((await fetch(`${t.url}/ap/actors/other`, { headers: { accept: AP } })).status).toBe(404);
  });

  it('refuses unsigned, badly signed, stale, wrong-actor and oversized activities, changing nothing', async () => {
    const before = await followerCount();
    const activity = follow();
    const unsigned = await fetch(inbox, { method: 'POST', headers: { 'content-type': AP }, body: JSON.stringify(activity) });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { code: string }).code).toBe('signature_invalid');
    expect((await peer.send(inbox, activity, { wrongKey: true })).status).toBe(401);
    expect((await peer.send(inbox, activity, { date: new Date(Date.now() - 2 * HOUR).toUTCString() })).status).toBe(401);
    // Signed by the peer's watcher, in the name of someone else, there or on another server.
    expect((await peer.send(inbox, { ...activity, actor: `${peer.origin}/users/someone-else` })).status).toBe(401);
    const elsewhere = await peer.send(inbox, { ...activity, actor: 'http://127.0.0.3:9/users/ana' });
    expect(elsewhere.status).toBe(401);
    expect((JSON.parse(elsewhere.body) as { code: string }).code).toBe('signature_invalid');
    const big = await fetch(inbox, { method: 'POST', headers: { 'content-type': AP }, body: JSON.stringify({ ...activity, padding: 'x'.repeat(FEDERATION_BODY_LIMIT) }) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { code: string }).code).toBe('payload_too_large');
    expect(await followerCount()).toBe(before);
    expect(await receivedOf('Accept')).toEqual([]);
  });

  it('with nobody following, a round records the events as told without sending anything, and a later follower gets only what changes after', async () => {
    expect(await followerCount()).toBe(0);
    const before = (await peer.received()).length;
    const early = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Before anyone ${randomUUID().slice(0, 6)}`) })).json().id as string;
    await publish();
    expect(await queryRows(t.app.ctx.db, sql`select state, sends from federation_published where event_id = ${early}`)).toEqual([{ state: 'live', sends: 1 }]);
    expect((await peer.received()).length).toBe(before);
    earlyEventId = early;
  });

  it('takes a Follow, answers Accept once (a replay changes nothing), and delivers public events to the follower', async () => {
    const activity = follow();
    expect((await peer.send(inbox, activity)).status).toBe(202);
    await expect.poll(() => receivedOf('Accept', activity.id), { timeout: 10_000 }).toHaveLength(1);
    const [accept] = await receivedOf('Accept', activity.id);
    expect(accept!.verified).toBe(true);
    expect(accept!.activity).toMatchObject({ actor, object: { id: activity.id, type: 'Follow' } });
    expect(await followerCount()).toBe(1);
    // The exact same activity again: already handled, also when its request line names another origin.
    expect((await peer.send(inbox, activity)).status).toBe(202);
    expect((await peer.send(inbox, activity, { absoluteForm: 'http://elsewhere.example' })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await receivedOf('Accept', activity.id)).toHaveLength(1);
    expect(await followerCount()).toBe(1);

    const name = `Record fair ${randomUUID().slice(0, 6)}`;
    const created = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(name) });
    expect(created.statusCode).toBe(200);
    const eventId = created.json().id as string;
    const hidden = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Unlisted ${name}`) });
    const unlisted = await call(t.app, 'PUT', pathOf(goingApi.visibility, { id: hidden.json().id as string }), { jwt: host.jwt, body: { visibility: 'unlisted' } });
    expect(unlisted.statusCode).toBe(200);
    await publish();
    const objectId = `${t.url}/ap/events/${eventId}`;
    await expect.poll(() => receivedOf('Create', objectId), { timeout: 10_000 }).toHaveLength(1);
    const [create] = await receivedOf('Create', objectId);
    expect(create!.verified).toBe(true);
    expect(create!.activity).toMatchObject({
      actor,
      object: { type: 'Event', id: objectId, name, startTime: new Date(start).toISOString().replace('.000', ''), location: { type: 'Place', latitude: 41.2565, longitude: -95.9345 } },
    });
    const object = create!.activity.object as { content: string; url: string };
    // What the host typed is text, never markup: in the content and in the summary (HTML too, in ActivityStreams).
    expect(object.content).toContain('Bring &#60;b&#62;your&#60;/b&#62; records.');
    // (name fields are plain text in ActivityStreams: there it stays as typed, for the reader to escape.)
    const { summary, content } = create!.activity.object as { summary: string; content: string };
    expect(`${summary}${content}`).not.toContain('<img');
    expect(summary).toContain('The &#60;img src=x onerror=alert(1)&#62; Room');
    expect(JSON.stringify(await peer.received())).not.toContain(`Unlisted ${name}`);
    // The object can be fetched where its id says, and a browser is sent to the event's page.
    const fetched = await fetch(objectId, { headers: { accept: AP } });
    expect(((await fetched.json()) as { name: string }).name).toBe(name);
    const page = await fetch(objectId, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(303);
    // The public page names the object (a link pasted into Mastodon resolves to it) and the handle to follow.
    const slug = (create!.activity.object as { url: string }).url.split('/e/')[1]!;
    const html = await (await fetch(`${t.url}/e/${slug}`)).text();
    expect(html).toContain(`<link rel="alternate" type="application/activity+json" href="${objectId}">`);
    expect(html).toContain(`@hubbub@127.0.0.1:${t.port}`);

    // An edit is an Update; a cancel an Update that says so; a delete a Delete. Nothing is sent twice.
    expect((await call(t.app, 'POST', eventsApi.update.path, { jwt: host.jwt, body: { id: eventId, ...eventBody(`${name} (moved)`) } })).statusCode).toBe(200);
    await publish();
    await expect.poll(async () => (await receivedOf('Update', objectId)).map((r) => (r.activity.object as { name: string }).name), { timeout: 10_000 }).toEqual([`${name} (moved)`]);
    expect((await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: eventId }), { jwt: host.jwt })).statusCode).toBe(200);
    await publish();
    await expect.poll(async () => (await receivedOf('Update', objectId)).map((r) => (r.activity.object as { name: string }).name), { timeout: 10_000 }).toContain(`Canceled: ${name} (moved)`);
    expect((await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: eventId }), { jwt: host.jwt })).statusCode).toBe(200);
    await publish();
    await expect.poll(() => receivedOf('Delete', objectId), { timeout: 10_000 }).toHaveLength(1);
    await publish();
    expect(await receivedOf('Create', objectId)).toHaveLength(1);
    expect(await receivedOf('Update', objectId)).toHaveLength(2);
    expect((await fetch(objectId, { headers: { accept: AP } })).status).toBe(404);

    // The event made before anyone followed was not sent afterwards either.
    expect(await receivedOf('Create', `${t.url}/ap/events/${earlyEventId}`)).toEqual([]);

    // Unfollowed: the next event does not reach the peer.
    expect((await peer.send(inbox, { '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('undo'), type: 'Undo', actor: peer.actorId, object: activity })).status).toBe(202);
    await expect.poll(followerCount, { timeout: 10_000 }).toBe(0);
    const later = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`After ${name}`) });
    await publish();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await receivedOf('Create', later.json().id as string)).toEqual([]);
  }, 60_000);

  it('each host of a public event is an actor of their own: found by their handle, followed, and heard from', async () => {
    const person = await signUp(t, { name: 'Zoë Ortiz' });
    const handleOf = async (id: string) => ((await call(t.app, 'GET', pathOf(federationApi.person, { id }))).json() as { handle: string | null }).handle;
    expect(await handleOf(person.id)).toBeNull();
    expect((await call(t.app, 'POST', eventsApi.create.path, { jwt: person.jwt, body: eventBody(`Salsa ${randomUUID().slice(0, 6)}`) })).statusCode).toBe(200);
    await publish();
    const handle = (await handleOf(person.id))!;
    expect(handle).toMatch(new RegExp(`^@zoe_ortiz_[0-9a-f]{4}@127\\.0\\.0\\.1:${t.port}$`));
    const username = handle.split('@')[1]!;
    const personActor = `${t.url}/ap/actors/${person.id}`;
    const finger = (await (await fetch(`${t.url}/.well-known/webfinger?resource=acct:${username}@127.0.0.1:${t.port}`)).json()) as { links: unknown[] };
    expect(finger.links).toContainEqual(expect.objectContaining({ rel: 'self', type: AP, href: personActor }));
    const doc = (await (await fetch(personActor, { headers: { accept: AP } })).json()) as { publicKey: { owner: string } };
    expect(doc).toMatchObject({ id: personActor, type: 'Person', preferredUsername: username, name: 'Zoë Ortiz', url: `${t.url}/person/${person.id}`, inbox: `${personActor}/inbox` });
    expect(doc.publicKey.owner).toBe(personActor);
    // Someone who hosts nothing public is no actor.
    const nobody = await signUp(t);
    expect((await fetch(`${t.url}/ap/actors/${nobody.id}`, { headers: { accept: AP } })).status).toBe(404);
    expect(await handleOf(nobody.id)).toBeNull();

    // Ana, on the peer, follows the host; the host's actor accepts.
    const follow = { '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('follow'), type: 'Follow', actor: peer.accountId('ana'), object: personActor };
    expect((await peer.send(`${personActor}/inbox`, follow, { as: 'ana' })).status).toBe(202);
    await expect.poll(() => receivedOf('Accept', follow.id), { timeout: 10_000 }).toHaveLength(1);
    expect((await receivedOf('Accept', follow.id))[0]!.activity.actor).toBe(personActor);
    expect(((await (await fetch(`${personActor}/followers`, { headers: { accept: AP } })).json()) as { totalItems: number }).totalItems).toBe(1);

    // The host's next event reaches her from the host, attributed to the host.
    const next = (await call(t.app, 'POST', eventsApi.create.path, { jwt: person.jwt, body: eventBody(`Bachata ${randomUUID().slice(0, 6)}`) })).json().id as string;
    await publish();
    const objectId = `${t.url}/ap/events/${next}`;
    const fromHost = async () => (await receivedOf('Create', objectId)).filter((r) => r.activity.actor === personActor);
    await expect.poll(fromHost, { timeout: 10_000 }).toHaveLength(1);
    const [create] = await fromHost();
    expect(create!.verified).toBe(true);
    expect(create!.activity).toMatchObject({ object: { id: objectId, attributedTo: personActor }, cc: `${personActor}/followers` });
  });

  it('files a remote Flag as a report, and an admin block stops both ways until it is lifted', async () => {
    const admin = await signUp(t);
    await setRoles(t.app.ctx.db, admin.id, ['Admin'], new Date());
    const overview = async () => (await call(t.app, 'GET', federationApi.overview.path, { jwt: admin.jwt })).json() as FederationOverview;
    const activity = follow();
    expect((await peer.send(inbox, activity)).status).toBe(202);
    await expect.poll(() => receivedOf('Accept', activity.id), { timeout: 10_000 }).toHaveLength(1);
    expect(await overview()).toMatchObject({ enabled: true, handle: `@hubbub@127.0.0.1:${t.port}`, actor, followerCount: 1, followers: [{ actor: peer.actorId, handle: `@watcher@${new URL(peer.origin).host}` }] });

    // A Flag of a public event reaches the admin queue, saying who sent it; its HTML is text.
    const name = `Flagged fair ${randomUUID().slice(0, 6)}`;
    const eventId = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(name) })).json().id as string;
    const flag = { '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('flag'), type: 'Flag', actor: peer.actorId, object: [`${t.url}/ap/events/${eventId}`], content: '<p>Looks like <b>spam</b> &amp; a scam</p>' };
    expect((await peer.send(sharedInbox(), flag)).status).toBe(202);
    const queue = async () => ((await call(t.app, 'GET', moderationApi.reports.path, { jwt: admin.jwt })).json() as ReportQueue).groups.find((g) => g.targetId === eventId);
    await expect.poll(queue, { timeout: 10_000 }).toMatchObject({ targetType: 'event', targetName: name, reporters: 1, notes: [`From ${peer.actorId}: Looks like spam & a scam`] });

    // Only admins, and a server or an account by its address.
    expectProblem(await call(t.app, 'POST', federationApi.block.path, { jwt: host.jwt, body: { target: '127.0.0.2', reason: 'Spam' } }), 403, { code: 'admin_required' });
    expectProblem(await call(t.app, 'POST', federationApi.block.path, { jwt: admin.jwt, body: { target: 'not a server', reason: 'Spam' } }), 400, { code: 'validation' });
    const peerHost = new URL(peer.origin).host;
    const blocked = await call(t.app, 'POST', federationApi.block.path, { jwt: admin.jwt, body: { target: peerHost, reason: 'Spam from there' } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ followerCount: 0, blocks: [{ kind: 'server', target: peerHost }] });
    expectProblem(await call(t.app, 'POST', federationApi.block.path, { jwt: admin.jwt, body: { target: peerHost, reason: 'Again' } }), 409, { code: 'conflict' });

    // Nothing is taken from it (refused before its key is fetched), nothing is sent to it.
    const refused = await peer.send(inbox, follow());
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.body) as { code: string }).code).toBe('blocked');
    const unseen = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Unseen ${name}`) })).json().id as string;
    await publish();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await receivedOf('Create', unseen)).toEqual([]);
    expect((await overview()).followerCount).toBe(0);

    // Lifted: it may follow again.
    const block = blocked.json().blocks[0] as { id: string };
    expect((await call(t.app, 'POST', pathOf(federationApi.unblock, { id: block.id }), { jwt: admin.jwt, body: { reason: 'Cleaned up' } })).json()).toMatchObject({ blocks: [] });
    const again = follow();
    expect((await peer.send(inbox, again)).status).toBe(202);
    await expect.poll(() => receivedOf('Accept', again.id), { timeout: 10_000 }).toHaveLength(1);
  }, 60_000);

  it('moderators hiding, showing and hiding an event again reach the follower each time (no activity id repeats)', async () => {
    const admin = await signUp(t);
    await setRoles(t.app.ctx.db, admin.id, ['Admin'], new Date());
    const eventId = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Hidden twice ${randomUUID().slice(0, 6)}`) })).json().id as string;
    const objectId = `${t.url}/ap/events/${eventId}`;
    await publish();
    await expect.poll(() => receivedOf('Create', objectId), { timeout: 10_000 }).toHaveLength(1);
    const act = async (action: 'eventHide' | 'eventUnhide') => {
      expect((await call(t.app, 'POST', pathOf(moderationApi[action], { id: eventId }), { jwt: admin.jwt, body: { reason: 'Checking it' } })).statusCode).toBe(200);
      await publish();
    };
    await act('eventHide');
    await expect.poll(() => receivedOf('Delete', objectId), { timeout: 10_000 }).toHaveLength(1);
    await act('eventUnhide');
    await expect.poll(() => receivedOf('Create', objectId), { timeout: 10_000 }).toHaveLength(2);
    await act('eventHide');
    await expect.poll(() => receivedOf('Delete', objectId), { timeout: 10_000 }).toHaveLength(2);
    const ids = [...(await receivedOf('Create', objectId)), ...(await receivedOf('Delete', objectId))].map((r) => r.activity.id);
    expect(new Set(ids).size).toBe(4);
  }, 60_000);

  it('takes Joins from the fediverse within capacity, puts the next in line and seats them when a seat frees, and asks the host when approval is on', async () => {
    const eventId = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Small room ${randomUUID().slice(0, 6)}`) })).json().id as string;
    const objectId = `${t.url}/ap/events/${eventId}`;
    const settings = (body: Record<string, unknown>) =>
      call(t.app, 'PUT', pathOf(goingApi.settings, { id: eventId }), { jwt: host.jwt, body: { capacity: 1, maxGuests: 0, offerHours: 24, ...body } });
    expect((await settings({})).statusCode).toBe(200);
    const join = (who: string) => ({ '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId(`join-${who}`), type: 'Join', actor: peer.accountId(who), object: objectId });
    const answersTo = async (joinId: string) => (await peer.received()).filter((r) => ['Accept', 'Reject'].includes(r.activity.type as string) && r.activity.object === joinId);
    const people = async () =>
      ((await call(t.app, 'GET', pathOf(goingApi.people, { id: eventId }), { jwt: host.jwt })).json() as { people: { name: string; email: string; state: string; place: number | null }[] }).people;

    // Ana takes the one seat: accepted at once, and on the host's list by her handle.
    const ana = join('ana');
    expect((await peer.send(sharedInbox(), ana, { as: 'ana' })).status).toBe(202);
    await expect.poll(async () => (await answersTo(ana.id)).map((r) => r.activity.type), { timeout: 10_000 }).toEqual(['Accept']);
    const peerHost = new URL(peer.origin).host;
    expect(await people()).toEqual([expect.objectContaining({ name: 'Ana on the peer', email: `@ana@${peerHost}`, remote: true, state: 'going' })]);
    // A message to everyone going: Ana has no email here, so her server is sent it, once: a Note to her alone, mentioning her, from the host.
    const sent = await call(t.app, 'POST', pathOf(goingApi.message, { id: eventId }), { jwt: host.jwt, body: { message: 'Doors at <b>seven</b>.', audience: 'everyone' } });
    expect(sent.json()).toMatchObject({ recipients: 1, fediverse: 1 });
    await publish();
    const notes = async () => (await peer.received()).filter((r) => r.activity.type === 'Create' && (r.activity.object as { type: string }).type === 'Note');
    await expect.poll(async () => (await notes()).length, { timeout: 10_000 }).toBe(1);
    const [note] = await notes();
    expect(note!.verified).toBe(true);
    expect(note!.path).toBe('/users/ana/inbox');
    const anaActor = peer.accountId('ana');
    expect(note!.activity).toMatchObject({ to: anaActor, object: { to: anaActor, tag: { type: 'Mention', href: anaActor, name: `@ana@${peerHost}` } } });
    const content = (note!.activity.object as { content: string }).content;
    expect(content).toContain('Doors at &#60;b&#62;seven&#60;/b&#62;.');
    expect(content).toContain(`href="${anaActor}"`);
    expect(JSON.stringify(note!.activity)).not.toContain('https://www.w3.org/ns/activitystreams#Public');
    await publish();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await notes()).toHaveLength(1);

    // Ana's Join again: the same activity is taken once; a new Join while she holds the seat keeps it, and is answered Accept.
    expect((await peer.send(sharedInbox(), ana, { as: 'ana' })).status).toBe(202);
    const anaAgain = { ...ana, id: peer.newId('join-ana-again') };
    expect((await peer.send(sharedInbox(), anaAgain, { as: 'ana' })).status).toBe(202);
    await expect.poll(async () => (await answersTo(anaAgain.id)).map((r) => r.activity.type), { timeout: 10_000 }).toEqual(['Accept']);

    // Bo is over capacity: in line, not answered yet; a replay of the same Join changes nothing.
    const bo = join('bo');
    expect((await peer.send(sharedInbox(), bo, { as: 'bo' })).status).toBe(202);
    expect((await peer.send(sharedInbox(), bo, { as: 'bo' })).status).toBe(202);
    await expect.poll(async () => (await people()).map((p) => `${p.email} ${p.state}`), { timeout: 10_000 }).toEqual([`@ana@${peerHost} going`, `@bo@${peerHost} waitlisted`]);
    await publish();
    expect(await answersTo(bo.id)).toEqual([]);

    // Ana leaves: Bo is seated (his Join was his confirmation) and his server is told.
    expect((await peer.send(sharedInbox(), { '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId('leave'), type: 'Leave', actor: peer.accountId('ana'), object: objectId }, { as: 'ana' })).status).toBe(202);
    await expect.poll(async () => (await people()).map((p) => `${p.email} ${p.state}`), { timeout: 10_000 }).toEqual([`@bo@${peerHost} going`]);
    await publish();
    await expect.poll(async () => (await answersTo(bo.id)).map((r) => r.activity.type), { timeout: 10_000 }).toEqual(['Accept']);
    expect((await answersTo(ana.id)).map((r) => r.activity.type)).toEqual(['Accept']);

    // Software that RSVPs by answering the event: an Accept of it says Going (the line, here), a Reject takes it back.
    const rsvp = (type: string) => ({ '@context': 'https://www.w3.org/ns/activitystreams', id: peer.newId(`rsvp-${type}`), type, actor: peer.accountId('eve'), object: objectId });
    expect((await peer.send(sharedInbox(), rsvp('TentativeAccept'), { as: 'eve' })).status).toBe(202);
    await expect.poll(async () => (await people()).find((p) => p.email === `@eve@${peerHost}`)?.state, { timeout: 10_000 }).toBe('waitlisted');
    expect((await peer.send(sharedInbox(), rsvp('Reject'), { as: 'eve' })).status).toBe(202);
    await expect.poll(async () => (await people()).some((p) => p.email === `@eve@${peerHost}`), { timeout: 10_000 }).toBe(false);

    // With approval on, Cy's Join is a request; the host declines it and Cy's server hears a Reject.
    expect((await settings({ capacity: null, approval: true })).statusCode).toBe(200);
    const cy = join('cy');
    expect((await peer.send(sharedInbox(), cy, { as: 'cy' })).status).toBe(202);
    await expect.poll(async () => (await people()).find((p) => p.email === `@cy@${peerHost}`)?.state, { timeout: 10_000 }).toBe('pending');
    const cyId = ((await call(t.app, 'GET', pathOf(goingApi.people, { id: eventId }), { jwt: host.jwt })).json() as { people: { userId: string; email: string }[] }).people.find((p) => p.email === `@cy@${peerHost}`)!.userId;
    expect((await call(t.app, 'PUT', pathOf(goingApi.decide, { id: eventId, userId: cyId }), { jwt: host.jwt, body: { decision: 'decline', message: 'Members only' } })).statusCode).toBe(200);
    await publish();
    await expect.poll(async () => (await answersTo(cy.id)).map((r) => r.activity.type), { timeout: 10_000 }).toEqual(['Reject']);
    // A Join of a canceled event is refused at once.
    expect((await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: eventId }), { jwt: host.jwt })).statusCode).toBe(200);
    const late = join('dee');
    expect((await peer.send(sharedInbox(), late, { as: 'dee' })).status).toBe(202);
    await expect.poll(async () => (await answersTo(late.id)).map((r) => r.activity.type), { timeout: 10_000 }).toEqual(['Reject']);
    // Nobody from the fediverse is mailed: no message in the outbox names a remote handle.
    await t.app.ctx.notifications.runNow();
    const mails = await fs.readdir(t.outboxDir).catch(() => [] as string[]);
    expect(mails.filter((file) => file.includes(peerHost.split(':')[0]!) || file.includes('@ana') || file.includes('@bo'))).toEqual([]);
  }, 60_000);
});

describe('with FEDERATION on and private addresses refused (as on the internet)', () => {
  let t: TestApp;
  let inside: http.Server;
  let insidePort: number;
  let hits = 0;
  beforeAll(async () => {
    inside = http.createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', () => resolve()));
    insidePort = (inside.address() as AddressInfo).port;
    t = await build({ env: { FEDERATION: 'true', PUBLIC_URL: 'https://events.example' }, federation: { enabled: false } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => inside.close(() => resolve()));
  });

  it('an activity naming addresses inside the network (its context, its signing key) makes no request to them', async () => {
    const inner = `http://[::ffff:127.0.0.1]:${insidePort}`;
    const activity = { '@context': [`${inner}/context`, 'https://www.w3.org/ns/activitystreams'], id: `${inner}/follow`, type: 'Follow', actor: `${inner}/actor`, object: 'https://events.example/ap/actors/hubbub' };
    const signature = `keyId="${inner}/actor#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="AAAA"`;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/ap/inbox',
      headers: { 'content-type': 'application/activity+json', host: 'events.example', date: new Date().toUTCString(), signature, digest: 'SHA-256=AAAA' },
      payload: JSON.stringify(activity),
    });
    expect([400, 401]).toContain(answer.statusCode);
    expect(hits).toBe(0);
  });
});
