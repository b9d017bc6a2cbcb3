import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatNumber, moderationApi, type AdminOverview } from '@hubbub/contract';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AdminOverviewPanel } from './overview';

const overview: AdminOverview = {
  people: 12345,
  events: 321,
  liveSessions: 2,
  hubConnections: 17,
  openReports: 0,
  days: [
    { day: '2026-03-01', signUps: 4, eventsCreated: 1 },
    { day: '2026-03-02', signUps: 0, eventsCreated: 3 },
  ],
};

describe('AdminOverviewPanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the counts now and a chart of each daily series', async () => {
    // jsdom lays nothing out, so the charts measure 0 × 0 and say so.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeApi().on(moderationApi.overview, overview);
    renderWithProviders(<AdminOverviewPanel />);
    expect((await screen.findByTestId('overview-people')).textContent).toBe(formatNumber(12345));
    expect(screen.getByTestId('overview-events').textContent).toBe('321');
    expect(screen.getByTestId('overview-live-now').textContent).toBe('2');
    expect(screen.getByTestId('overview-hub-connections').textContent).toBe('17');
    expect(screen.getByTestId('overview-open-reports').textContent).toBe('0');
    expect(screen.getByRole('figure', { name: 'Sign-ups per day' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Events created per day' })).toBeTruthy();
    expect(api.calls(moderationApi.overview)).toHaveLength(1);
  });

  it('shows why the overview could not be read', async () => {
    fakeApi().on(moderationApi.overview, () => problem(403, 'admin_required', 'This needs the Admin role.'));
    renderWithProviders(<AdminOverviewPanel />);
    expect(await screen.findByText('This needs the Admin role.')).toBeTruthy();
    expect(screen.queryByTestId('overview-people')).toBeNull();
  });
});
