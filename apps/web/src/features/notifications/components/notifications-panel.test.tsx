import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarsApi, notificationsApi, type NotificationSettings } from '@hubbub/contract';
import { queryKeys } from '@/lib/api';
import { NotificationsPanel } from './notifications-panel';

const ID = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// jsdom lays nothing out, so every select looks detached from its input, and a detached dropdown hides itself.
const theme = createTheme({ components: { Popover: { defaultProps: { hideDetached: false } } } });

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.calendars, { calendars: [] });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <Notifications />
        <MemoryRouter>
          <NotificationsPanel />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

function choose(select: HTMLElement, option: string) {
  fireEvent.click(select);
  return screen.findByRole('option', { name: option }).then((o) => fireEvent.click(o));
}

describe('NotificationsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the reminders at once', async () => {
    let settings: NotificationSettings = { reminder: 'off', calendars: [], pushDevices: 0 };
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === notificationsApi.updateSettings.path && init.method === 'POST') settings = { ...settings, ...JSON.parse(String(init.body)) };
      return json(settings);
    });
    vi.stubGlobal('fetch', fetchMock);
    mount();
    const panel = await screen.findByTestId('notification-settings');
    expect(panel.textContent).toMatch(/one-click unsubscribe link/);
    expect(await within(panel).findByTestId('notification-calendars-empty')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Manage calendars' }).getAttribute('href')).toBe('/events?tab=calendars');

    const reminders = within(panel).getByRole('textbox', { name: 'Event reminders' }) as HTMLInputElement;
    await waitFor(() => expect(reminders.value).toBe('No reminders'));
    await choose(reminders, 'A day before');
    expect(await screen.findByText('Saved')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url, i]) => url === notificationsApi.updateSettings.path && i.method === 'POST')!;
    expect(JSON.parse(String(init.body))).toEqual({ reminder: '1d' });
    expect(reminders.value).toBe('A day before');
  });

  it('changes a calendar’s alert through the calendar, and makes the calendars list stale', async () => {
    let alert = 'off';
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === calendarsApi.update.path && init.method === 'POST') {
        alert = JSON.parse(String(init.body)).alert;
        return json({
          id: ID,
          name: '<i>Jazz</i>',
          kind: 'following',
          query: null,
          alert,
          feedUrl: 'https://h.example/feeds/t.ics',
          webcalUrl: 'webcal://h.example/feeds/t.ics',
          created: '2026-03-01T10:00:00Z',
          updated: '2026-03-01T10:00:00Z',
        });
      }
      return json({ reminder: 'off', calendars: [{ id: ID, name: '<i>Jazz</i>', alert }], pushDevices: 0 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = mount();
    const item = await screen.findByTestId('notification-calendar');
    // The name is text, never markup.
    expect(within(item).getByText('<i>Jazz</i>')).toBeTruthy();
    const select = within(item).getByRole('textbox', { name: 'Email alerts' }) as HTMLInputElement;
    expect(select.value).toBe('No emails');
    await choose(select, 'Daily email of new events');
    expect(await screen.findByText('Saved')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === calendarsApi.update.path)!;
    expect(JSON.parse(String(init.body))).toEqual({ id: ID, alert: 'daily' });
    await waitFor(() => expect(select.value).toBe('Daily email of new events'));
    expect(client.getQueryState(queryKeys.calendars)?.isInvalidated).toBe(true);
  });
});
