import { afterEach, describe, expect, it, vi } from 'vitest';
import { usersApi, type Profile } from '@hubbub/contract';
import { fakeApi, problem } from '@/test/fake-api';
import { getProfile } from './get-profile';
import { updateProfile } from './update-profile';

const profile: Profile = { id: '7f1c2a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f', email: 'ada@example.com', name: 'Ada', bio: null, location: null, website: null, listedInDirectory: false, createdAt: '2026-01-01T00:00:00Z' };

describe('profile calls', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the signed-in profile', async () => {
    const api = fakeApi().on(usersApi.profile, profile);
    await expect(getProfile()).resolves.toEqual(profile);
    expect(api.all).toEqual([expect.objectContaining({ method: 'GET', path: usersApi.profile.path })]);
  });

  it('refuses a profile that breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi().on(usersApi.profile, { ...profile, email: undefined });
    await expect(getProfile()).rejects.toMatchObject({ code: 'unexpected' });
  });

  it('posts the update as given and passes a refusal on with its code', async () => {
    const update = { name: 'Ada', bio: null, location: 'London', website: null };
    const api = fakeApi().on(usersApi.updateProfile, { ok: true });
    await expect(updateProfile(update)).resolves.toEqual({ ok: true });
    expect(api.calls(usersApi.updateProfile)[0]).toMatchObject({ method: 'POST', body: update });

    fakeApi().on(usersApi.updateProfile, () => problem(401, 'unauthenticated', 'Sign in again.'));
    await expect(updateProfile(update)).rejects.toMatchObject({ status: 401, code: 'unauthenticated', message: 'Sign in again.' });
  });
});
