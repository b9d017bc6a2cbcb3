import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStatus, moderationApi, pathOf, type AdminEvent, type ReportQueue } from '@hubbub/contract';
import { ReportQueueList } from './report-queue';

const EVENT_ID = '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c';
const FLYER_ID = '1c7f4e2f-6b3d-4d8f-8a21-3e4f5a6b7c8d';
const HOST_ID = '2d8a5f3a-7c4e-4e9a-9b32-4f5a6b7c8d9e';

const queue: ReportQueue = {
  openReports: 2,
  groups: [
    {
      targetType: 'flyer',
      targetId: FLYER_ID,
      targetName: 'Win a car',
      eventId: EVENT_ID,
      reporters: 2,
      reasons: [{ reason: 'scam', count: 2 }],
      notes: ['<b>wire money</b>'],
      firstReported: '2026-03-01T10:00:00Z',
      lastReported: '2026-03-01T11:00:00Z',
    },
  ],
};

const event = (over: Partial<AdminEvent> = {}): AdminEvent => ({
  id: EVENT_ID,
  name: 'Raffle night',
  status: EventStatus.Started,
  startDate: '2026-03-02T18:00:00Z',
  endDate: '2026-03-02T21:00:00Z',
  timeZone: 'UTC',
  venue: 'Town hall',
  description: null,
  published: true,
  thumbnailPath: null,
  hidden: null,
  host: { id: HOST_ID, name: 'Hal Host', email: 'hal@example.test', suspended: false },
  flyers: [
    { id: FLYER_ID, name: 'Win a car', isActivated: true, openReports: 2 },
    { id: '3e9b6a4b-8d5f-4fab-8c43-5a6b7c8d9e0f', name: 'Doors open', isActivated: false, openReports: 0 },
  ],
  openReports: 0,
  reasons: [],
  ...over,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ReportQueueList />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ReportQueueList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a flyer report with its event in context and hides the event with a reason', async () => {
    let current = event();
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === moderationApi.reports.path) return json(queue);
      if (url === pathOf(moderationApi.event, { id: EVENT_ID })) return json(current);
      if (url === pathOf(moderationApi.eventHide, { id: EVENT_ID }) && init.method === 'POST') {
        current = event({ hidden: { by: 'moderator', reason: JSON.parse(String(init.body)).reason, at: '2026-03-01T12:00:00Z' } });
        return json(current);
      }
      return json({});
    });
    vi.stubGlobal('fetch', fetchMock);
    mount();

    const group = await screen.findByTestId('report-group');
    await within(group).findByText('Hal Host');
    // The note is text, never markup.
    expect(within(group).getByText('<b>wire money</b>')).toBeTruthy();
    const reported = within(group).getAllByTestId('admin-flyer').find((el) => el.dataset.reported === 'true');
    expect(reported?.textContent).toContain('Win a car');
    // Live, so it can be stopped; not canceled, so it can be canceled.
    expect(within(group).getByRole('button', { name: 'Stop live session' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Cancel event' })).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Suspend host' })).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Hide event' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Hide event' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Asks for money up front' } });
    fireEvent.click(confirm);

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === pathOf(moderationApi.eventHide, { id: EVENT_ID }))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === pathOf(moderationApi.eventHide, { id: EVENT_ID }))!;
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Asks for money up front' });
    expect(await screen.findByText('“Raffle night” is hidden.')).toBeTruthy();
    expect(await within(group).findByRole('button', { name: 'Show event again' })).toBeTruthy();
  });

  it('keeps the dialog open with the reason when the action is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === moderationApi.reports.path) return json(queue);
        if (url === pathOf(moderationApi.event, { id: EVENT_ID })) return json(event());
        return new Response(JSON.stringify({ status: 409, code: 'conflict', title: 'Conflict', detail: 'The event is already canceled.' }), { status: 409 });
      }),
    );
    mount();
    const group = await screen.findByTestId('report-group');
    fireEvent.click(await within(group).findByRole('button', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Fake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel event' }));
    expect(await within(dialog).findByText('The event is already canceled.')).toBeTruthy();
  });
});
