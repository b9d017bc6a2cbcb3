import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsApi, federationApi, goingApi, moderationApi, pathOf, type FederationOverview, type ReportQueue } from '@hubbub/contract';
import { setRoles } from '../src/modules/users/service.js';
import { build, type ListeningTestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { startBotPeer, type BotPeer } from './support/activitypub-bot.js';
import { createScratchDatabase, ownDatabase, type ScratchDatabase } from './support/scratch-database.js';
import { freePorts } from './support/server-process.js';

// Issue 32, against an ActivityPub server written by others and not built on Fedify: activitypub.bot
// (support/activitypub-bot.ts), a process of its own on 127.0.0.4 with a PostgreSQL database of its
// own. It runs in the PostgreSQL project only (vitest.config.ts). Hubbub listens on 127.0.0.1.

const HOUR = 3_600_000;
const AP = 'application/activity+json';
const SETTLE_MS = 1_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR;
const eventBody = (name: string) => ({
  name,
  startDate: new Date(start).toISOString(),
  endDate: new Date(start + 2 * HOUR).toISOString(),
  timeZone: 'America/Chicago',
  venue: 'The Hall',
  area: { name: 'Omaha', type: 4, latitude: 41.2565, longitude: -95.9345, zoom: 10, city: 'Omaha', state: 'NE', country: 'US' },
  contentJson: 'Bring records.',
});

describe('with activitypub.bot, a server written by others, as the rest of the fediverse', () => {
  let t: ListeningTestApp;
  let peer: BotPeer;
  let host: TestUser;
  let admin: TestUser;
  let peerHost: string;
  let actor: string;
  let scratch: ScratchDatabase | undefined;
  let peerDatabase: ScratchDatabase;
  let skew = 0;
  const publish = () => {
    skew += SETTLE_MS + 100;
    return t.app.ctx.federation.runNow();
  };
  /** What a bot took in of `type` that mentions `about`. */
  const receivedOf = async (bot: string, type: string, about: string) =>
    (await peer.received(bot)).filter((a) => a.type === type && JSON.stringify(a).includes(about));

  beforeAll(async () => {
    const [port, peerPort, controlPort] = await freePorts(3);
    peerDatabase = await createScratchDatabase('apbot', { server: inject('databaseUrl'), template: '' });
    peer = await startBotPeer({ host: '127.0.0.4', port: peerPort!, controlPort: controlPort!, databaseUrl: peerDatabase.databaseUrl!, bots: ['ana', 'bo'] });
    scratch = await ownDatabase('federation-bot');
    t = await build({
      database: scratch,
      listen: port!,
      env: { FEDERATION: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', PUBLIC_URL: `http://127.0.0.1:${port}`, DEFAULT_PLAN: 'Enterprise' },
      federation: { pollMs: 60_000, settleMs: SETTLE_MS, queuePollMs: 200 },
      now: () => new Date(Date.now() + skew),
    });
    actor = `${t.url}/ap/actors/hubbub`;
    host = await signUp(t);
    admin = await signUp(t);
    await setRoles(t.app.ctx.db, admin.id, ['Admin'], new Date());
    peerHost = new URL(peer.origin).host;
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await peer?.stop();
    await scratch?.drop();
    await peerDatabase?.drop();
  });

  it("follows the site's actor; the site accepts, and its public events, edits and cancellations reach the bot", async () => {
    const followId = await peer.follow('ana', actor);
    await expect.poll(() => peer.isFollowing('ana', actor), { timeout: 15_000 }).toEqual({ following: true, pending: false });
    const [accept] = await receivedOf('ana', 'Accept', followId);
    expect(accept).toMatchObject({ actor, object: { id: followId, type: 'Follow' } });
    const overview = (await call(t.app, 'GET', federationApi.overview.path, { jwt: admin.jwt })).json() as FederationOverview;
    expect(overview.followers).toEqual([expect.objectContaining({ actor: peer.actorOf('ana'), handle: `@ana@${peerHost}` })]);

    const name = `Record fair ${randomUUID().slice(0, 6)}`;
    const created = await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(name) });
    expect(created.statusCode).toBe(200);
    const eventId = created.json().id as string;
    const objectId = `${t.url}/ap/events/${eventId}`;
    const hidden = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Unlisted ${name}`) })).json().id as string;
    expect((await call(t.app, 'PUT', pathOf(goingApi.visibility, { id: hidden }), { jwt: host.jwt, body: { visibility: 'unlisted' } })).statusCode).toBe(200);
    await publish();
    await expect.poll(() => receivedOf('ana', 'Create', objectId), { timeout: 15_000 }).toHaveLength(1);
    const [create] = await receivedOf('ana', 'Create', objectId);
    expect(create).toMatchObject({
      actor,
      object: { id: objectId, type: 'Event', name, startTime: new Date(start).toISOString().replace('.000', ''), location: { type: 'Place', latitude: 41.2565, longitude: -95.9345 } },
    });
    expect(JSON.stringify(await peer.received('ana'))).not.toContain(`Unlisted ${name}`);

    expect((await call(t.app, 'POST', eventsApi.update.path, { jwt: host.jwt, body: { id: eventId, ...eventBody(`${name} (moved)`) } })).statusCode).toBe(200);
    await publish();
    const updates = async () => (await receivedOf('ana', 'Update', objectId)).map((a) => (a.object as { name: string }).name);
    await expect.poll(updates, { timeout: 15_000 }).toEqual([`${name} (moved)`]);
    expect((await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: eventId }), { jwt: host.jwt })).statusCode).toBe(200);
    await publish();
    await expect.poll(updates, { timeout: 15_000 }).toEqual([`${name} (moved)`, `Canceled: ${name} (moved)`]);
    expect((await call(t.app, 'DELETE', pathOf(eventsApi.delete, { id: eventId }), { jwt: host.jwt })).statusCode).toBe(200);
    await publish();
    await expect.poll(() => receivedOf('ana', 'Delete', objectId), { timeout: 15_000 }).toHaveLength(1);
  }, 60_000);

  it("follows a host's own actor, hears of the host's next event from it, and unfollows", async () => {
    const personActor = `${t.url}/ap/actors/${host.id}`;
    const followers = async () => ((await (await fetch(`${personActor}/followers`, { headers: { accept: AP } })).json()) as { totalItems: number }).totalItems;
    await peer.follow('bo', personActor);
    await expect.poll(() => peer.isFollowing('bo', personActor), { timeout: 15_000 }).toEqual({ following: true, pending: false });
    expect(await followers()).toBe(1);

    const eventId = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Listening party ${randomUUID().slice(0, 6)}`) })).json().id as string;
    const objectId = `${t.url}/ap/events/${eventId}`;
    await publish();
    await expect.poll(() => receivedOf('bo', 'Create', objectId), { timeout: 15_000 }).toHaveLength(1);
    expect((await receivedOf('bo', 'Create', objectId))[0]).toMatchObject({ actor: personActor, object: { id: objectId, attributedTo: personActor } });

    await peer.unfollow('bo', personActor);
    await expect.poll(followers, { timeout: 15_000 }).toBe(0);
    expect(await peer.isFollowing('bo', personActor)).toEqual({ following: false, pending: false });
  }, 60_000);

  it('takes Joins from its accounts within capacity, puts the next in line and answers when a seat frees; a declined request and a Join of a canceled event are rejected', async () => {
    const eventId = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Small room ${randomUUID().slice(0, 6)}`) })).json().id as string;
    const objectId = `${t.url}/ap/events/${eventId}`;
    expect((await call(t.app, 'PUT', pathOf(goingApi.settings, { id: eventId }), { jwt: host.jwt, body: { capacity: 1, maxGuests: 0, offerHours: 24 } })).statusCode).toBe(200);
    const join = (bot: string) => peer.act(bot, { type: 'Join', object: objectId, to: actor });
    const answersTo = async (bot: string, joinId: string) =>
      (await peer.received(bot)).filter((a) => ['Accept', 'Reject'].includes(a.type as string) && JSON.stringify(a.object).includes(joinId)).map((a) => a.type);
    const people = async () =>
      ((await call(t.app, 'GET', pathOf(goingApi.people, { id: eventId }), { jwt: host.jwt })).json() as { people: { name: string; email: string; state: string }[] }).people.map(
        (p) => `${p.name} ${p.email} ${p.state}`,
      );

    const anaJoin = await join('ana');
    await expect.poll(() => answersTo('ana', anaJoin), { timeout: 15_000 }).toEqual(['Accept']);
    expect(await people()).toEqual([`Ana the probe @ana@${peerHost} going`]);
    // The host's message to everyone going reaches Ana on her server: a Note to her, mentioning her.
    const sent = await call(t.app, 'POST', pathOf(goingApi.message, { id: eventId }), { jwt: host.jwt, body: { message: 'Doors at seven.', audience: 'everyone' } });
    expect(sent.json()).toMatchObject({ recipients: 1, fediverse: 1 });
    await publish();
    const notes = async () => (await peer.received('ana')).filter((a) => a.type === 'Create' && JSON.stringify(a.object).includes('Doors at seven.'));
    await expect.poll(notes, { timeout: 15_000 }).toHaveLength(1);
    expect((await notes())[0]).toMatchObject({ to: peer.actorOf('ana'), object: { type: 'Note', to: peer.actorOf('ana') } });

    const boJoin = await join('bo');
    await expect.poll(people, { timeout: 15_000 }).toEqual([`Ana the probe @ana@${peerHost} going`, `Bo the probe @bo@${peerHost} waitlisted`]);
    await publish();
    expect(await answersTo('bo', boJoin)).toEqual([]);

    await peer.act('ana', { type: 'Leave', object: objectId, to: actor });
    await expect.poll(people, { timeout: 15_000 }).toEqual([`Bo the probe @bo@${peerHost} going`]);
    await publish();
    await expect.poll(() => answersTo('bo', boJoin), { timeout: 15_000 }).toEqual(['Accept']);

    // With approval on, a Join is a request: the host declines Ana's, and her server hears a Reject.
    expect((await call(t.app, 'PUT', pathOf(goingApi.settings, { id: eventId }), { jwt: host.jwt, body: { capacity: null, maxGuests: 0, offerHours: 24, approval: true } })).statusCode).toBe(200);
    const asked = await join('ana');
    await expect.poll(people, { timeout: 15_000 }).toContain(`Ana the probe @ana@${peerHost} pending`);
    const anaId = ((await call(t.app, 'GET', pathOf(goingApi.people, { id: eventId }), { jwt: host.jwt })).json() as { people: { userId: string; email: string }[] }).people.find((p) => p.email === `@ana@${peerHost}`)!.userId;
    expect((await call(t.app, 'PUT', pathOf(goingApi.decide, { id: eventId, userId: anaId }), { jwt: host.jwt, body: { decision: 'decline', message: 'Members only' } })).statusCode).toBe(200);
    await publish();
    await expect.poll(() => answersTo('ana', asked), { timeout: 15_000 }).toEqual(['Reject']);

    expect((await call(t.app, 'POST', pathOf(eventsApi.cancel, { id: eventId }), { jwt: host.jwt })).statusCode).toBe(200);
    const late = await join('bo');
    await expect.poll(() => answersTo('bo', late), { timeout: 15_000 }).toEqual(['Reject']);
  }, 60_000);

  it("the site's admin follows a bot; its events show in search marked with their origin and go when it deletes them; then it unfollows", async () => {
    const bo = peer.actorOf('bo');
    expect((await call(t.app, 'POST', federationApi.follow.path, { jwt: admin.jwt, body: { target: bo } })).statusCode).toBe(200);
    await publish();
    const state = async () => ((await call(t.app, 'GET', federationApi.overview.path, { jwt: admin.jwt })).json() as FederationOverview).following.find((f) => f.actor === bo)?.state;
    await expect.poll(state, { timeout: 15_000 }).toBe('following');

    const name = `Picnic ${randomUUID().slice(0, 6)}`;
    const origin = `${peer.origin}/user/bo/event/${randomUUID()}`;
    const event = { id: origin, type: 'Event', name, startTime: new Date(start).toISOString(), endTime: new Date(start + HOUR).toISOString(), location: { type: 'Place', name: 'Town hall', latitude: 48.85, longitude: 2.35 }, content: '<p>Bring <em>snacks</em></p>', url: `${peer.origin}/profile/bo` };
    const followers = `${bo}/followers`;
    await peer.act('bo', { type: 'Create', object: event, to: 'https://www.w3.org/ns/activitystreams#Public', cc: followers });
    const search = async () =>
      ((await call(t.app, 'POST', eventsApi.search.path, { body: { searchText: name, startDate: new Date(start - HOUR).toISOString(), days: 2 } })).json() as { events: { id: string; name: string; origin: string | null }[] }).events;
    await expect.poll(search, { timeout: 15_000 }).toEqual([expect.objectContaining({ name, origin: event.url })]);
    const [found] = await search();
    expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: found!.id }), { jwt: host.jwt })).json()).toMatchObject({ name, contentJson: 'Bring snacks', venue: 'Town hall', timeZone: 'Europe/Paris' });

    await peer.act('bo', { type: 'Delete', object: origin, to: 'https://www.w3.org/ns/activitystreams#Public', cc: followers });
    await expect.poll(search, { timeout: 15_000 }).toEqual([]);

    // Unfollowing: the next round tells the bot's server, which takes the site off its followers.
    const followerCount = async () => ((await (await fetch(followers, { headers: { accept: AP } })).json()) as { totalItems: number }).totalItems;
    expect(await followerCount()).toBe(1);
    const followingId = ((await call(t.app, 'GET', federationApi.overview.path, { jwt: admin.jwt })).json() as FederationOverview).following.find((f) => f.actor === bo)!.id;
    expect((await call(t.app, 'DELETE', pathOf(federationApi.unfollow, { id: followingId }), { jwt: admin.jwt })).statusCode).toBe(200);
    await publish();
    await expect.poll(followerCount, { timeout: 15_000 }).toBe(0);
  }, 60_000);

  it('files its Flag as a report; a block of its server stops delivery both ways', async () => {
    const name = `Flagged fair ${randomUUID().slice(0, 6)}`;
    const eventId = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(name) })).json().id as string;
    const flag = (id: string) => peer.act('ana', { type: 'Flag', object: [`${t.url}/ap/events/${id}`], content: '<p>Looks like <b>spam</b></p>', to: actor });
    const queue = async (id: string) => ((await call(t.app, 'GET', moderationApi.reports.path, { jwt: admin.jwt })).json() as ReportQueue).groups.find((g) => g.targetId === id);
    await flag(eventId);
    await expect.poll(() => queue(eventId), { timeout: 15_000 }).toMatchObject({ targetType: 'event', targetName: name, reporters: 1, notes: [`From ${peer.actorOf('ana')}: Looks like spam`] });

    const blocked = await call(t.app, 'POST', federationApi.block.path, { jwt: admin.jwt, body: { target: peerHost, reason: 'Testing a block' } });
    expect(blocked.json()).toMatchObject({ followerCount: 0, following: [], blocks: [{ kind: 'server', target: peerHost }] });
    const unseen = `${t.url}/ap/events/${(await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Unseen ${name}`) })).json().id as string}`;
    await publish();
    const second = (await call(t.app, 'POST', eventsApi.create.path, { jwt: host.jwt, body: eventBody(`Second ${name}`) })).json().id as string;
    await flag(second);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await receivedOf('ana', 'Create', unseen)).toEqual([]);
    expect(await queue(second)).toBeUndefined();
  }, 60_000);
});
