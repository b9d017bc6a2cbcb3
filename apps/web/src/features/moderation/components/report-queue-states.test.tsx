import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderationApi, pathOf, type ReportGroup, type ReportQueue } from '@hubbub/contract';
import { ADMIN_IDS, adminEvent, adminPerson } from '@/test/admin-fixtures';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ReportQueueList } from './report-queue';

const group = (over: Partial<ReportGroup> = {}): ReportGroup => ({
  targetType: 'event',
  targetId: ADMIN_IDS.event,
  targetName: 'Raffle night',
  eventId: ADMIN_IDS.event,
  reporters: 1,
  reasons: [{ reason: 'spam', count: 1 }],
  notes: [],
  firstReported: '2026-03-01T10:00:00Z',
  lastReported: '2026-03-01T10:00:00Z',
  ...over,
});

const queueOf = (...groups: ReportGroup[]): ReportQueue => ({ groups, openReports: groups.reduce((n, g) => n + g.reporters, 0) });

/** Confirms the open reason dialog with `reason`. */
async function giveReason(confirmLabel: string, reason: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: confirmLabel }));
  return dialog;
}

describe('ReportQueueList, beyond hiding an event', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says there is nothing to do when no report is open', async () => {
    fakeApi().on(moderationApi.reports, queueOf());
    renderWithProviders(<ReportQueueList />);
    expect(await screen.findByText('No open reports')).toBeTruthy();
    expect(screen.queryByTestId('report-group')).toBeNull();
  });

  it('shows why the queue could not be read', async () => {
    fakeApi().on(moderationApi.reports, () => problem(403, 'admin_required', 'This needs the Admin role.'));
    renderWithProviders(<ReportQueueList />);
    expect(await screen.findByText('This needs the Admin role.')).toBeTruthy();
    expect(screen.queryByText('No open reports')).toBeNull();
  });

  it('counts the reports and their targets', async () => {
    fakeApi()
      .on(moderationApi.reports, queueOf(group({ reporters: 2 }), group({ targetType: 'user', targetId: ADMIN_IDS.person, targetName: 'Hal Host', eventId: null })))
      .on(moderationApi.event, adminEvent())
      .on(moderationApi.person, adminPerson());
    renderWithProviders(<ReportQueueList />);
    expect(await screen.findByText('3 open reports about 2 targets')).toBeTruthy();
    expect(screen.getAllByTestId('report-group')).toHaveLength(2);
  });

  it('dismisses a target’s reports with a reason, and the queue empties', async () => {
    let open = queueOf(group());
    const api = fakeApi()
      .on(moderationApi.reports, () => open)
      .on(moderationApi.event, adminEvent())
      .on(moderationApi.reportDismiss, () => {
        open = queueOf();
        return { ok: true };
      });
    renderWithProviders(<ReportQueueList />);
    const card = await screen.findByTestId('report-group');
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss these reports' });
    expect(dialog.textContent).toContain('The open reports about “Raffle night” are closed without action.');
    await giveReason('Dismiss', '  Not spam: a real raffle  ');

    expect(await screen.findByText('Reports dismissed.')).toBeTruthy();
    expect(await screen.findByText('No open reports')).toBeTruthy();
    const [call] = api.calls(moderationApi.reportDismiss);
    expect(call).toMatchObject({ method: 'POST', path: pathOf(moderationApi.reportDismiss, { targetType: 'event', targetId: ADMIN_IDS.event }), body: { reason: 'Not spam: a real raffle' } });
  });

  it('will not send a reason shorter than 3 characters', async () => {
    const api = fakeApi().on(moderationApi.reports, queueOf(group())).on(moderationApi.event, adminEvent());
    renderWithProviders(<ReportQueueList />);
    fireEvent.click(within(await screen.findByTestId('report-group')).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Dismiss' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: ' ok ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(confirm.closest('form')!);
    expect(api.calls(moderationApi.reportDismiss)).toHaveLength(0);
  });

  it('tells an admin who lost the role so, in the dialog', async () => {
    fakeApi()
      .on(moderationApi.reports, queueOf(group()))
      .on(moderationApi.event, adminEvent())
      .on(moderationApi.reportDismiss, () => problem(403, 'admin_required', 'x'));
    renderWithProviders(<ReportQueueList />);
    fireEvent.click(within(await screen.findByTestId('report-group')).getByRole('button', { name: 'Dismiss' }));
    const dialog = await giveReason('Dismiss', 'Handled elsewhere');
    expect(await within(dialog).findByText('Your account no longer has the Admin role.')).toBeTruthy();
    expect(screen.queryByText('Reports dismissed.')).toBeNull();
  });

  it('shows a reported person in context and suspends them with a reason', async () => {
    let person = adminPerson({ reasons: [{ reason: 'hate', count: 2 }] });
    const api = fakeApi()
      .on(moderationApi.reports, queueOf(group({ targetType: 'user', targetId: ADMIN_IDS.person, targetName: 'Hal Host', eventId: null, reporters: 2 })))
      .on(moderationApi.person, () => person)
      .on(moderationApi.personSuspend, (call) => {
        person = { ...person, suspended: true, suspension: { reason: (call.body as { reason: string }).reason, at: '2026-03-03T10:00:00Z' } };
        return person;
      });
    renderWithProviders(<ReportQueueList />);
    const card = await screen.findByTestId('report-group');
    const context = await within(card).findByTestId('admin-person-context');
    expect(context.textContent).toContain('hal@example.test');
    expect(context.textContent).toContain('Hate or harassment × 2');
    expect(within(card).getByRole('link', { name: 'Admin page' }).getAttribute('href')).toBe(`/admin/people/${ADMIN_IDS.person}`);

    fireEvent.click(within(card).getByRole('button', { name: 'Suspend person' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Suspend Hal Host');
    await giveReason('Suspend person', 'Harassing other hosts');

    expect(await screen.findByText('Hal Host is suspended.')).toBeTruthy();
    expect(await within(card).findByRole('button', { name: 'Lift suspension' })).toBeTruthy();
    expect(within(card).getByTestId('suspended-badge')).toBeTruthy();
    expect(api.calls(moderationApi.personSuspend, { id: ADMIN_IDS.person })[0].body).toEqual({ reason: 'Harassing other hosts' });
  });

  it('lifts the suspension of a reported event’s host', async () => {
    const api = fakeApi()
      .on(moderationApi.reports, queueOf(group()))
      .on(moderationApi.event, adminEvent({ host: { id: ADMIN_IDS.person, name: 'Hal Host', email: 'hal@example.test', suspended: true } }))
      .on(moderationApi.personLift, adminPerson());
    renderWithProviders(<ReportQueueList />);
    const card = await screen.findByTestId('report-group');
    fireEvent.click(await within(card).findByRole('button', { name: 'Lift suspension' }));
    await giveReason('Lift suspension', 'Appeal accepted');
    expect(await screen.findByText('Hal Host can sign in again.')).toBeTruthy();
    expect(api.calls(moderationApi.personLift, { id: ADMIN_IDS.person })[0].body).toEqual({ reason: 'Appeal accepted' });
  });

  it('offers only Dismiss for a target that no longer exists', async () => {
    fakeApi().on(moderationApi.reports, queueOf(group({ targetType: 'flyer', targetId: ADMIN_IDS.flyer, targetName: null, eventId: null })));
    renderWithProviders(<ReportQueueList />);
    const card = await screen.findByTestId('report-group');
    expect(within(card).getByText('Deleted')).toBeTruthy();
    expect(within(card).getByText('The reported item no longer exists.')).toBeTruthy();
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss']);
  });

  it('says when the reported event went away meanwhile, keeping Dismiss', async () => {
    fakeApi()
      .on(moderationApi.reports, queueOf(group()))
      .on(moderationApi.event, () => problem(404, 'not_found'));
    renderWithProviders(<ReportQueueList />);
    const card = await screen.findByTestId('report-group');
    expect(await within(card).findByText('It is no longer there: it may have been deleted meanwhile.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Hide event' })).toBeNull();
  });

  it('offers Show event again, not Hide, for an event moderators hid', async () => {
    fakeApi()
      .on(moderationApi.reports, queueOf(group()))
      .on(moderationApi.event, adminEvent({ hidden: { by: 'moderator', reason: 'Spam', at: '2026-03-01T12:00:00Z' } }));
    renderWithProviders(<ReportQueueList />);
    const card = await screen.findByTestId('report-group');
    expect(await within(card).findByRole('button', { name: 'Show event again' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Hide event' })).toBeNull();
    // Not live: nothing to stop.
    expect(within(card).queryByRole('button', { name: 'Stop live session' })).toBeNull();
    await waitFor(() => expect(within(card).getByTestId('admin-event-hidden').textContent).toBe('Hidden by moderators'));
  });
});
