import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi, usersApi, type Profile } from '@hubbub/contract';
import { queryKeys } from '@/lib/api';
import { session } from '@/lib/session';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders, testQueryClient } from '@/test/render';
import { signIn, signOut } from '@/test/session';
import { ProfileForm } from './profile-form';

const ID = '7f1c2a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f';
const profile: Profile = {
  id: ID,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  bio: 'Loves engines.',
  location: null,
  website: null,
  listedInDirectory: false,
  createdAt: '2026-01-01T00:00:00Z',
};

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

describe('ProfileForm', () => {
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
  });

  it('starts from the saved profile, the email read-only', () => {
    fakeApi();
    renderWithProviders(<ProfileForm profile={profile} />);
    expect(field(/^Email/).value).toBe('ada@example.com');
    expect(field(/^Email/).readOnly).toBe(true);
    expect(field(/^Name/).value).toBe('Ada Lovelace');
    expect(field(/^Bio/).value).toBe('Loves engines.');
    expect(field(/^Location/).value).toBe('');
  });

  it('saves trimmed values, empty ones as null, and says so', async () => {
    const api = fakeApi().on(usersApi.updateProfile, { ok: true });
    const client = testQueryClient();
    client.setQueryData(queryKeys.profile, profile);
    client.setQueryData(queryKeys.users.person(ID), { id: ID });
    renderWithProviders(<ProfileForm profile={profile} />, { client });
    type(/^Name/, '  Ada King  ');
    type(/^Bio/, '   ');
    type(/^Location/, ' London ');
    type(/^Website/, ' https://ada.example ');
    save();

    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
    const [call] = api.calls(usersApi.updateProfile);
    expect(call).toMatchObject({ method: 'POST', body: { name: 'Ada King', bio: null, location: 'London', website: 'https://ada.example', listedInDirectory: false } });
    // The form's own page and every page showing the person read it again.
    expect(client.getQueryState(queryKeys.profile)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.users.person(ID))?.isInvalidated).toBe(true);
  });

  it('lists the person in the people directory only when they switch it on, and off again', async () => {
    const api = fakeApi().on(usersApi.updateProfile, { ok: true });
    const client = testQueryClient();
    client.setQueryData(queryKeys.users.search('', 1), { users: [] });
    renderWithProviders(<ProfileForm profile={profile} />, { client });
    // The switch's name is its label and description together.
    const listed = screen.getAllByRole('switch', { name: /^List me in the people directory/ }).find((el) => el instanceof HTMLInputElement) as HTMLInputElement;
    expect(listed.type).toBe('checkbox');
    expect(listed.checked).toBe(false);
    fireEvent.click(listed);
    save();
    await waitFor(() => expect(api.calls(usersApi.updateProfile)).toHaveLength(1));
    expect(api.calls(usersApi.updateProfile)[0].body).toMatchObject({ listedInDirectory: true });
    // The directory's lists read it again.
    expect(client.getQueryState(queryKeys.users.search('', 1))?.isInvalidated).toBe(true);
    fireEvent.click(listed);
    save();
    await waitFor(() => expect(api.calls(usersApi.updateProfile)).toHaveLength(2));
    expect(api.calls(usersApi.updateProfile)[1].body).toMatchObject({ listedInDirectory: false });
  });

  it('refreshes the signed-in name the header shows', async () => {
    const api = fakeApi()
      .on(usersApi.updateProfile, { ok: true })
      .on(authApi.user, { id: ID, email: 'ada@example.com', name: 'Ada King', roles: [], plan: 'Free', features: [], createdAt: '2026-01-01T00:00:00Z' });
    signIn({ id: ID, name: 'Ada Lovelace' });
    renderWithProviders(<ProfileForm profile={profile} />);
    type(/^Name/, 'Ada King');
    save();
    await waitFor(() => expect(session.getUser()?.name).toBe('Ada King'));
    expect(api.calls(authApi.user)).toHaveLength(1);
  });

  it('refuses an empty name and a website without http(s), sending nothing', async () => {
    const api = fakeApi();
    renderWithProviders(<ProfileForm profile={profile} />);
    type(/^Name/, '   ');
    type(/^Website/, 'ada.example');
    save();
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Website must start with http:// or https://.')).toBeTruthy();
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(api.all).toHaveLength(0);
  });

  it('refuses texts past their limits', async () => {
    const api = fakeApi();
    renderWithProviders(<ProfileForm profile={profile} />);
    type(/^Name/, 'n'.repeat(101));
    type(/^Bio/, 'b'.repeat(1001));
    type(/^Location/, 'l'.repeat(121));
    type(/^Website/, `https://${'w'.repeat(300)}`);
    save();
    expect(await screen.findByText('Name must be at most 100 characters.')).toBeTruthy();
    expect(screen.getByText('Bio must be at most 1000 characters.')).toBeTruthy();
    expect(screen.getByText('Location must be at most 120 characters.')).toBeTruthy();
    expect(screen.getByText('Website must be at most 300 characters.')).toBeTruthy();
    expect(api.all).toHaveLength(0);
  });

  it('puts the server’s field errors on their fields', async () => {
    fakeApi().on(usersApi.updateProfile, () => problem(400, 'validation', 'The profile is not valid.', { website: ['Website must start with http:// or https://.'] }));
    renderWithProviders(<ProfileForm profile={profile} />);
    save();
    expect(await screen.findByText('Website must start with http:// or https://.')).toBeTruthy();
    expect(field(/^Website/).getAttribute('aria-invalid')).toBe('true');
    // Every problem found its field: no alert above the form.
    expect(screen.queryByText('Could not save the profile')).toBeNull();
    expect(screen.queryByText('Your profile is saved.')).toBeNull();
  });

  it('shows what has no field above the form', async () => {
    fakeApi().on(usersApi.updateProfile, () => problem(409, 'conflict', 'The profile changed meanwhile.'));
    renderWithProviders(<ProfileForm profile={profile} />);
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not save the profile');
    expect(alert.textContent).toContain('The profile changed meanwhile.');
    expect(screen.queryByText('Your profile is saved.')).toBeNull();
  });

  it('clears the alert when the next save works', async () => {
    let fail = true;
    fakeApi().on(usersApi.updateProfile, () => (fail ? problem(409, 'conflict', 'Try again.') : { ok: true }));
    renderWithProviders(<ProfileForm profile={profile} />);
    save();
    expect(await screen.findByText('Try again.')).toBeTruthy();
    fail = false;
    save();
    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
    expect(screen.queryByText('Try again.')).toBeNull();
  });
});
