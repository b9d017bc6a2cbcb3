import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStatus, moderationApi, pathOf, type LiveSession } from '@hubbub/contract';
import { ADMIN_IDS, adminEvent } from '@/test/admin-fixtures';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { LiveNowTable } from './live-now';

const session: LiveSession = { eventId: ADMIN_IDS.event, name: 'Raffle night', startDate: '2026-03-02T18:00:00Z', host: { id: ADMIN_IDS.person, name: 'Hal Host' }, watchers: 42 };

async function stopWith(reason: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Stop live session' }));
  const dialog = await screen.findByRole('dialog', { name: 'Stop the live session' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Stop live session' }));
  return dialog;
}

describe('LiveNowTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the running sessions with their event, host and watchers', async () => {
    fakeApi().on(moderationApi.live, { sessions: [session] });
    renderWithProviders(<LiveNowTable />);
    const row = await screen.findByTestId('live-session-row');
    expect(screen.getByText('1 live session · refreshed every 10 seconds')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Raffle night' }).getAttribute('href')).toBe(`/event/${ADMIN_IDS.event}`);
    expect(within(row).getByRole('link', { name: 'Hal Host' }).getAttribute('href')).toBe(`/admin/people/${ADMIN_IDS.person}`);
    expect(within(row).getByTestId('live-watchers').textContent).toBe('42');
  });

  it('stops a session with a reason, and it leaves the list', async () => {
    let sessions = [session];
    const api = fakeApi()
      .on(moderationApi.live, () => ({ sessions }))
      .on(moderationApi.eventStop, () => {
        sessions = [];
        return adminEvent({ status: EventStatus.Completed });
      });
    renderWithProviders(<LiveNowTable />);
    await stopWith('Streaming something else');

    expect(await screen.findByText('The buzz of “Raffle night” is stopped.')).toBeTruthy();
    expect(await screen.findByText('No buzz is running right now.')).toBeTruthy();
    expect(api.calls(moderationApi.eventStop)).toEqual([
      expect.objectContaining({ method: 'POST', path: pathOf(moderationApi.eventStop, { id: ADMIN_IDS.event }), body: { reason: 'Streaming something else' } }),
    ]);
  });

  it('keeps the dialog open with the reason a stop was refused', async () => {
    fakeApi()
      .on(moderationApi.live, { sessions: [session] })
      .on(moderationApi.eventStop, () => problem(404, 'not_found'));
    renderWithProviders(<LiveNowTable />);
    const dialog = await stopWith('Too loud');
    expect(await within(dialog).findByText('It is no longer there: it may have been deleted meanwhile.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('Too loud');
    expect(screen.queryByText(/is stopped/)).toBeNull();
  });

  it('sends nothing when the stop is called off', async () => {
    const api = fakeApi().on(moderationApi.live, { sessions: [session] });
    renderWithProviders(<LiveNowTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop live session' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(moderationApi.eventStop)).toHaveLength(0);
  });

  it('says when no buzz runs', async () => {
    fakeApi().on(moderationApi.live, { sessions: [] });
    renderWithProviders(<LiveNowTable />);
    expect(await screen.findByText('No buzz is running right now.')).toBeTruthy();
    expect(screen.getByText('0 live sessions · refreshed every 10 seconds')).toBeTruthy();
    expect(screen.queryByTestId('live-sessions')).toBeNull();
  });

  it('shows why the sessions could not be read', async () => {
    fakeApi().on(moderationApi.live, () => problem(403, 'admin_required', 'This needs the Admin role.'));
    renderWithProviders(<LiveNowTable />);
    expect(await screen.findByText('This needs the Admin role.')).toBeTruthy();
  });
});
