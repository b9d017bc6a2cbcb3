import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf, usersApi, type Person } from '@hubbub/contract';
import { fakeApi, problem } from '@/test/fake-api';
import { getPerson } from './get-person';
import { getUserSummary } from './get-user-summary';
import { blockUser, followUser, unfollowUser } from './relations';
import { searchUsers } from './search-users';

const ID = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';
const relation = { userId: ID, isFollowing: false, isBlocked: false };

describe('people calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows with the id in the query and an empty body', async () => {
    const api = fakeApi().on(usersApi.follow, { ...relation, isFollowing: true });
    await expect(followUser(ID)).resolves.toEqual({ ...relation, isFollowing: true });
    const [call] = api.all;
    expect(call).toMatchObject({ method: 'POST', path: usersApi.follow.path, body: undefined });
    expect([...call.query]).toEqual([['userId', ID]]);
    expect(call.headers['Content-Type']).toBeUndefined();
  });

  it('unfollows by the person’s address', async () => {
    const api = fakeApi().on(usersApi.unfollow, relation);
    await unfollowUser(ID);
    expect(api.all).toEqual([expect.objectContaining({ method: 'DELETE', path: pathOf(usersApi.unfollow, { id: ID }) })]);
  });

  it('blocks with flag 1 and unblocks with flag 0', async () => {
    const api = fakeApi().on(usersApi.block, relation);
    await blockUser({ userId: ID, block: true });
    await blockUser({ userId: ID, block: false });
    expect(api.all.map((c) => c.path)).toEqual([pathOf(usersApi.block, { id: ID, flag: 1 }), pathOf(usersApi.block, { id: ID, flag: 0 })]);
  });

  it('passes a refused relation on with its code', async () => {
    fakeApi().on(usersApi.follow, () => problem(409, 'conflict', 'You already follow them.'));
    await expect(followUser(ID)).rejects.toMatchObject({ status: 409, code: 'conflict', message: 'You already follow them.' });
  });

  it('searches with the criteria as the body', async () => {
    const result = { totalCount: 0, pageNumber: 2, pageSize: 20, searchText: 'ada', users: [] };
    const api = fakeApi().on(usersApi.search, result);
    await expect(searchUsers({ searchText: 'ada', pageNumber: 2 })).resolves.toEqual(result);
    expect(api.all[0]).toMatchObject({ method: 'POST', body: { searchText: 'ada', pageNumber: 2 } });
  });

  it('reads a person by id, and the signed-in person’s counts', async () => {
    const person: Person = { id: ID, name: 'Ada', bio: null, location: null, website: null, createdAt: '2026-01-01T00:00:00Z', eventCount: 0, followerCount: 0, followingCount: 0, isSelf: false, isFollowing: false, isFollower: false, isBlocked: false };
    const api = fakeApi().on(usersApi.getPublic, person).on(usersApi.summary, { eventCount: 1, followerCount: 2, followingCount: 3 });
    await expect(getPerson(ID)).resolves.toEqual(person);
    await expect(getUserSummary()).resolves.toEqual({ eventCount: 1, followerCount: 2, followingCount: 3 });
    expect(api.all.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${pathOf(usersApi.getPublic, { id: ID })}`, `GET ${usersApi.summary.path}`]);
  });
});
