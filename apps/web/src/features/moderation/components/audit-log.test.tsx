import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderationApi, type AuditEntry } from '@hubbub/contract';
import { ADMIN_IDS } from '@/test/admin-fixtures';
import { fakeApi, problem, type FakeCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { AuditLogTable } from './audit-log';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '5f0e1d2c-3b4a-4958-8776-a5b4c3d2e1f0',
  actorId: ADMIN_IDS.admin,
  actorName: 'Ada Admin',
  action: 'person.suspend',
  targetType: 'user',
  targetId: ADMIN_IDS.person,
  reason: 'Harassing other hosts',
  before: { suspended: false, plan: 'Pro' },
  after: { suspended: true, plan: 'Pro' },
  created: '2026-03-03T10:00:00Z',
  ...over,
});

/** The server's log: filtered by action and target, 50 a page. */
const logOver = (entries: AuditEntry[]) => (call: FakeCall) => {
  const action = call.query.get('action');
  const targetId = call.query.get('targetId');
  const matching = entries.filter((e) => (!action || e.action === action) && (!targetId || e.targetId === targetId));
  return { entries: matching, totalCount: matching.length, pageNumber: Number(call.query.get('pageNumber')), pageSize: 50 };
};

const log = [entry(), entry({ id: '6a1f2e3d-4c5b-4a69-9887-b6c5d4e3f2a1', action: 'event.hide', targetType: 'event', targetId: ADMIN_IDS.event, actorName: null, before: null, after: null, reason: 'Spam' })];

describe('AuditLogTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every action with who, why, and only the fields it changed', async () => {
    const api = fakeApi().on(moderationApi.audit, logOver(log));
    renderWithProviders(<AuditLogTable />);
    const [suspend, hide] = await screen.findAllByTestId('audit-entry');
    expect([...api.calls(moderationApi.audit)[0].query]).toEqual([['pageNumber', '1']]);

    expect(within(suspend).getByText('Ada Admin')).toBeTruthy();
    expect(within(suspend).getByText('person.suspend')).toBeTruthy();
    expect(within(suspend).getByText('Harassing other hosts')).toBeTruthy();
    expect(within(suspend).getByText('suspended: false → true')).toBeTruthy();
    expect(within(suspend).queryByText(/plan/)).toBeNull();
    // The admin's account is gone; the record stays.
    expect(within(hide).getByText('Deleted account')).toBeTruthy();
    expect(within(hide).getByText('—')).toBeTruthy();
  });

  it('filters by action', async () => {
    const api = fakeApi().on(moderationApi.audit, logOver(log));
    renderWithProviders(<AuditLogTable />);
    await screen.findAllByTestId('audit-entry');
    fireEvent.click(screen.getByRole('textbox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'event.hide' }));

    await waitFor(() => expect(screen.getAllByTestId('audit-entry').map((e) => e.dataset.action)).toEqual(['event.hide']));
    expect(api.calls(moderationApi.audit).at(-1)?.query.get('action')).toBe('event.hide');
  });

  it('filters by a target id, and sends nothing that is not an id', async () => {
    const api = fakeApi().on(moderationApi.audit, logOver(log));
    renderWithProviders(<AuditLogTable />);
    await screen.findAllByTestId('audit-entry');
    const target = screen.getByRole('textbox', { name: 'Target id' });

    fireEvent.change(target, { target: { value: 'not-an-id' } });
    expect(await screen.findByText('Not an id')).toBeTruthy();
    expect(api.calls(moderationApi.audit).every((c) => !c.query.has('targetId'))).toBe(true);

    fireEvent.change(target, { target: { value: ` ${ADMIN_IDS.event} ` } });
    await waitFor(() => expect(screen.getAllByTestId('audit-entry').map((e) => e.dataset.action)).toEqual(['event.hide']));
    expect(screen.queryByText('Not an id')).toBeNull();
    expect(api.calls(moderationApi.audit).at(-1)?.query.get('targetId')).toBe(ADMIN_IDS.event);
  });

  it('says when nothing is recorded, with or without filters', async () => {
    fakeApi().on(moderationApi.audit, logOver([]));
    renderWithProviders(<AuditLogTable />);
    expect(await screen.findByText('No admin action recorded yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Target id' }), { target: { value: ADMIN_IDS.event } });
    expect(await screen.findByText('No admin action recorded with these filters.')).toBeTruthy();
  });

  it('shows why the log could not be read', async () => {
    fakeApi().on(moderationApi.audit, () => problem(403, 'admin_required', 'This needs the Admin role.'));
    renderWithProviders(<AuditLogTable />);
    expect(await screen.findByText('This needs the Admin role.')).toBeTruthy();
    expect(screen.queryByTestId('audit-log')).toBeNull();
  });
});
