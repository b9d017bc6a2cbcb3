import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatNumber, pathOf, usersApi, type Person } from '@hubbub/contract';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { usePerson } from '../api/get-person';
import { PersonProfile } from './person-profile';

const ADA = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';

const person = (over: Partial<Person> = {}): Person => ({
  id: ADA,
  name: 'Ada Lovelace',
  bio: 'Poet of science.\nEngines, mostly.',
  location: 'London',
  website: 'https://ada.example/notes',
  createdAt: '2025-06-15T12:00:00Z',
  eventCount: 12,
  followerCount: 1234,
  followingCount: 0,
  isSelf: false,
  isFollowing: false,
  isFollower: true,
  isBlocked: false,
  ...over,
});

/** As the person page composes it: the profile of what the server answers now. */
function PersonPage({ signedIn = true }: { signedIn?: boolean }) {
  const query = usePerson(ADA);
  return query.data ? <PersonProfile person={query.data} signedIn={signedIn} loginPath="/login?returnTo=%2Fperson" /> : null;
}

/** A server that keeps the relation: follow, unfollow and block change what `getPublic` answers next. */
function relationServer(start: Partial<Person> = {}) {
  let current = person(start);
  const relation = () => ({ userId: ADA, isFollowing: current.isFollowing, isBlocked: current.isBlocked });
  return fakeApi()
    .on(usersApi.getPublic, () => current)
    .on(usersApi.follow, () => {
      current = { ...current, isFollowing: true, followerCount: current.followerCount + 1 };
      return relation();
    })
    .on(usersApi.unfollow, () => {
      current = { ...current, isFollowing: false, followerCount: current.followerCount - 1 };
      return relation();
    })
    .on(usersApi.block, (call) => {
      const block = call.path.endsWith('/1');
      current = { ...current, isBlocked: block, isFollowing: block ? false : current.isFollowing };
      return relation();
    });
}

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PersonProfile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who the person is, their counts and how they relate to you', async () => {
    relationServer();
    renderWithProviders(<PersonPage />);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('Follows you')).toBeTruthy();
    expect(screen.getByText('London')).toBeTruthy();
    expect(screen.getByText(`Joined ${formatDate('2025-06-15T12:00:00Z', { weekday: false, year: true })}`)).toBeTruthy();
    expect(screen.getByText(/Poet of science/).textContent).toBe('Poet of science.\nEngines, mostly.');
    const site = screen.getByRole('link', { name: 'ada.example/notes' });
    expect(site.getAttribute('href')).toBe('https://ada.example/notes');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(stat('Events')).toBe('12');
    expect(stat('Followers')).toBe(formatNumber(1234));
    expect(stat('Following')).toBe('0');
  });

  it('follows, and the page shows the new relation and count', async () => {
    const api = relationServer();
    renderWithProviders(<PersonPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow Ada Lovelace' }));

    const following = await screen.findByRole('button', { name: 'Following Ada Lovelace' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(stat('Followers')).toBe(formatNumber(1235)));
    expect(api.calls(usersApi.follow)[0].query.get('userId')).toBe(ADA);
  });

  it('unfollows', async () => {
    const api = relationServer({ isFollowing: true });
    renderWithProviders(<PersonPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Following Ada Lovelace' }));
    expect(await screen.findByRole('button', { name: 'Follow Ada Lovelace' })).toBeTruthy();
    expect(api.calls(usersApi.unfollow, { id: ADA })).toHaveLength(1);
  });

  it('blocks only after asking, then offers Unblock and no Follow', async () => {
    const api = relationServer({ isFollowing: true });
    renderWithProviders(<PersonPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ada Lovelace?' });
    expect(dialog.textContent).toMatch(/you will stop following them/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('Ada Lovelace is blocked.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    expect(api.calls(usersApi.block)).toEqual([expect.objectContaining({ method: 'POST', path: pathOf(usersApi.block, { id: ADA, flag: 1 }) })]);
  });

  it('unblocks without asking', async () => {
    const api = relationServer({ isBlocked: true });
    renderWithProviders(<PersonPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Ada Lovelace is unblocked.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Follow Ada Lovelace' })).toBeTruthy();
    expect(api.calls(usersApi.block, { id: ADA, flag: 0 })).toHaveLength(1);
  });

  it('sends nothing when the block is called off', async () => {
    const api = relationServer();
    renderWithProviders(<PersonPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(usersApi.block)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Block' })).toBeTruthy();
  });

  it('says why a block was refused and keeps things as they were', async () => {
    relationServer().on(usersApi.block, () => problem(404, 'not_found', 'This person has left Hubbub.'));
    renderWithProviders(<PersonPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Could not block Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('This person has left Hubbub.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow Ada Lovelace' })).toBeTruthy();
  });

  it('asks someone signed out to sign in to follow', async () => {
    relationServer();
    renderWithProviders(<PersonPage signedIn={false} />);
    expect((await screen.findByRole('link', { name: 'Sign in to follow' })).getAttribute('href')).toBe('/login?returnTo=%2Fperson');
    expect(screen.queryByRole('button', { name: /Follow|Block/ })).toBeNull();
  });

  it('offers one’s own page for editing instead', async () => {
    relationServer({ isSelf: true, isFollower: false });
    renderWithProviders(<PersonPage />);
    expect((await screen.findByRole('link', { name: 'Edit your profile' })).getAttribute('href')).toBe('/account/profile');
    expect(screen.getByText('You')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow|Block/ })).toBeNull();
  });

  it('shows a website that is not http(s) as text, never as a link, and an empty bio plainly', async () => {
    relationServer({ website: 'javascript:alert(1)', bio: null, isFollower: false });
    renderWithProviders(<PersonPage />);
    expect(await screen.findByText('javascript:alert(1)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /alert/ })).toBeNull();
    expect(screen.getByText('No bio yet.')).toBeTruthy();
    expect(screen.queryByText('Follows you')).toBeNull();
  });
});
