import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { federationApi, pathOf, type FederationOverview } from '@hubbub/contract';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { FederationPanel } from './federation-panel';

const BLOCK_ID = '0b6c4a52-1d7e-4f43-9a53-3c1f1b1e2f10';
const on = (overrides: Partial<FederationOverview> = {}): FederationOverview => ({
  enabled: true,
  handle: '@hubbub@events.example',
  actor: 'https://events.example/ap/actors/hubbub',
  followerCount: 1,
  followers: [{ actor: 'https://social.example/users/ana', handle: '@ana@social.example', since: '2026-11-30T18:00:00Z' }],
  following: [],
  blocks: [],
  ...overrides,
});

describe('FederationPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the handle people follow, and the followers', async () => {
    fakeApi().on(federationApi.overview, on());
    renderWithProviders(<FederationPanel />);
    expect(((await screen.findByTestId('federation-handle')) as HTMLInputElement).value).toBe('@hubbub@events.example');
    expect(screen.getByTestId('federation-follower-count').textContent).toBe('1');
    const followers = screen.getByTestId('federation-followers');
    const ana = within(followers).getByRole('link', { name: '@ana@social.example' });
    expect(ana.getAttribute('href')).toBe('https://social.example/users/ana');
    expect(ana.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Nothing is blocked.')).toBeTruthy();
  });

  it('says so when federation is off, and still lists blocks', async () => {
    fakeApi().on(federationApi.overview, on({ enabled: false, handle: null, actor: null, followerCount: 0, followers: [] }));
    renderWithProviders(<FederationPanel />);
    expect(await screen.findByTestId('federation-off')).toBeTruthy();
    expect(screen.queryByTestId('federation-handle')).toBeNull();
    expect(screen.getByText('No one follows the site from another server yet.')).toBeTruthy();
  });

  it('blocks a server with a reason, shows the refusal of a bad one, and lifts a block', async () => {
    let overview = on();
    const api = fakeApi()
      .on(federationApi.overview, () => overview)
      .on(federationApi.block, (request) => {
        const { target } = request.body as { target: string };
        if (!target.includes('.')) return problem(400, 'validation', 'Name a server by its address (social.example) or an account by its https address.');
        overview = on({ followerCount: 0, followers: [], blocks: [{ id: BLOCK_ID, kind: 'server', target, created: '2026-12-01T10:00:00Z' }] });
        return overview;
      })
      .on(federationApi.unblock, () => {
        overview = on({ blocks: [] });
        return overview;
      });
    renderWithProviders(<FederationPanel />);
    const target = await screen.findByRole('textbox', { name: /Server or account/ });
    fireEvent.change(target, { target: { value: 'nonsense' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Spam waves' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect((await screen.findByTestId('federation-block-error')).textContent).toContain('Name a server by its address');

    fireEvent.change(target, { target: { value: 'spam.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    const blocks = await screen.findByTestId('federation-blocks');
    expect(within(blocks).getByText('spam.example')).toBeTruthy();
    expect(screen.getByTestId('federation-follower-count').textContent).toBe('0');
    expect(api.calls(federationApi.block).at(-1)).toEqual(expect.objectContaining({ body: { target: 'spam.example', reason: 'Spam waves' } }));

    fireEvent.click(within(blocks).getByRole('button', { name: 'Lift the block of spam.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the block of spam.example?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'They cleaned up' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift the block' }));
    await waitFor(() => expect(screen.getByText('Nothing is blocked.')).toBeTruthy());
    expect(api.calls(federationApi.unblock)).toEqual([expect.objectContaining({ path: pathOf(federationApi.unblock, { id: BLOCK_ID }), body: { reason: 'They cleaned up' } })]);
  });

  it('follows another server by its handle, shows where each follow stands, and unfollows', async () => {
    const FOLLOW_ID = '6f1c8a2e-4b7d-4e1a-9c3b-2d5e7f9a1b3c';
    const RELAY_ID = '0b9d3c1e-7a2f-4c8e-b5d1-3e6f8a0c2d4b';
    let overview = on();
    const api = fakeApi()
      .on(federationApi.overview, () => overview)
      .on(federationApi.follow, (request) => {
        const { target } = request.body as { target: string };
        if (!target.includes('@')) return problem(400, 'validation', 'Name the account by its handle (@events@other.example) or its address (https://…).');
        overview = on({
          following: [
            { id: FOLLOW_ID, target, actor: null, handle: null, state: 'finding', problem: null, wholeServer: false, since: '2026-12-02T10:00:00Z' },
            {
              id: RELAY_ID,
              target: '@relay@mobilizon.example',
              actor: 'https://mobilizon.example/relay',
              handle: '@relay@mobilizon.example',
              state: 'following',
              problem: null,
              wholeServer: true,
              since: '2026-12-01T12:00:00Z',
            },
            { id: BLOCK_ID, target: '@gone@old.example', actor: null, handle: null, state: 'failed', problem: 'No account @gone@old.example was found.', wholeServer: false, since: '2026-12-01T10:00:00Z' },
          ],
        });
        return overview;
      })
      .on(federationApi.unfollow, () => {
        overview = on({ following: overview.following.filter((f) => f.id !== FOLLOW_ID) });
        return overview;
      });
    renderWithProviders(<FederationPanel />);
    expect(await screen.findByText('The site follows no other server yet.')).toBeTruthy();
    const target = screen.getByRole('textbox', { name: /Account to follow/ });
    fireEvent.change(target, { target: { value: 'events' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect((await screen.findByTestId('federation-follow-error')).textContent).toContain('Name the account by its handle');

    fireEvent.change(target, { target: { value: '@events@other.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    const table = await screen.findByTestId('federation-following');
    expect(within(table).getByText('@events@other.example')).toBeTruthy();
    expect(within(table).getAllByTestId('federation-following-state').map((b) => b.textContent)).toEqual(['Looking it up…', 'Following', 'Could not follow']);
    expect(within(table).getByText('No account @gone@old.example was found.')).toBeTruthy();
    // A server's own account stands for all of its events.
    expect(within(table).getByRole('link', { name: '@relay@mobilizon.example' }).closest('td')!.textContent).toContain("All of its server's public events");
    expect(api.calls(federationApi.follow)).toEqual([expect.anything(), expect.objectContaining({ body: { target: '@events@other.example' } })]);

    fireEvent.click(within(table).getByRole('button', { name: 'Unfollow @events@other.example' }));
    await waitFor(() => expect(within(screen.getByTestId('federation-following')).queryByText('@events@other.example')).toBeNull());
    expect(api.calls(federationApi.unfollow)).toEqual([expect.objectContaining({ path: pathOf(federationApi.unfollow, { id: FOLLOW_ID }) })]);
  });
});
