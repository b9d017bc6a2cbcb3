import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usersApi } from '@hubbub/contract';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { UserSummaryStats } from './user-summary-stats';

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('UserSummaryStats', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the signed-in person’s counts', async () => {
    fakeApi().on(usersApi.summary, { eventCount: 3, followerCount: 25000, followingCount: 0 });
    renderWithProviders(<UserSummaryStats />);
    await screen.findByText('Events', { selector: 'dt' });
    expect(stat('Events')).toBe('3');
    expect(stat('Followers')).toBe((25000).toLocaleString());
    expect(stat('Following')).toBe('0');
  });

  it('says the counts could not be loaded, and loads them on Try again', async () => {
    let fail = true;
    const api = fakeApi().on(usersApi.summary, () => (fail ? problem(503, 'internal', 'The server is busy.') : { eventCount: 1, followerCount: 2, followingCount: 3 }));
    renderWithProviders(<UserSummaryStats />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your counts');
    expect(alert.textContent).toContain('The server is busy.');

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Events', { selector: 'dt' });
    expect(stat('Following')).toBe('3');
    expect(api.calls(usersApi.summary)).toHaveLength(2);
  });
});
