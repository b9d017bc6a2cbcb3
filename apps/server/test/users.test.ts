import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PersonSchema,
  ProfileSchema,
  RelationSchema,
  USER_SEARCH_PAGE_SIZE,
  UserSearchResultSchema,
  UserSummarySchema,
  authApi,
  pathOf,
  usersApi,
  type Person,
  type Profile,
  type UserSearchResult,
  type UserSummary,
} from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { PASSWORD, call, followPath, signUp, uniqueEmail, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** A 4xx answer: the status, a JSON Problem body, and the Problem's own status agreeing. */

/** A short random word, so names made by this file are findable on a shared database. */
const tag = () => `q${randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function profileOf(user: TestUser): Promise<Profile> {
  const res = await call(t.app, 'GET', usersApi.profile.path, { jwt: user.jwt });
  expect(res.statusCode).toBe(200);
  return ProfileSchema.parse(res.json());
}

async function personAs(id: string, viewer?: TestUser): Promise<Person> {
  const res = await call(t.app, 'GET', pathOf(usersApi.getPublic, { id }), { jwt: viewer?.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return PersonSchema.parse(res.json());
}

async function summaryOf(user: TestUser): Promise<UserSummary> {
  const res = await call(t.app, 'GET', usersApi.summary.path, { jwt: user.jwt });
  expect(res.statusCode).toBe(200);
  return UserSummarySchema.strict().parse(res.json());
}

async function search(user: TestUser, body: unknown): Promise<UserSearchResult> {
  const res = await call(t.app, 'POST', usersApi.search.path, { jwt: user.jwt, body });
  expect(res.statusCode, res.body).toBe(200);
  return UserSearchResultSchema.parse(res.json());
}

const follow = (who: TestUser, id: string) => call(t.app, 'POST', followPath(id), { jwt: who.jwt });
const unfollow = (who: TestUser, id: string) => call(t.app, 'DELETE', pathOf(usersApi.unfollow, { id }), { jwt: who.jwt });
const block = (who: TestUser, id: string, flag: 0 | 1) => call(t.app, 'POST', pathOf(usersApi.block, { id, flag }), { jwt: who.jwt });

const UNKNOWN_ID = '7d3f5c1e-0000-4000-8000-000000000001';

/** A new account is not in the people directory until it chooses to be (people-directory.test.ts); the search cases opt in. */
async function listed(user: TestUser): Promise<TestUser> {
  const res = await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: user.name, listedInDirectory: true } });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}
const signUpListed = async (opts: { name?: string } = {}) => listed(await signUp(t, opts));

describe('profile', () => {
  it('GET answers the signed-in profile', async () => {
    const user = await signUp(t, { name: 'Pat Profile' });
    const profile = await profileOf(user);
    expect(ProfileSchema.strict().parse(profile)).toEqual({
      id: user.id,
      email: user.email,
      name: 'Pat Profile',
      bio: null,
      location: null,
      website: null,
      listedInDirectory: false,
      createdAt: expect.any(String),
    });
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);
  });

  it('POST saves a trimmed profile (200 means success), ignoring unknown fields', async () => {
    const user = await signUp(t);
    const res = await call(t.app, 'POST', usersApi.updateProfile.path, {
      jwt: user.jwt,
      body: {
        name: '  Robin Q  ',
        bio: '  Plays records.  ',
        location: ' Leeds ',
        website: ' https://robin.example/music ',
        email: 'hijack@example.test',
        id: randomUUID(),
        roles: ['Admin'],
        plan: 'Enterprise',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const profile = await profileOf(user);
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Robin Q',
      bio: 'Plays records.',
      location: 'Leeds',
      website: 'https://robin.example/music',
    });
    const account = await call(t.app, 'GET', authApi.user.path, { jwt: user.jwt });
    expect(account.json()).toMatchObject({ id: user.id, roles: [], plan: 'Free', name: 'Robin Q' });
  });

  it('accepts http:// websites and clears optional fields sent empty or null', async () => {
    const user = await signUp(t);
    await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: 'A', bio: 'b', location: 'c', website: 'http://a.example' } });
    expect((await profileOf(user)).website).toBe('http://a.example');
    const res = await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: 'A', bio: '', location: '   ', website: null } });
    expect(res.statusCode).toBe(200);
    expect(await profileOf(user)).toMatchObject({ name: 'A', bio: null, location: null, website: null });
  });

  it('accepts the longest allowed values', async () => {
    const user = await signUp(t);
    const body = { name: 'n'.repeat(100), bio: 'b'.repeat(1000), location: 'l'.repeat(120), website: `https://${'w'.repeat(290)}` };
    expect((await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body })).statusCode).toBe(200);
    expect(await profileOf(user)).toMatchObject(body);
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['no name', { bio: 'hello' }, 'name'],
    ['a name of the wrong type', { name: 42 }, 'name'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name'],
    ['a website without a scheme', { name: 'Ok', website: 'example.com' }, 'website'],
    ['an ftp website', { name: 'Ok', website: 'ftp://example.com' }, 'website'],
    ['a javascript: website', { name: 'Ok', website: 'javascript:alert(1)' }, 'website'],
    ['a website with spaces', { name: 'Ok', website: 'https://a b.example' }, 'website'],
    ['a website over 300 characters', { name: 'Ok', website: `https://${'w'.repeat(300)}` }, 'website'],
    ['a bio over 1000 characters', { name: 'Ok', bio: 'b'.repeat(1001) }, 'bio'],
    ['a location over 120 characters', { name: 'Ok', location: 'l'.repeat(121) }, 'location'],
  ])('refuses %s with 400 and changes nothing', async (_label, body, field) => {
    const user = await signUp(t);
    await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: 'Before', bio: 'Old bio', location: 'Old', website: 'https://old.example' } });
    const before = await profileOf(user);
    const res = await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body });
    const problem = expectProblem(res, 400);
    expect(problem.errors?.[field]).toEqual([expect.any(String)]);
    expect(await profileOf(user)).toEqual(before);
  });

  it.each([
    ['malformed JSON', { rawBody: '{"name":' }],
    ['a JSON array', { rawBody: '[]' }],
    ['an empty JSON body', { rawBody: '' }],
    ['JSON null', { rawBody: 'null' }],
  ])('refuses %s with 400 and changes nothing', async (_label, opts) => {
    const user = await signUp(t);
    const before = await profileOf(user);
    expectProblem(await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, ...opts }), 400);
    expect(await profileOf(user)).toEqual(before);
  });

  it('needs a bearer token (401) for GET and POST', async () => {
    const user = await signUp(t);
    const before = await profileOf(user);
    expectProblem(await call(t.app, 'GET', usersApi.profile.path), 401);
    expectProblem(await call(t.app, 'POST', usersApi.updateProfile.path, { body: { name: 'Nobody' } }), 401);
    expectProblem(await call(t.app, 'POST', usersApi.updateProfile.path, { body: { name: 'Nobody' }, jwt: 'not-a-jwt' }), 401);
    expect(await profileOf(user)).toEqual(before);
  });

  it('refuses the token of a logged-out session', async () => {
    const user = await signUp(t);
    expect((await call(t.app, 'GET', authApi.logout.path, { jwt: user.jwt })).statusCode).toBe(200);
    expectProblem(await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body: { name: 'After logout' } }), 401);
    const again = await call(t.app, 'POST', authApi.login.path, { body: { email: user.email, password: PASSWORD } });
    expect((await profileOf({ ...user, jwt: again.json().jwt })).name).toBe(user.name);
  });
});

describe('people', () => {
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([signUp(t, { name: 'Alma' }), signUp(t, { name: 'Bert' }), signUp(t, { name: 'Cleo' })]);
    await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: a.jwt, body: { name: 'Alma', bio: 'Bio of Alma', location: 'Oslo', website: 'https://alma.example' } });
    // b and c follow a; a follows b.
    for (const [who, id] of [[b, a.id], [c, a.id], [a, b.id]] as const) expect((await follow(who, id)).statusCode).toBe(200);
  });

  it('public/{id} without a token shows the person, counts right, relation flags false', async () => {
    const person = await personAs(a.id);
    expect(PersonSchema.strict().parse(person)).toEqual({
      id: a.id,
      name: 'Alma',
      bio: 'Bio of Alma',
      location: 'Oslo',
      website: 'https://alma.example',
      createdAt: expect.any(String),
      eventCount: 0,
      followerCount: 2,
      followingCount: 1,
      isSelf: false,
      isFollowing: false,
      isFollower: false,
      isBlocked: false,
    });
    expect(person).not.toHaveProperty('email');
  });

  it('public/{id} with a token fills the relation flags for the viewer', async () => {
    expect(await personAs(a.id, b)).toMatchObject({ isSelf: false, isFollowing: true, isFollower: true, isBlocked: false });
    expect(await personAs(a.id, c)).toMatchObject({ isSelf: false, isFollowing: true, isFollower: false, isBlocked: false });
    expect(await personAs(b.id, a)).toMatchObject({ isSelf: false, isFollowing: true, isFollower: true, followerCount: 1, followingCount: 1 });
    expect(await personAs(a.id, a)).toMatchObject({ isSelf: true, isFollowing: false, isFollower: false, isBlocked: false });
  });

  it('public/{id} refuses a bad token rather than ignoring it', async () => {
    expectProblem(await call(t.app, 'GET', pathOf(usersApi.getPublic, { id: a.id }), { jwt: 'not-a-jwt' }), 401);
  });

  it('user/{id} needs a token and answers the same person with relation flags', async () => {
    expectProblem(await call(t.app, 'GET', pathOf(usersApi.get, { id: a.id })), 401);
    const res = await call(t.app, 'GET', pathOf(usersApi.get, { id: a.id }), { jwt: b.jwt });
    expect(res.statusCode).toBe(200);
    expect(PersonSchema.parse(res.json())).toEqual(await personAs(a.id, b));
  });

  it.each(['nope', '123', `${randomUUID()}x`, ' '])('refuses the bad id %j with 400', async (id) => {
    expectProblem(await call(t.app, 'GET', pathOf(usersApi.getPublic, { id })), 400);
    expectProblem(await call(t.app, 'GET', pathOf(usersApi.getPublic, { id }), { jwt: a.jwt }), 400);
    const problem = expectProblem(await call(t.app, 'GET', pathOf(usersApi.get, { id }), { jwt: a.jwt }), 400);
    expect(problem.errors?.id).toEqual([expect.any(String)]);
  });

  it('answers an unknown uuid with 404', async () => {
    expectProblem(await call(t.app, 'GET', pathOf(usersApi.getPublic, { id: UNKNOWN_ID })), 404);
    expectProblem(await call(t.app, 'GET', pathOf(usersApi.get, { id: UNKNOWN_ID }), { jwt: a.jwt }), 404);
  });
});

describe('follow and unfollow', () => {
  it('follows with an empty body and no content-type; counts update on both people', async () => {
    const [fan, star] = await Promise.all([signUp(t), signUp(t)]);
    const res = await call(t.app, 'POST', followPath(star.id), { jwt: fan.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(RelationSchema.strict().parse(res.json())).toEqual({ userId: star.id, isFollowing: true, isBlocked: false });
    expect(await summaryOf(fan)).toEqual({ eventCount: 0, followerCount: 0, followingCount: 1 });
    expect(await summaryOf(star)).toEqual({ eventCount: 0, followerCount: 1, followingCount: 0 });
    expect(await personAs(star.id)).toMatchObject({ followerCount: 1, followingCount: 0 });
    expect(await personAs(fan.id)).toMatchObject({ followerCount: 0, followingCount: 1 });
    expect(await personAs(star.id, fan)).toMatchObject({ isFollowing: true, isFollower: false });
    expect(await personAs(fan.id, star)).toMatchObject({ isFollowing: false, isFollower: true });
  });

  it('follows with content-type application/json and an empty body', async () => {
    const [fan, star] = await Promise.all([signUp(t), signUp(t)]);
    const res = await call(t.app, 'POST', followPath(star.id), { jwt: fan.jwt, rawBody: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: star.id, isFollowing: true, isBlocked: false });
    expect(await summaryOf(star)).toMatchObject({ followerCount: 1 });
  });

  it('is idempotent: following twice keeps one follow', async () => {
    const [fan, star] = await Promise.all([signUp(t), signUp(t)]);
    expect((await follow(fan, star.id)).statusCode).toBe(200);
    const again = await follow(fan, star.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ userId: star.id, isFollowing: true, isBlocked: false });
    expect(await summaryOf(star)).toMatchObject({ followerCount: 1 });
    expect(await summaryOf(fan)).toMatchObject({ followingCount: 1 });
  });

  it('refuses following yourself with 400 and changes nothing', async () => {
    const me = await signUp(t);
    const problem = expectProblem(await follow(me, me.id), 400);
    expect(problem.detail).toMatch(/yourself/);
    expect(await summaryOf(me)).toEqual({ eventCount: 0, followerCount: 0, followingCount: 0 });
  });

  it.each([
    ['no userId', `${followPath('').split('?')[0]}`],
    ['an empty userId', followPath('')],
    ['a non-uuid userId', followPath('nope')],
    ['a numeric userId', followPath('123')],
  ])('refuses %s with 400', async (_label, url) => {
    const me = await signUp(t);
    const problem = expectProblem(await call(t.app, 'POST', url, { jwt: me.jwt }), 400);
    expect(problem.errors?.userId).toEqual([expect.any(String)]);
    expect(await summaryOf(me)).toMatchObject({ followingCount: 0 });
  });

  it('answers an unknown user with 404', async () => {
    const me = await signUp(t);
    expectProblem(await follow(me, UNKNOWN_ID), 404);
    expect(await summaryOf(me)).toMatchObject({ followingCount: 0 });
  });

  it('needs a token (401)', async () => {
    const star = await signUp(t);
    expectProblem(await call(t.app, 'POST', followPath(star.id)), 401);
    expectProblem(await call(t.app, 'DELETE', pathOf(usersApi.unfollow, { id: star.id })), 401);
    expect(await summaryOf(star)).toMatchObject({ followerCount: 0 });
  });

  it('unfollows with DELETE, idempotently', async () => {
    const [fan, star] = await Promise.all([signUp(t), signUp(t)]);
    await follow(fan, star.id);
    const res = await unfollow(fan, star.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: star.id, isFollowing: false, isBlocked: false });
    expect(await summaryOf(star)).toMatchObject({ followerCount: 0 });
    expect(await summaryOf(fan)).toMatchObject({ followingCount: 0 });
    const again = await unfollow(fan, star.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isFollowing: false });
  });

  it('refuses unfollowing yourself (400), a bad id (400) and an unknown id (404)', async () => {
    const [fan, star] = await Promise.all([signUp(t), signUp(t)]);
    await follow(fan, star.id);
    expectProblem(await unfollow(fan, fan.id), 400);
    expectProblem(await unfollow(fan, 'nope'), 400);
    expectProblem(await unfollow(fan, UNKNOWN_ID), 404);
    expect(await summaryOf(fan)).toMatchObject({ followingCount: 1 });
  });

  it('unfollowing only ends your own follow', async () => {
    const [x, y] = await Promise.all([signUp(t), signUp(t)]);
    await follow(x, y.id);
    await follow(y, x.id);
    await unfollow(x, y.id);
    expect(await personAs(x.id, y)).toMatchObject({ isFollowing: true, isFollower: false });
  });
});

describe('block', () => {
  it('blocking ends the follows both ways and sets isBlocked', async () => {
    const [blocker, pest] = await Promise.all([signUp(t), signUp(t)]);
    await follow(blocker, pest.id);
    await follow(pest, blocker.id);
    const res = await block(blocker, pest.id, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(RelationSchema.strict().parse(res.json())).toEqual({ userId: pest.id, isFollowing: false, isBlocked: true });
    expect(await summaryOf(blocker)).toEqual({ eventCount: 0, followerCount: 0, followingCount: 0 });
    expect(await summaryOf(pest)).toEqual({ eventCount: 0, followerCount: 0, followingCount: 0 });
    expect(await personAs(pest.id, blocker)).toMatchObject({ isBlocked: true, isFollowing: false, isFollower: false });
    // Blocking twice is harmless.
    expect((await block(blocker, pest.id, 1)).json()).toEqual({ userId: pest.id, isFollowing: false, isBlocked: true });
  });

  it('a blocked person cannot follow the blocker (403)', async () => {
    const [blocker, pest] = await Promise.all([signUp(t), signUp(t)]);
    await block(blocker, pest.id, 1);
    const problem = expectProblem(await follow(pest, blocker.id), 403);
    expect(problem.detail).toMatch(/blocked/);
    expect(await summaryOf(blocker)).toMatchObject({ followerCount: 0 });
    expect(await personAs(blocker.id, pest)).toMatchObject({ isFollowing: false });
  });

  it('the blocker gets 409 following the blocked person until unblocking', async () => {
    const [blocker, pest] = await Promise.all([signUp(t), signUp(t)]);
    await block(blocker, pest.id, 1);
    expectProblem(await follow(blocker, pest.id), 409);
    expect(await summaryOf(blocker)).toMatchObject({ followingCount: 0 });
    const un = await block(blocker, pest.id, 0);
    expect(un.statusCode).toBe(200);
    expect(un.json()).toEqual({ userId: pest.id, isFollowing: false, isBlocked: false });
    expect((await follow(blocker, pest.id)).statusCode).toBe(200);
    expect((await follow(pest, blocker.id)).statusCode).toBe(200);
    expect(await summaryOf(blocker)).toMatchObject({ followingCount: 1, followerCount: 1 });
  });

  it('unblocking someone not blocked is harmless and keeps follows', async () => {
    const [x, y] = await Promise.all([signUp(t), signUp(t)]);
    await follow(x, y.id);
    const res = await block(x, y.id, 0);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: y.id, isFollowing: true, isBlocked: false });
  });

  it('search hides people who blocked the viewer, but not people the viewer blocked', async () => {
    const word = tag();
    const [blocker, pest] = await Promise.all([signUpListed({ name: `${word} Blocker` }), signUpListed({ name: `${word} Pest` })]);
    expect((await search(pest, { searchText: word })).users.map((u) => u.id)).toEqual([blocker.id]);
    await block(blocker, pest.id, 1);
    const hidden = await search(pest, { searchText: word });
    expect(hidden.users).toEqual([]);
    expect(hidden.totalCount).toBe(0);
    expect((await search(blocker, { searchText: word })).users.map((u) => u.id)).toEqual([pest.id]);
    await block(blocker, pest.id, 0);
    expect((await search(pest, { searchText: word })).users.map((u) => u.id)).toEqual([blocker.id]);
  });

  it.each([
    ['flag 2', (id: string) => `${pathOf(usersApi.block, { id, flag: 1 }).slice(0, -1)}2`],
    ['flag x', (id: string) => `${pathOf(usersApi.block, { id, flag: 1 }).slice(0, -1)}x`],
    ['flag -1', (id: string) => `${pathOf(usersApi.block, { id, flag: 1 }).slice(0, -1)}-1`],
    ['a bad id', () => pathOf(usersApi.block, { id: 'nope', flag: 1 })],
  ])('refuses %s with 400 and changes nothing', async (_label, url) => {
    const [x, y] = await Promise.all([signUp(t), signUp(t)]);
    await follow(x, y.id);
    expectProblem(await call(t.app, 'POST', url(y.id), { jwt: x.jwt }), 400);
    expect(await personAs(y.id, x)).toMatchObject({ isBlocked: false, isFollowing: true });
  });

  it('refuses blocking yourself (400), an unknown id (404), and without a token (401)', async () => {
    const [x, y] = await Promise.all([signUp(t), signUp(t)]);
    await follow(y, x.id);
    expectProblem(await block(x, x.id, 1), 400);
    expectProblem(await block(x, UNKNOWN_ID, 1), 404);
    expectProblem(await call(t.app, 'POST', pathOf(usersApi.block, { id: y.id, flag: 1 })), 401);
    expect(await personAs(y.id, x)).toMatchObject({ isBlocked: false, isFollower: true });
    expect(await personAs(x.id, x)).toMatchObject({ isBlocked: false, followerCount: 1 });
  });
});

describe('search', () => {
  const word = tag();
  let viewer: TestUser;
  let people: TestUser[];
  beforeAll(async () => {
    // 22 matching people: more than one page of USER_SEARCH_PAGE_SIZE (20).
    viewer = await signUp(t, { name: `${word} Viewer` });
    people = await Promise.all(
      Array.from({ length: 22 }, (_, i) => signUpListed({ name: `${word} Member ${String(i).padStart(2, '0')}` })),
    );
    expect(people.length).toBeGreaterThan(USER_SEARCH_PAGE_SIZE);
  });

  it('finds people by a case-insensitive name substring, sorted by name, without the viewer', async () => {
    const res = await search(viewer, { searchText: `  ${word.toUpperCase()} mEmBeR  ` });
    expect(res).toMatchObject({ totalCount: 22, pageNumber: 1, pageSize: USER_SEARCH_PAGE_SIZE, searchText: `${word.toUpperCase()} mEmBeR` });
    expect(res.users).toHaveLength(USER_SEARCH_PAGE_SIZE);
    expect(res.users.map((u) => u.name)).toEqual(people.slice(0, 20).map((p) => p.name));
    expect(res.users[0]).toEqual({ id: people[0].id, name: people[0].name, location: null, isFollowing: false });
    const all = await search(viewer, { searchText: word });
    expect(all.totalCount).toBe(22);
    expect(all.users.map((u) => u.id)).not.toContain(viewer.id);
  });

  it('pages with pageNumber', async () => {
    const second = await search(viewer, { searchText: word, pageNumber: 2 });
    expect(second).toMatchObject({ totalCount: 22, pageNumber: 2, pageSize: USER_SEARCH_PAGE_SIZE });
    expect(second.users.map((u) => u.id)).toEqual(people.slice(20).map((p) => p.id));
    const beyond = await search(viewer, { searchText: word, pageNumber: 3 });
    expect(beyond).toMatchObject({ totalCount: 22, pageNumber: 3, users: [] });
  });

  it('marks the people the viewer follows', async () => {
    await follow(viewer, people[1].id);
    const res = await search(viewer, { searchText: people[1].name });
    expect(res.users).toEqual([{ id: people[1].id, name: people[1].name, location: null, isFollowing: true }]);
  });

  it('does not list unverified people', async () => {
    const email = uniqueEmail();
    const name = `${word} Unverified`;
    const reg = await call(t.app, 'POST', authApi.register.path, { body: { email, name, password: PASSWORD } });
    expect(reg.statusCode).toBe(201);
    expect((await search(viewer, { searchText: name })).users).toEqual([]);
  });

  it('treats % and _ in searchText literally', async () => {
    const w = tag();
    const [pct, notPct, under, notUnder, slash] = await Promise.all([
      signUpListed({ name: `${w} 100% sure` }),
      signUpListed({ name: `${w} 1000 sure` }),
      signUpListed({ name: `${w} snake_case` }),
      signUpListed({ name: `${w} snakeXcase` }),
      signUpListed({ name: `${w} back\\slash` }),
    ]);
    expect((await search(viewer, { searchText: `${w} 100%` })).users.map((u) => u.id)).toEqual([pct.id]);
    expect((await search(viewer, { searchText: `${w} snake_` })).users.map((u) => u.id)).toEqual([under.id]);
    expect((await search(viewer, { searchText: `${w} back\\s` })).users.map((u) => u.id)).toEqual([slash.id]);
    const percent = await search(viewer, { searchText: '%' });
    expect(percent.users.map((u) => u.id)).toContain(pct.id);
    expect(percent.users.map((u) => u.id)).not.toContain(notPct.id);
    const underscore = await search(viewer, { searchText: `${w} snake` });
    expect(underscore.users.map((u) => u.id).sort()).toEqual([under.id, notUnder.id].sort());
  });

  it('also matches the location', async () => {
    const w = tag();
    const host = await signUpListed({ name: 'Located Person' });
    await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: host.jwt, body: { name: 'Located Person', location: `Town ${w}` } });
    expect((await search(viewer, { searchText: w })).users).toEqual([{ id: host.id, name: 'Located Person', location: `Town ${w}`, isFollowing: false }]);
  });

  it('defaults to the first page of everyone when the criteria are empty', async () => {
    const res = await search(viewer, {});
    expect(res).toMatchObject({ pageNumber: 1, pageSize: USER_SEARCH_PAGE_SIZE, searchText: '' });
    expect(res.users.length).toBeGreaterThan(0);
    expect(res.users.length).toBeLessThanOrEqual(USER_SEARCH_PAGE_SIZE);
    expect(res.users.map((u) => u.id)).not.toContain(viewer.id);
  });

  it.each([
    ['pageNumber 0', { searchText: 'a', pageNumber: 0 }, 'pageNumber'],
    ['pageNumber -1', { searchText: 'a', pageNumber: -1 }, 'pageNumber'],
    ['pageNumber 1.5', { searchText: 'a', pageNumber: 1.5 }, 'pageNumber'],
    ["pageNumber 'x'", { searchText: 'a', pageNumber: 'x' }, 'pageNumber'],
    ['a searchText over 100 characters', { searchText: 's'.repeat(101) }, 'searchText'],
    ['a searchText of the wrong type', { searchText: 42 }, 'searchText'],
  ])('refuses %s with 400', async (_label, body, field) => {
    const problem = expectProblem(await call(t.app, 'POST', usersApi.search.path, { jwt: viewer.jwt, body }), 400);
    expect(problem.errors?.[field]).toEqual([expect.any(String)]);
  });

  it('refuses malformed JSON (400) and a missing token (401)', async () => {
    expectProblem(await call(t.app, 'POST', usersApi.search.path, { jwt: viewer.jwt, rawBody: '{' }), 400);
    expectProblem(await call(t.app, 'POST', usersApi.search.path, { body: { searchText: word } }), 401);
  });
});

describe('summary', () => {
  it('counts events (0), followers and following of the signed-in user', async () => {
    const [me, x, y] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    expect(await summaryOf(me)).toEqual({ eventCount: 0, followerCount: 0, followingCount: 0 });
    await follow(me, x.id);
    await follow(x, me.id);
    await follow(y, me.id);
    expect(await summaryOf(me)).toEqual({ eventCount: 0, followerCount: 2, followingCount: 1 });
    expect(await summaryOf(x)).toEqual({ eventCount: 0, followerCount: 1, followingCount: 1 });
    expect(await summaryOf(y)).toEqual({ eventCount: 0, followerCount: 0, followingCount: 1 });
  });

  it('needs a token (401)', async () => {
    expectProblem(await call(t.app, 'GET', usersApi.summary.path), 401);
  });
});

describe('ids in any letter case', () => {
  it('finds a person by the upper-case form of their id', async () => {
    const person = await signUp(t);
    expect((await personAs(person.id.toUpperCase())).id).toBe(person.id);
  });
});

describe('hardening', () => {
  // users/service.ts requireOther compares the raw query/path string with the jwt's lower-case id
  // (`userId === auth.userId`), while PostgreSQL compares uuids case-insensitively: the upper-case
  // form of your own id slips past the self check, so you can follow (or block) yourself.
  it('refuses following or blocking yourself by the upper-case form of your id (400), storing nothing', async () => {
    const me = await signUp(t);
    expectProblem(await follow(me, me.id.toUpperCase()), 400);
    expectProblem(await block(me, me.id.toUpperCase(), 1), 400);
    expect(await summaryOf(me)).toEqual({ eventCount: 0, followerCount: 0, followingCount: 0 });
    expect(await personAs(me.id, me)).toMatchObject({ isSelf: true, isFollowing: false, isFollower: false, isBlocked: false });
  });

  // The contract's text schemas (packages/contract/src/user.ts ProfileUpdateSchema, UserSearchCriteriaSchema,
  // PersonNameSchema in auth.ts) accept U+0000, which PostgreSQL text cannot store (error 22021): the
  // query fails and the server answers 500 instead of a 400 Problem.
  it('refuses a NUL character in profile fields and in searchText with 400, changing nothing', async () => {
    const user = await signUp(t);
    const before = await profileOf(user);
    for (const body of [{ name: 'a\u0000b' }, { name: 'Ok', bio: 'a\u0000b' }, { name: 'Ok', location: '\u0000' }]) {
      expectProblem(await call(t.app, 'POST', usersApi.updateProfile.path, { jwt: user.jwt, body }), 400);
    }
    expect(await profileOf(user)).toEqual(before);
    expectProblem(await call(t.app, 'POST', usersApi.search.path, { jwt: user.jwt, body: { searchText: 'a\u0000b' } }), 400);
  });
});
