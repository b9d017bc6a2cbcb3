import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf, usersApi, type PersonSummary, type UserSearchResult } from '@hubbub/contract';
import { fakeApi, problem, type FakeCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PeopleSearch } from './people-search';

const SELF = '7f1c2a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f';
const ADA = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';
const BOB = '1c7f4e2f-6b3d-4d8f-8a21-3e4f5a6b7c8d';

const people: PersonSummary[] = [
  { id: SELF, name: 'Me Myself', location: null, isFollowing: false },
  { id: ADA, name: 'Ada Lovelace', location: 'London', isFollowing: false },
  { id: BOB, name: 'Bob Babbage', location: null, isFollowing: true },
];

/** What the page posts (the contract's input type leaves the page number loose: it coerces). */
type SearchBody = { searchText?: string; pageNumber?: number };

/** The server's search over `list`: by name, 20 a page. */
function searchOver(list: () => PersonSummary[]) {
  return (call: FakeCall): UserSearchResult => {
    const { searchText = '', pageNumber = 1 } = call.body as SearchBody;
    const users = list().filter((p) => p.name.toLowerCase().includes(searchText.toLowerCase()));
    return { totalCount: users.length, pageNumber, pageSize: 20, searchText, users };
  };
}

const rows = () => screen.getAllByRole('listitem');
const rowOf = (name: string) => rows().find((li) => within(li).queryByRole('link', { name }))!;

describe('PeopleSearch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists everyone at first, each linking to their page, with no Follow on oneself', async () => {
    const api = fakeApi().on(usersApi.search, searchOver(() => people));
    renderWithProviders(<PeopleSearch selfId={SELF} />);
    expect(await screen.findByText('3 people')).toBeTruthy();
    expect(api.calls(usersApi.search)[0]).toMatchObject({ method: 'POST', body: { searchText: '', pageNumber: 1 } });

    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/person/${ADA}`);
    expect(within(rowOf('Ada Lovelace')).getByText('London')).toBeTruthy();
    expect(within(rowOf('Me Myself')).queryByRole('button')).toBeNull();
    expect(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Follow Ada Lovelace' }).getAttribute('aria-pressed')).toBe('false');
    expect(within(rowOf('Bob Babbage')).getByRole('button', { name: 'Following Bob Babbage' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('searches the typed name, trimmed, once the typing pauses', async () => {
    const api = fakeApi().on(usersApi.search, searchOver(() => people));
    renderWithProviders(<PeopleSearch selfId={SELF} />);
    await screen.findByText('3 people');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search people' }), { target: { value: ' ada ' } });

    expect(await screen.findByText('1 person matching “ada”')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(api.calls(usersApi.search).map((c) => c.body)).toEqual([
      { searchText: '', pageNumber: 1 },
      { searchText: 'ada', pageNumber: 1 },
    ]);
  });

  it('says when nobody matches, and when there is nobody yet', async () => {
    fakeApi().on(usersApi.search, searchOver(() => []));
    renderWithProviders(<PeopleSearch />);
    expect(await screen.findByText('No other people yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search people' }), { target: { value: 'zed' } });
    expect(await screen.findByText('No one matches “zed”.')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('follows from the list and shows the list the server answers next', async () => {
    let list = people;
    const api = fakeApi()
      .on(usersApi.search, searchOver(() => list))
      .on(usersApi.follow, (call) => {
        list = list.map((p) => (p.id === call.query.get('userId') ? { ...p, isFollowing: true } : p));
        return { userId: ADA, isFollowing: true, isBlocked: false };
      });
    renderWithProviders(<PeopleSearch selfId={SELF} />);
    await screen.findByText('3 people');
    fireEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Follow Ada Lovelace' }));

    expect(await within(rowOf('Ada Lovelace')).findByRole('button', { name: 'Following Ada Lovelace' })).toBeTruthy();
    const [call] = api.calls(usersApi.follow);
    expect(call).toMatchObject({ method: 'POST', path: usersApi.follow.path, body: undefined });
    expect(call.query.get('userId')).toBe(ADA);
  });

  it('unfollows by the person’s address', async () => {
    let list = people;
    const api = fakeApi()
      .on(usersApi.search, searchOver(() => list))
      .on(usersApi.unfollow, () => {
        list = list.map((p) => (p.id === BOB ? { ...p, isFollowing: false } : p));
        return { userId: BOB, isFollowing: false, isBlocked: false };
      });
    renderWithProviders(<PeopleSearch selfId={SELF} />);
    await screen.findByText('3 people');
    fireEvent.click(within(rowOf('Bob Babbage')).getByRole('button', { name: 'Following Bob Babbage' }));

    expect(await within(rowOf('Bob Babbage')).findByRole('button', { name: 'Follow Bob Babbage' })).toBeTruthy();
    expect(api.calls(usersApi.unfollow)).toEqual([expect.objectContaining({ method: 'DELETE', path: pathOf(usersApi.unfollow, { id: BOB }) })]);
  });

  it('says why a follow was refused and leaves the button as it was', async () => {
    fakeApi()
      .on(usersApi.search, searchOver(() => people))
      .on(usersApi.follow, () => problem(403, 'blocked', 'Ada Lovelace has blocked you.'));
    renderWithProviders(<PeopleSearch selfId={SELF} />);
    await screen.findByText('3 people');
    fireEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Follow Ada Lovelace' }));

    expect(await screen.findByText('Could not follow Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace has blocked you.')).toBeTruthy();
    expect(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Follow Ada Lovelace' })).toBeTruthy();
  });

  it('shows a failed search with its reason and tries again on request', async () => {
    let fail = true;
    fakeApi().on(usersApi.search, (call) => (fail ? problem(429, 'rate_limited', 'Too many searches: wait a minute.') : searchOver(() => people)(call)));
    renderWithProviders(<PeopleSearch selfId={SELF} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search failed');
    expect(alert.textContent).toContain('Too many searches: wait a minute.');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 people')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages through long results, back to the first page on a new search', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Person ${i}`, location: null, isFollowing: false }));
    const api = fakeApi().on(usersApi.search, (call) => {
      const { searchText = '', pageNumber = 1 } = call.body as SearchBody;
      return { totalCount: many.length, pageNumber, pageSize: 20, searchText, users: many.slice((pageNumber - 1) * 20, pageNumber * 20) };
    });
    renderWithProviders(<PeopleSearch />);
    await screen.findByText('45 people');
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByRole('link', { name: 'Person 44' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search people' }), { target: { value: 'Person' } });
    await waitFor(() => expect(api.calls(usersApi.search).at(-1)?.body).toEqual({ searchText: 'Person', pageNumber: 1 }));
  });
});
