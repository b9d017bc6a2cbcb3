import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EventStatus,
  HomeSchema,
  checkInApi,
  goingApi,
  eventLinksApi,
  eventsApi,
  homeApi,
  moderationApi,
  pathOf,
  usersApi,
  type Door,
  type EventStatusValue,
  type Home,
  type HubEvent,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { setEventStatus } from '../src/modules/events/service.js';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { call, followPath, signUp, usePlan, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

// The home (homeApi.get): each section, what never shows in it, tenancy and sign-in. Everything
// happens around Ushuaia, whose zone has no daylight saving and where no other file puts events;
// the clock is set to a Wednesday, 11 AM there, so "tonight" and "this weekend" are known.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'America/Argentina/Ushuaia'; // UTC-3 all year
const USHUAIA = { lat: -54.81, lng: -68.32 };
const BUENOS_AIRES = { lat: -34.6, lng: -58.38 };

/** The next Wednesday 14:00 UTC (11 AM in Ushuaia) at least a day ahead. */
function nextWednesday(): number {
  const d = new Date();
  const base = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 14);
  for (let i = 1; ; i++) if (new Date(base + i * DAY).getUTCDay() === 3) return base + i * DAY;
}
const WED = nextWednesday();
let skew = 0;
let t: TestApp;
beforeAll(async () => {
  skew = WED - Date.now();
  t = await build({ now: () => new Date(Date.now() + skew) });
});
afterAll(() => t.close());

const at = (ms: number) => new Date(ms).toISOString();
const near = (p: { lat: number; lng: number }) => ({ lat: p.lat + (Math.random() - 0.5) * 0.1, lng: p.lng + (Math.random() - 0.5) * 0.1 });

async function host(tenant?: string): Promise<TestUser> {
  const user = await signUp(t, { tenant });
  await usePlan(t, user, 'Pro');
  return user;
}

async function admin(): Promise<TestUser> {
  const user = await signUp(t);
  await queryRows(t.app.ctx.db, sql`update users set roles = '{Admin}' where id = ${user.id}`);
  return user;
}

interface EventOpts {
  /** Hours from Wednesday 11 AM local. */
  from: number;
  hours?: number;
  place?: { lat: number; lng: number };
  publishOnDate?: string;
  tenant?: string;
  status?: EventStatusValue;
}

async function event(user: TestUser, opts: EventOpts): Promise<HubEvent> {
  const p = opts.place ?? near(USHUAIA);
  const body = {
    name: `Home ${randomUUID().slice(0, 8)}`,
    startDate: at(WED + opts.from * HOUR),
    endDate: at(WED + (opts.from + (opts.hours ?? 3)) * HOUR),
    timeZone: ZONE,
    publishOnDate: opts.publishOnDate,
    area: { name: 'Fin del mundo', type: 4, latitude: p.lat, longitude: p.lng, city: 'Ushuaia', country: 'AR' },
  };
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body, tenant: opts.tenant });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json() as HubEvent;
  if (opts.status !== undefined) await setEventStatus({ ctx: t.app.ctx, eventId: created.id, status: opts.status });
  return created;
}

async function homeOf(user: TestUser, timeZone = ZONE, tenant?: string): Promise<Home> {
  const res = await call(t.app, 'GET', `${homeApi.get.path}?timeZone=${encodeURIComponent(timeZone)}`, { jwt: user.jwt, tenant });
  expect(res.statusCode, res.body).toBe(200);
  return HomeSchema.strict().parse(res.json());
}

const setLocation = async (user: TestUser, location: string | null) =>
  expect((await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: user.name, location } })).statusCode).toBe(200);
const link = async (user: TestUser, eventId: string, type: 'Follow' | 'Attendee') =>
  expect((await call(t.app, 'POST', eventLinksApi.create.path, { jwt: user.jwt, body: { eventId, type } })).statusCode).toBe(200);
const follow = async (user: TestUser, other: TestUser) => expect((await call(t.app, 'POST', followPath(other.id), { jwt: user.jwt })).statusCode).toBe(200);

const idsOf = (events: { id: string }[]) => events.map((e) => e.id);
/** Every event id of a home, whatever its section. */
const everywhere = (h: Home) => [...h.liveNow, ...h.tonight.events, ...h.weekend.events, ...h.next, ...h.fromFollowing].map((e) => e.id);

describe('GET home/', () => {
  it('refuses a visitor (401) and a time zone that is not one (400)', async () => {
    expectProblem(await call(t.app, 'GET', `${homeApi.get.path}?timeZone=UTC`), 401);
    const user = await signUp(t);
    const bad = expectProblem(await call(t.app, 'GET', `${homeApi.get.path}?timeZone=Mars%2FOlympus`, { jwt: user.jwt }), 400);
    expect(bad.errors?.timeZone).toEqual([expect.any(String)]);
  });

  it('a new account with no place: no area, every section empty, nobody followed', async () => {
    const fresh = await signUp(t);
    const home = await homeOf(fresh, 'UTC');
    expect(home).toMatchObject({ timeZone: 'UTC', area: null, liveNow: [], next: [], fromFollowing: [], followingCount: 0 });
    expect(home.tonight.events).toEqual([]);
    expect(home.weekend.events).toEqual([]);
  });

  it('reads tonight and this weekend on the wall clock of the time zone asked', async () => {
    const home = await homeOf(await signUp(t));
    // Wednesday 11 AM in Ushuaia: tonight is 5 PM to 4 AM, the weekend Friday 5 PM to Monday 4 AM.
    const day = (ms: number) => at(ms).slice(0, 10);
    expect(home.tonight).toMatchObject({ from: at(WED + 6 * HOUR), to: at(WED + 17 * HOUR), searchFrom: day(WED), searchDays: 1 });
    expect(home.weekend).toMatchObject({ from: at(WED + 2 * DAY + 6 * HOUR), to: at(WED + 4 * DAY + 17 * HOUR), searchFrom: day(WED + 2 * DAY), searchDays: 3, isNext: false });
  });

  describe('near the area', () => {
    let hostA: TestUser;
    let viewer: TestUser;
    const ev: Record<string, HubEvent> = {};
    beforeAll(async () => {
      [hostA, viewer] = await Promise.all([host(), signUp(t)]);
      await setLocation(viewer, 'Ushuaia');
      ev.tonight = await event(hostA, { from: 8 }); // 7 PM
      ev.afternoon = await event(hostA, { from: 1, hours: 2 }); // noon to 2 PM: over before the evening
      ev.lateStart = await event(hostA, { from: 15 }); // 2 AM: still tonight
      ev.weekend = await event(hostA, { from: 3 * 24 + 9 }); // Saturday 8 PM
      ev.nextWeek = await event(hostA, { from: 6 * 24 + 8 });
      ev.farTonight = await event(hostA, { from: 8, place: near(BUENOS_AIRES) });
      ev.live = await event(hostA, { from: -1, hours: 6, status: EventStatus.Started });
      ev.canceled = await event(hostA, { from: 9, status: EventStatus.Canceled });
      ev.draft = await event(hostA, { from: 9, publishOnDate: at(WED + 10 * DAY) });
    });

    it('the area is the city of the profile, and tonight, the weekend and live now hold the events around it', async () => {
      const home = await homeOf(viewer);
      expect(home.area).toMatchObject({ name: 'Ushuaia, AR', source: 'profile' });
      expect(home.area!.latitude).toBeCloseTo(USHUAIA.lat, 1);
      expect(idsOf(home.tonight.events)).toEqual(expect.arrayContaining([ev.tonight.id, ev.lateStart.id]));
      expect(idsOf(home.weekend.events)).toContain(ev.weekend.id);
      expect(idsOf(home.liveNow)).toContain(ev.live.id);
      const tonight = home.tonight.events.find((e) => e.id === ev.tonight.id)!;
      expect(tonight).toMatchObject({ name: ev.tonight.name, host: { id: hostA.id }, relation: null, status: EventStatus.Created });
      // Soonest first.
      expect(idsOf(home.tonight.events).indexOf(ev.tonight.id)).toBeLessThan(idsOf(home.tonight.events).indexOf(ev.lateStart.id));
    });

    it('leaves out what is over before the evening, far away, next week, canceled or a draft, and shows a live event once', async () => {
      const home = await homeOf(viewer);
      const all = everywhere(home);
      for (const key of ['afternoon', 'farTonight', 'nextWeek', 'canceled', 'draft']) expect(all, key).not.toContain(ev[key].id);
      expect(all.filter((id) => id === ev.live.id)).toHaveLength(1);
      expect(idsOf(home.weekend.events)).not.toContain(ev.tonight.id);
    });

    it('a hidden event never shows, live or not', async () => {
      const boss = await admin();
      const hidden = await event(hostA, { from: 8 });
      const hiddenLive = await event(hostA, { from: -1, hours: 6, status: EventStatus.Started });
      await link(viewer, hiddenLive.id, 'Follow');
      expect(everywhere(await homeOf(viewer))).toEqual(expect.arrayContaining([hidden.id, hiddenLive.id]));
      for (const e of [hidden, hiddenLive]) {
        const res = await call(t.app, 'POST', pathOf(moderationApi.eventHide, { id: e.id }), { jwt: boss.jwt, body: { reason: 'Spam' } });
        expect(res.statusCode, res.body).toBe(200);
      }
      // The admin's hide stops the live session; even were it still marked live, it is hidden.
      await setEventStatus({ ctx: t.app.ctx, eventId: hiddenLive.id, status: EventStatus.Started });
      const all = everywhere(await homeOf(viewer));
      expect(all).not.toContain(hidden.id);
      expect(all).not.toContain(hiddenLive.id);
    });

    it('a host who blocked the viewer is left out of every section', async () => {
      const blocker = await host();
      const theirs = await event(blocker, { from: 8 });
      const theirLive = await event(blocker, { from: -1, hours: 6, status: EventStatus.Started });
      const someone = await signUp(t);
      await setLocation(someone, 'Ushuaia');
      await link(someone, theirs.id, 'Follow');
      expect(everywhere(await homeOf(someone))).toEqual(expect.arrayContaining([theirs.id, theirLive.id]));
      expect((await call(t.app, 'POST', pathOf(usersApi.block, { id: someone.id, flag: 1 }), { jwt: blocker.jwt })).statusCode).toBe(200);
      const all = everywhere(await homeOf(someone));
      expect(all).not.toContain(theirs.id);
      expect(all).not.toContain(theirLive.id);
    });

    it("never shows another tenant's events, and another tenant's person sees none of these", async () => {
      const otherHost = await host(OTHER_TENANT);
      const foreign = await event(otherHost, { from: 8, tenant: OTHER_TENANT });
      const foreignLive = await event(otherHost, { from: -1, hours: 6, tenant: OTHER_TENANT, status: EventStatus.Started });
      const mine = everywhere(await homeOf(viewer));
      expect(mine).not.toContain(foreign.id);
      expect(mine).not.toContain(foreignLive.id);
      const otherViewer = await signUp(t, { tenant: OTHER_TENANT });
      await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: otherViewer.jwt, body: { name: otherViewer.name, location: 'Ushuaia' }, tenant: OTHER_TENANT });
      const theirs = await homeOf(otherViewer, ZONE, OTHER_TENANT);
      expect(idsOf(theirs.tonight.events)).toContain(foreign.id);
      expect(idsOf(theirs.liveNow)).toContain(foreignLive.id);
      for (const e of Object.values(ev)) expect(everywhere(theirs)).not.toContain(e.id);
    });

    it('without a Location, the area comes from the person’s own events, then from the city their time zone is named after', async () => {
      const hosting = await host();
      await event(hosting, { from: 2 * DAY / HOUR });
      expect((await homeOf(hosting, 'UTC')).area).toMatchObject({ source: 'events', name: 'Ushuaia, AR' });
      const zoned = await homeOf(await signUp(t));
      expect(zoned.area).toMatchObject({ source: 'timeZone', name: 'Ushuaia, AR' });
      expect(idsOf(zoned.tonight.events)).toContain(ev.tonight.id);
      // A Location that names no place is passed over.
      const lost = await signUp(t);
      await setLocation(lost, ',');
      expect((await homeOf(lost, 'UTC')).area).toBeNull();
    });
  });

  describe('the person’s own', () => {
    it('next: what they host (drafts too), go to and follow, soonest first, with their tie; not what ended or is live', async () => {
      const [me, other] = await Promise.all([host(), host()]);
      const far = near(BUENOS_AIRES);
      const hosted = await event(me, { from: 5 * 24, place: far, publishOnDate: at(WED + 4 * DAY) });
      const going = await event(other, { from: 2 * 24, place: far });
      const followed = await event(other, { from: 3 * 24, place: far });
      const canceledFollowed = await event(other, { from: 4 * 24, place: far, status: EventStatus.Canceled });
      const ended = await event(other, { from: -30, place: far });
      const liveFollowed = await event(other, { from: -1, hours: 5, place: far, status: EventStatus.Started });
      const notMine = await event(other, { from: 24, place: far });
      await Promise.all([
        link(me, going.id, 'Attendee'),
        link(me, followed.id, 'Follow'),
        link(me, canceledFollowed.id, 'Follow'),
        link(me, ended.id, 'Follow'),
        link(me, liveFollowed.id, 'Follow'),
      ]);
      const home = await homeOf(me);
      expect(home.next.map((e) => [e.id, e.relation])).toEqual([
        [going.id, 'attendee'],
        [followed.id, 'follower'],
        [canceledFollowed.id, 'follower'],
        [hosted.id, 'host'],
      ]);
      expect(home.liveNow.map((e) => [e.id, e.relation])).toEqual([[liveFollowed.id, 'follower']]);
      expect(everywhere(home)).not.toContain(ended.id);
      expect(everywhere(home)).not.toContain(notMine.id);
      // Someone else never sees the draft.
      expect(everywhere(await homeOf(other))).not.toContain(hosted.id);
    });

    it('from people they follow: upcoming public events of those hosts, none of their drafts, canceled or ended ones', async () => {
      const [me, followed, stranger] = await Promise.all([signUp(t), host(), host()]);
      const far = near(BUENOS_AIRES);
      const soon = await event(followed, { from: 24, place: far });
      const later = await event(followed, { from: 5 * 24, place: far });
      const draft = await event(followed, { from: 2 * 24, place: far, publishOnDate: at(WED + 3 * DAY) });
      const canceled = await event(followed, { from: 2 * 24, place: far, status: EventStatus.Canceled });
      const ended = await event(followed, { from: -30, place: far });
      const strangers = await event(stranger, { from: 24, place: far });
      const followedEvent = await event(followed, { from: 3 * 24, place: far });
      expect((await homeOf(me)).followingCount).toBe(0);
      await follow(me, followed);
      await link(me, followedEvent.id, 'Follow');
      const home = await homeOf(me, 'UTC');
      expect(home.followingCount).toBe(1);
      expect(idsOf(home.fromFollowing)).toEqual([soon.id, later.id]);
      // An event they follow themselves shows under their own next events, not twice.
      expect(idsOf(home.next)).toEqual([followedEvent.id]);
      for (const e of [draft, canceled, ended, strangers]) expect(everywhere(home)).not.toContain(e.id);
    });
  });

  describe('the door', () => {
    it("shows the host the door's counts of an event that runs now or starts within a day, and nobody else", async () => {
      const [me, ana, ben] = await Promise.all([host(), signUp(t), signUp(t)]);
      // Two hours after the test clock (Wednesday 11 AM there), and three days later.
      const soonStart = WED + 2 * HOUR;
      const make = async (start: number) => {
        const body = { name: `Door ${randomUUID().slice(0, 8)}`, startDate: at(start), endDate: at(start + 3 * HOUR), timeZone: ZONE, area: { name: 'Fin del mundo', type: 4, latitude: USHUAIA.lat, longitude: USHUAIA.lng, city: 'Ushuaia', country: 'AR' } };
        const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: me.jwt, body });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as HubEvent;
      };
      const soon = await make(soonStart);
      const later = await make(soonStart + 3 * DAY);
      expect((await call(t.app, 'PUT', pathOf(goingApi.settings, { id: soon.id }), { jwt: me.jwt, body: { capacity: null, maxGuests: 1, offerHours: 24 } })).statusCode).toBe(200);
      for (const [who, guests] of [[ana, 1], [ben, 0]] as const) {
        const res = await call(t.app, 'PUT', pathOf(goingApi.say, { id: soon.id }), { jwt: who.jwt, body: { guests } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const door = (await call(t.app, 'GET', pathOf(checkInApi.door, { id: soon.id }), { jwt: me.jwt })).json() as Door;
      const seat = door.seats.find((s) => s.name === ana.name && s.seat === 1)!;
      const scanned = await call(t.app, 'POST', pathOf(checkInApi.scan, { id: soon.id }), { jwt: me.jwt, body: { scans: [{ goingId: seat.goingId, seat: 1, device: 'Front door' }] } });
      expect(scanned.statusCode, scanned.body).toBe(200);

      const mine = [...(await homeOf(me)).next, ...(await homeOf(me)).tonight.events];
      expect(mine.find((e) => e.id === soon.id)?.door).toEqual({ going: 3, checkedIn: 1 });
      expect(mine.find((e) => e.id === later.id)?.door).toBeNull();
      // A guest sees the event with no counts of the door.
      const theirs = await homeOf(ana);
      expect([...theirs.next, ...theirs.tonight.events].find((e) => e.id === soon.id)?.door).toBeNull();
    });
  });
});
