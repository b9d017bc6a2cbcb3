import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarsApi, pathOf, type Calendar } from '@hubbub/contract';
import { CalendarsPanel } from './calendars-panel';

const ID = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';
const CATEGORY = '1c7f4e2f-6b3d-4d8f-8a21-3e4f5a6b7c8d';

const calendar = (over: Partial<Calendar> = {}): Calendar => ({
  id: ID,
  name: '<b>Jazz</b> & blues',
  kind: 'search',
  query: { searchText: 'jazz', areaText: null, categoryId: CATEGORY, box: { minLatitude: 30, maxLatitude: 31, minLongitude: -98, maxLongitude: -97 }, days: 30 },
  alert: 'off',
  includeDrafts: false,
  feedUrl: 'https://hubbub.example/feeds/old_token_abcdefghijklmnop.ics',
  webcalUrl: 'webcal://hubbub.example/feeds/old_token_abcdefghijklmnop.ics',
  created: '2026-03-01T10:00:00Z',
  updated: '2026-03-01T10:00:00Z',
  ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// jsdom lays nothing out, so every menu and select target looks detached, and a detached target's dropdown hides itself.
const theme = createTheme({ components: { Menu: { defaultProps: { hideDetached: false } }, Popover: { defaultProps: { hideDetached: false } } } });

function mount(usage = { count: 1, capacity: 3 }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter>
            <CalendarsPanel usage={usage} categoryName={(id) => (id === CATEGORY ? 'Music' : undefined)} />
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('CalendarsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a calendar with its kind, query, address and subscribe links, and the plan’s allowance', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ calendars: [calendar()] })));
    mount();
    const row = await screen.findByTestId('calendar-row');
    expect(row.dataset.calendarId).toBe(ID);
    // The name is text, never markup.
    expect(within(row).getByRole('heading', { name: '<b>Jazz</b> & blues' })).toBeTruthy();
    expect(within(row).getByText('Saved search')).toBeTruthy();
    expect(within(row).getByText('“jazz” · Music · in the map area · next 30 days')).toBeTruthy();
    expect((within(row).getByTestId('calendar-feed-url') as HTMLInputElement).value).toBe(calendar().feedUrl);
    expect(screen.getByTestId('calendar-usage').textContent).toBe('1 of 3 calendars used');

    fireEvent.click(within(row).getByRole('button', { name: 'Subscribe' }));
    const google = await screen.findByRole('menuitem', { name: 'Google Calendar' });
    expect(google.getAttribute('href')).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(calendar().webcalUrl)}`);
    expect(screen.getByRole('menuitem', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(calendar().webcalUrl);
    expect(screen.getByRole('menuitem', { name: 'Outlook.com' }).getAttribute('href')).toContain(encodeURIComponent(calendar().feedUrl));
  });

  it('gives a new address only after saying the old one stops working', async () => {
    let current = calendar();
    const renewed = calendar({ feedUrl: 'https://hubbub.example/feeds/new_token_abcdefghijklmnop.ics' });
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === pathOf(calendarsApi.newToken, { id: ID }) && init.method === 'POST') {
        current = renewed;
        return json(renewed);
      }
      return json({ calendars: [current] });
    });
    vi.stubGlobal('fetch', fetchMock);
    mount();
    const row = await screen.findByTestId('calendar-row');
    fireEvent.click(within(row).getByRole('button', { name: 'New address' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/stops working at once, for every app subscribed to it/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    await waitFor(() => expect((within(row).getByTestId('calendar-feed-url') as HTMLInputElement).value).toBe(renewed.feedUrl));
    expect(fetchMock.mock.calls.some(([url]) => url === pathOf(calendarsApi.newToken, { id: ID }))).toBe(true);
  });

  it('explains calendars when there are none, and creates one with a name from its kind', async () => {
    let list: Calendar[] = [];
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === calendarsApi.create.path && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        const created = calendar({ name: body.name, kind: body.kind, query: null });
        list = [created];
        return json(created);
      }
      return json({ calendars: list });
    });
    vi.stubGlobal('fetch', fetchMock);
    mount({ count: 0, capacity: 1 });
    expect((await screen.findByTestId('calendars-empty')).textContent).toMatch(/without you opening Hubbub/);

    fireEvent.click(screen.getByRole('button', { name: 'New calendar' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Events I follow');
    fireEvent.click(within(dialog).getByRole('radio', { name: /My events/ }));
    expect(name.value).toBe('My events');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create calendar' }));

    const row = await screen.findByTestId('calendar-row');
    expect(within(row).getByText('The events you host.')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url, i]) => url === calendarsApi.create.path && i.method === 'POST')!;
    expect(JSON.parse(String(init.body))).toEqual({ name: 'My events', kind: 'mine', alert: 'off' });
  });

  it('saves a new email alert at once and says so in the row', async () => {
    let current = calendar();
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === calendarsApi.update.path && init.method === 'POST') {
        current = { ...current, ...JSON.parse(String(init.body)) };
        return json(current);
      }
      return json({ calendars: [current] });
    });
    vi.stubGlobal('fetch', fetchMock);
    mount();
    const row = await screen.findByTestId('calendar-row');
    expect(within(row).queryByTestId('calendar-alert')).toBeNull();
    fireEvent.click(within(row).getByRole('textbox', { name: 'Email alerts' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Weekly email of new events' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect((await within(row).findByTestId('calendar-alert')).textContent).toBe('Weekly email of new events');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === calendarsApi.update.path)!;
    expect(JSON.parse(String(init.body))).toEqual({ id: ID, alert: 'weekly' });
  });

  it('creates a calendar that emails its new events when asked to', async () => {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === calendarsApi.create.path && init.method === 'POST') return json(calendar({ ...JSON.parse(String(init.body)), query: null }));
      return json({ calendars: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    mount();
    await screen.findByTestId('calendars-empty');
    fireEvent.click(screen.getByRole('button', { name: 'New calendar' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByRole('textbox', { name: 'Email alerts' }) as HTMLInputElement;
    expect(select.value).toBe('No emails');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Daily email of new events' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create calendar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, i]) => url === calendarsApi.create.path && i.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, i]) => url === calendarsApi.create.path && i.method === 'POST')!;
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Events I follow', kind: 'following', alert: 'daily' });
  });

  it('issue 22: a My events calendar carries drafts only when chosen, when it is made and later in its row', async () => {
    let list: Calendar[] = [];
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      if (url === calendarsApi.create.path && init.method === 'POST') {
        list = [calendar({ name: body.name, kind: body.kind, query: null, includeDrafts: body.includeDrafts ?? false })];
        return json(list[0]);
      }
      if (url === calendarsApi.update.path && init.method === 'POST') {
        list = [{ ...list[0], ...body }];
        return json(list[0]);
      }
      return json({ calendars: list });
    });
    vi.stubGlobal('fetch', fetchMock);
    mount({ count: 0, capacity: 3 });
    await screen.findByTestId('calendars-empty');
    fireEvent.click(screen.getByRole('button', { name: 'New calendar' }));
    const dialog = await screen.findByRole('dialog');
    // Only "My events" has the choice, and it starts off.
    expect(within(dialog).queryByRole('switch', { name: /Include my drafts/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /My events/ }));
    const drafts = within(dialog).getByRole('switch', { name: /Include my drafts/ }) as HTMLInputElement;
    expect(drafts.checked).toBe(false);
    expect(dialog.textContent).toMatch(/Anyone who has this calendar’s address will see them/);
    fireEvent.click(drafts);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create calendar' }));
    const row = await screen.findByTestId('calendar-row');
    const [, init] = fetchMock.mock.calls.find(([url, i]) => url === calendarsApi.create.path && i.method === 'POST')!;
    expect(JSON.parse(String(init.body))).toEqual({ name: 'My events', kind: 'mine', alert: 'off', includeDrafts: true });
    expect(within(row).getByText('The events you host, drafts included.')).toBeTruthy();

    const inRow = within(row).getByRole('switch', { name: /Include my drafts/ }) as HTMLInputElement;
    expect(inRow.checked).toBe(true);
    fireEvent.click(inRow);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === calendarsApi.update.path)).toBe(true));
    expect(await screen.findByText('Your drafts are no longer in this calendar.', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect((within(row).getByRole('switch', { name: /Include my drafts/ }) as HTMLInputElement).checked).toBe(false));
    expect(within(row).getByText('The events you host.')).toBeTruthy();
    const [, update] = fetchMock.mock.calls.find(([url]) => url === calendarsApi.update.path)!;
    expect(JSON.parse(String(update.body))).toEqual({ id: ID, includeDrafts: false });
  }, 20_000);

  it('offers the drafts choice on My events calendars only', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ calendars: [calendar(), calendar({ id: CATEGORY, kind: 'following', query: null })] })));
    mount();
    expect(await screen.findAllByTestId('calendar-row')).toHaveLength(2);
    expect(screen.queryByRole('switch', { name: /Include my drafts/ })).toBeNull();
  });

  it('shows the plan’s limit with the way to the plans', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === calendarsApi.create.path && init.method === 'POST') {
          return json({ status: 403, code: 'plan_limit', title: 'Forbidden', detail: 'Your Free plan allows 1 calendar.' }, 403);
        }
        return json({ calendars: [calendar()] });
      }),
    );
    mount({ count: 1, capacity: 1 });
    expect((await screen.findByTestId('calendar-capacity-note')).textContent).toMatch(/all 1 calendar your plan allows/);
    fireEvent.click(screen.getByRole('button', { name: 'New calendar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create calendar' }));
    expect(await within(dialog).findByText('Your Free plan allows 1 calendar.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/account/subscription');
  });
});
