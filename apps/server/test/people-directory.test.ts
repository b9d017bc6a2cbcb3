import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  EventStatus,
  PERSON_EVENTS_PAGE_SIZE,
  PersonEventsSchema,
  PersonSchema,
  ProfileSchema,
  UserSearchResultSchema,
  accountDataApi,
  eventsApi,
  moderationApi,
  pathOf,
  usersApi,
  type HubEvent,
  type PersonEvents,
  type UserSearchResult,
} from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { setEventStatus } from '../src/modules/events/service.js';
import { OTHER_TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, usePlan, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

// The people directory (usersApi.search) lists people who host public events or chose to be
// listed, never a new account by default; a person's page lists their public events with counts
// that add up to what the page says (eventsApi.ofPerson).

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const at = (ms: number) => new Date(ms).toISOString();
/** A short random word, so the people this file makes are findable on a shared database. */
const tag = () => `d${randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function search(viewer: TestUser, searchText: string, tenant?: string): Promise<UserSearchResult> {
  const res = await call(t.app, 'POST', usersApi.search.path, { jwt: viewer.jwt, body: { searchText }, tenant });
  expect(res.statusCode, res.body).toBe(200);
  return UserSearchResultSchema.parse(res.json());
}
const found = async (viewer: TestUser, searchText: string, tenant?: string) => (await search(viewer, searchText, tenant)).users.map((u) => u.id);

async function setListed(user: TestUser, listed: boolean | undefined, extra: Record<string, unknown> = {}, tenant?: string) {
  const res = await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: user.name, listedInDirectory: listed, ...extra }, tenant });
  expect(res.statusCode, res.body).toBe(200);
}

async function listedOf(user: TestUser): Promise<boolean> {
  const res = await call(t.app, 'GET', usersApi.profile.path, { jwt: user.jwt });
  return ProfileSchema.parse(res.json()).listedInDirectory;
}

async function event(user: TestUser, opts: { from: number; hours?: number; publishOnDate?: string }): Promise<HubEvent> {
  const body = {
    name: `Directory ${randomUUID().slice(0, 8)}`,
    startDate: at(NOW + opts.from),
    endDate: at(NOW + opts.from + (opts.hours ?? 3) * HOUR),
    timeZone: 'UTC',
    publishOnDate: opts.publishOnDate,
    area: { latitude: -60 + Math.random() * 5, longitude: -20 + Math.random() * 5 },
  };
  const res = await call(t.app, 'POST', eventsApi.create.path, { jwt: user.jwt, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HubEvent;
}

async function admin(): Promise<TestUser> {
  const user = await signUp(t);
  await queryRows(t.app.ctx.db, sql`update users set roles = '{Admin}' where id = ${user.id}`);
  return user;
}
const hide = async (boss: TestUser, id: string) =>
  expect((await call(t.app, 'POST', pathOf(moderationApi.eventHide, { id }), { jwt: boss.jwt, body: { reason: 'Spam' } })).statusCode).toBe(200);

describe('the people directory (user/search/)', () => {
  it('does not list a new account to others until it chooses to be listed, and stops when it chooses not to be', async () => {
    const word = tag();
    const [newcomer, viewer] = await Promise.all([signUp(t, { name: `${word} Newcomer` }), signUp(t)]);
    expect(await listedOf(newcomer)).toBe(false);
    expect(await found(viewer, word)).toEqual([]);
    // Saving the profile without the choice keeps it as it is.
    await setListed(newcomer, undefined, { bio: 'Hello' });
    expect(await found(viewer, word)).toEqual([]);
    await setListed(newcomer, true);
    expect(await listedOf(newcomer)).toBe(true);
    expect(await search(viewer, word)).toMatchObject({ totalCount: 1, users: [{ id: newcomer.id, name: `${word} Newcomer`, isFollowing: false }] });
    await setListed(newcomer, undefined, { location: 'Lisbon' });
    expect(await found(viewer, word)).toEqual([newcomer.id]);
    // The choice is part of the person's data, in "Download my data" too.
    const exported = await call(t.app, 'GET', accountDataApi.export.path, { jwt: newcomer.jwt });
    expect(exported.json()).toMatchObject({ profile: { id: newcomer.id, location: 'Lisbon', listedInDirectory: true } });
    await setListed(newcomer, false);
    expect(await found(viewer, word)).toEqual([]);
  });

  it('lists hosts of public events, and not for a draft, a hidden event or while suspended', async () => {
    const word = tag();
    const [draftHost, hiddenHost, publicHost, viewer, boss] = await Promise.all(
      [`${word} Draft`, `${word} Hidden`, `${word} Public`].map((name) => signUp(t, { name })).concat([signUp(t), admin()]),
    );
    await event(draftHost, { from: DAY, publishOnDate: at(NOW + 5 * DAY) });
    const hidden = await event(hiddenHost, { from: DAY });
    await event(publicHost, { from: -10 * DAY }); // a past event counts: it is still public
    expect((await found(viewer, word)).sort()).toEqual([hiddenHost.id, publicHost.id].sort());
    await hide(boss, hidden.id);
    expect(await found(viewer, word)).toEqual([publicHost.id]);
    const suspend = await call(t.app, 'POST', pathOf(moderationApi.personSuspend, { id: publicHost.id }), { jwt: boss.jwt, body: { reason: 'Spam' } });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(await found(viewer, word)).toEqual([]);
  });

  it('keeps tenants apart and needs a sign-in', async () => {
    const word = tag();
    const here = await signUp(t, { name: `${word} Here` });
    const there = await signUp(t, { name: `${word} There`, tenant: OTHER_TENANT });
    await setListed(here, true);
    await setListed(there, true, {}, OTHER_TENANT);
    const viewerHere = await signUp(t);
    const viewerThere = await signUp(t, { tenant: OTHER_TENANT });
    expect(await found(viewerHere, word)).toEqual([here.id]);
    expect(await found(viewerThere, word, OTHER_TENANT)).toEqual([there.id]);
    expectProblem(await call(t.app, 'POST', usersApi.search.path, { body: { searchText: word } }), 401);
  });

  it('an unlisted person keeps a public page, and the admin console still finds everyone', async () => {
    const word = tag();
    const [hidden, boss] = await Promise.all([signUp(t, { name: `${word} Quiet` }), admin()]);
    const page = await call(t.app, 'GET', pathOf(usersApi.getPublic, { id: hidden.id }));
    expect(PersonSchema.parse(page.json())).toMatchObject({ id: hidden.id, eventCount: 0 });
    const res = await call(t.app, 'GET', `${moderationApi.people.path}?q=${word}`, { jwt: boss.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { people: { id: string }[] }).people.map((p) => p.id)).toEqual([hidden.id]);
  });

  it('refuses a listedInDirectory that is not a boolean (400)', async () => {
    const user = await signUp(t);
    const res = await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: user.name, listedInDirectory: 'yes' } });
    expect(expectProblem(res, 400).errors?.listedInDirectory).toEqual([expect.any(String)]);
    expect(await listedOf(user)).toBe(false);
  });
});

describe("a person's public events (event/person/{id})", () => {
  let hostUser: TestUser;
  let past: HubEvent[];
  let upcoming: HubEvent[];
  let running: HubEvent;
  beforeAll(async () => {
    hostUser = await signUp(t, { name: `${tag()} Host` });
    await usePlan(t, hostUser, 'Pro');
    const boss = await admin();
    // 22 upcoming (more than a page), one running now, 3 past; a draft and a hidden one besides.
    upcoming = [];
    for (let i = 0; i < 22; i++) upcoming.push(await event(hostUser, { from: (i + 1) * DAY }));
    running = await event(hostUser, { from: -HOUR, hours: 3 });
    past = [];
    for (let i = 0; i < 3; i++) past.push(await event(hostUser, { from: -(i + 2) * DAY }));
    await event(hostUser, { from: 2 * DAY, publishOnDate: at(NOW + 30 * DAY) });
    await hide(boss, (await event(hostUser, { from: 3 * DAY })).id);
    await setEventStatus({ ctx: t.app.ctx, eventId: upcoming[21].id, status: EventStatus.Canceled });
  });

  async function page(when: string, pageNumber = 1, viewer?: TestUser): Promise<PersonEvents> {
    const res = await call(t.app, 'GET', `${pathOf(eventsApi.ofPerson, { id: hostUser.id })}?when=${when}&pageNumber=${pageNumber}`, { jwt: viewer?.jwt });
    expect(res.statusCode, res.body).toBe(200);
    return PersonEventsSchema.strict().parse(res.json());
  }

  it('lists upcoming events soonest first (those on now included), a page at a time, without drafts or hidden ones', async () => {
    const first = await page('upcoming');
    expect(first).toMatchObject({ when: 'upcoming', totalCount: 23, pageNumber: 1, pageSize: PERSON_EVENTS_PAGE_SIZE });
    expect(first.events.map((e) => e.id)).toEqual([running.id, ...upcoming.slice(0, 19).map((e) => e.id)]);
    const second = await page('upcoming', 2);
    expect(second.events.map((e) => e.id)).toEqual(upcoming.slice(19).map((e) => e.id));
    // A canceled event stays in the list, marked so.
    expect(second.events.at(-1)).toMatchObject({ id: upcoming[21].id, status: EventStatus.Canceled });
  });

  it('lists past events latest first, and the two counts add up to the eventCount of the person', async () => {
    const earlier = await page('past');
    expect(earlier).toMatchObject({ when: 'past', totalCount: 3 });
    expect(earlier.events.map((e) => e.id)).toEqual(past.map((e) => e.id));
    const person = PersonSchema.parse((await call(t.app, 'GET', pathOf(usersApi.getPublic, { id: hostUser.id }))).json());
    expect(person.eventCount).toBe(23 + 3);
  });

  it('shows the host the same as everyone (no drafts on the public page)', async () => {
    expect((await page('upcoming', 1, hostUser)).totalCount).toBe(23);
  });

  it('defaults to the first page of upcoming events; refuses a bad when or page (400) and an unknown person (404)', async () => {
    const res = await call(t.app, 'GET', pathOf(eventsApi.ofPerson, { id: hostUser.id }));
    expect(PersonEventsSchema.parse(res.json())).toMatchObject({ when: 'upcoming', pageNumber: 1, totalCount: 23 });
    expectProblem(await call(t.app, 'GET', `${pathOf(eventsApi.ofPerson, { id: hostUser.id })}?when=soon`), 400);
    expectProblem(await call(t.app, 'GET', `${pathOf(eventsApi.ofPerson, { id: hostUser.id })}?pageNumber=0`), 400);
    expectProblem(await call(t.app, 'GET', pathOf(eventsApi.ofPerson, { id: '7d3f5c1e-0000-4000-8000-0000000000d1' })), 404);
    expectProblem(await call(t.app, 'GET', pathOf(eventsApi.ofPerson, { id: hostUser.id }), { tenant: OTHER_TENANT }), 404);
  });
});
