import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderationApi, ROLE_ADMIN, type AdminPersonSummary } from '@hubbub/contract';
import { ADMIN_IDS, adminPerson } from '@/test/admin-fixtures';
import { fakeApi, problem, type FakeCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { PeopleList } from './people-list';

const summary = (over: Partial<AdminPersonSummary> = {}): AdminPersonSummary => {
  const { id, email, name, plan, roles, suspended, created, events, openReports } = adminPerson();
  return { id, email, name, plan, roles, suspended, created, events, openReports, ...over };
};

const everyone = [
  summary({ openReports: 3, suspended: true }),
  summary({ id: ADMIN_IDS.admin, email: 'ada@example.test', name: '', plan: 'Pro', roles: [ROLE_ADMIN], events: 0 }),
];

/** The server's people search: by email or name, 25 a page. */
const searchOver = (list: AdminPersonSummary[]) => (call: FakeCall) => {
  const q = call.query.get('q')?.toLowerCase() ?? '';
  const pageNumber = Number(call.query.get('pageNumber') ?? 1);
  const people = list.filter((p) => p.email.includes(q) || p.name.toLowerCase().includes(q));
  return { people: people.slice((pageNumber - 1) * 25, pageNumber * 25), totalCount: people.length, pageNumber, pageSize: 25 };
};

const rowOf = (id: string) => screen.getAllByTestId('admin-person-row').find((r) => r.dataset.personId === id)!;

describe('PeopleList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists everyone with their standing, each leading to their admin page', async () => {
    const api = fakeApi().on(moderationApi.people, searchOver(everyone));
    renderWithProviders(<PeopleList />);
    expect(await screen.findByText('2 people')).toBeTruthy();
    // An empty search asks for everyone: no q at all.
    expect([...api.calls(moderationApi.people)[0].query]).toEqual([['pageNumber', '1']]);

    const hal = rowOf(ADMIN_IDS.person);
    expect(within(hal).getByRole('link', { name: 'Hal Host' }).getAttribute('href')).toBe(`/admin/people/${ADMIN_IDS.person}`);
    expect(within(hal).getByText('hal@example.test')).toBeTruthy();
    expect(within(hal).getByTestId('suspended-badge')).toBeTruthy();
    expect(within(hal).getByText('3')).toBeTruthy();

    const ada = rowOf(ADMIN_IDS.admin);
    expect(within(ada).getByRole('link', { name: 'No name' })).toBeTruthy();
    expect(within(ada).getByText(ROLE_ADMIN)).toBeTruthy();
    expect(within(ada).queryByTestId('suspended-badge')).toBeNull();
  });

  it('searches by email or name, trimmed, once the typing pauses', async () => {
    const api = fakeApi().on(moderationApi.people, searchOver(everyone));
    renderWithProviders(<PeopleList />);
    await screen.findByText('2 people');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: ' ada@ ' } });

    expect(await screen.findByText('1 person matching “ada@”')).toBeTruthy();
    expect(screen.getAllByTestId('admin-person-row')).toHaveLength(1);
    expect(api.calls(moderationApi.people).at(-1)?.query.get('q')).toBe('ada@');
  });

  it('says when nobody matches, and when nobody has an account', async () => {
    fakeApi().on(moderationApi.people, searchOver([]));
    renderWithProviders(<PeopleList />);
    expect(await screen.findByText('Nobody has an account yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search people' }), { target: { value: 'zed' } });
    expect(await screen.findByText('Nobody matches this search.')).toBeTruthy();
    expect(screen.queryByTestId('people-table')).toBeNull();
  });

  it('shows why the list could not be read', async () => {
    fakeApi().on(moderationApi.people, () => problem(400, 'validation', 'The search is at most 320 characters.'));
    renderWithProviders(<PeopleList />);
    expect(await screen.findByText('The search is at most 320 characters.')).toBeTruthy();
    expect(screen.queryByTestId('people-table')).toBeNull();
  });

  it('pages through many people with named arrows', async () => {
    const many = Array.from({ length: 30 }, (_, i) => summary({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Person ${i}`, email: `p${i}@example.test` }));
    const api = fakeApi().on(moderationApi.people, searchOver(many));
    renderWithProviders(<PeopleList />);
    await screen.findByText('30 people');
    expect(screen.getAllByTestId('admin-person-row')).toHaveLength(25);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-person-row')).toHaveLength(5));
    expect(api.calls(moderationApi.people).at(-1)?.query.get('pageNumber')).toBe('2');
  });

  it('shows no pager when everyone fits on one page', async () => {
    fakeApi().on(moderationApi.people, searchOver(everyone));
    renderWithProviders(<PeopleList />);
    await screen.findByText('2 people');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});
