import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStatus, formatDate, formatDateTime, moderationApi, pathOf, ROLE_ADMIN, type AdminPerson } from '@hubbub/contract';
import { ADMIN_IDS, adminEvent, adminPerson } from '@/test/admin-fixtures';
import { fakeApi, problem, type FakeCall } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { signIn, signOut } from '@/test/session';
import { useAdminPerson } from '../api/person';
import { PersonEventsSection } from './person-events';
import { PersonHeader } from './person-header';
import { PersonRolesSection } from './person-roles';

/** As the person's admin page composes a section: with the person the server answers now. */
function WithPerson({ children }: { children: (person: AdminPerson) => ReactNode }) {
  const person = useAdminPerson(ADMIN_IDS.person);
  return person.data ? children(person.data) : null;
}

/** A server that keeps the person: each action answers, and later reads see, the person after it. */
function personServer(start: Partial<AdminPerson> = {}) {
  let person = adminPerson(start);
  const reasonOf = (call: FakeCall) => (call.body as { reason: string }).reason;
  const change = (next: (call: FakeCall) => Partial<AdminPerson>) => (call: FakeCall) => {
    person = { ...person, ...next(call) };
    return person;
  };
  return fakeApi()
    .on(moderationApi.person, () => person)
    .on(moderationApi.personSuspend, change((call) => ({ suspended: true, suspension: { reason: reasonOf(call), at: '2026-03-03T10:00:00Z' } })))
    .on(moderationApi.personLift, change(() => ({ suspended: false, suspension: null })))
    .on(moderationApi.personRole, change((call) => ({ roles: (call.body as { admin: boolean }).admin ? [ROLE_ADMIN] : [] })))
    .on(moderationApi.eventHide, (call) => {
      const hidden = { by: 'moderator' as const, reason: reasonOf(call), at: '2026-03-03T10:00:00Z' };
      person = { ...person, eventList: person.eventList.map((e) => ({ ...e, hidden })) };
      return adminEvent({ hidden });
    })
    .on(moderationApi.eventUnhide, () => {
      person = { ...person, eventList: person.eventList.map((e) => ({ ...e, hidden: null })) };
      return adminEvent();
    });
}

/** Fills the open reason dialog and confirms it. */
async function confirmWith(confirmLabel: string, reason: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: confirmLabel }));
  return dialog;
}

describe('PersonHeader', () => {
  afterEach(() => vi.unstubAllGlobals());

  const mount = () => renderWithProviders(<WithPerson>{(p) => <PersonHeader person={p} />}</WithPerson>);

  it('names the person, their address and whether it is verified', async () => {
    personServer({ emailVerified: false });
    mount();
    expect((await screen.findByTestId('admin-person-name')).textContent).toBe('Hal Host');
    expect(screen.getByTestId('admin-person-email').textContent).toBe('hal@example.test · not verified');
    // The one formatter, in the reader's locale: "Nov 2, 2025" in en-US.
    expect(screen.getByText(`Joined ${formatDate('2025-11-02T09:00:00Z', { weekday: false })}`)).toBeTruthy();
  });

  it('suspends with a reason, then shows the suspension and the way to lift it', async () => {
    const api = personServer();
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend person' }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/signed out everywhere/);
    await confirmWith('Suspend person', 'Spam, again');

    expect(await screen.findByText('Hal Host is suspended.')).toBeTruthy();
    const suspension = await screen.findByTestId('admin-person-suspension');
    expect(suspension.textContent).toMatch(/^Suspended/);
    expect(suspension.textContent).toContain(`Since ${formatDateTime('2026-03-03T10:00:00Z')}: Spam, again`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Suspend person' })).toBeNull();
    expect(api.calls(moderationApi.personSuspend)).toEqual([
      expect.objectContaining({ method: 'POST', path: pathOf(moderationApi.personSuspend, { id: ADMIN_IDS.person }), body: { reason: 'Spam, again' } }),
    ]);
  });

  it('lifts a suspension', async () => {
    const api = personServer({ suspended: true, suspension: { reason: 'Spam', at: '2026-03-01T10:00:00Z' } });
    mount();
    fireEvent.click(within(await screen.findByTestId('admin-person-suspension')).getByRole('button', { name: 'Lift suspension' }));
    await confirmWith('Lift suspension', 'Appeal accepted');
    expect(await screen.findByText('Hal Host can sign in again.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Suspend person' })).toBeTruthy();
    expect(screen.queryByTestId('admin-person-suspension')).toBeNull();
    expect(api.calls(moderationApi.personLift)[0].body).toEqual({ reason: 'Appeal accepted' });
  });

  it('can lift a suspension that has no record of its reason', async () => {
    personServer({ suspended: true, suspension: null });
    mount();
    expect(await screen.findByRole('button', { name: 'Lift suspension' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend person' })).toBeNull();
  });
});

describe('PersonRolesSection', () => {
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
  });

  const mount = () => renderWithProviders(<WithPerson>{(p) => <PersonRolesSection person={p} />}</WithPerson>);
  const section = () => screen.findByRole('region', { name: 'Roles' });

  it('grants the Admin role with a reason', async () => {
    const api = personServer();
    mount();
    expect(within(await section()).getByText('No roles.')).toBeTruthy();
    fireEvent.click(within(await section()).getByRole('button', { name: 'Grant Admin' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Give Hal Host the Admin role');
    await confirmWith('Grant Admin', 'New moderator');

    expect(await screen.findByText('Hal Host is an admin now.')).toBeTruthy();
    expect(await within(await section()).findByRole('button', { name: 'Remove Admin' })).toBeTruthy();
    expect(api.calls(moderationApi.personRole)[0].body).toEqual({ admin: true, reason: 'New moderator' });
  });

  it('removes the Admin role of someone else', async () => {
    const api = personServer({ roles: [ROLE_ADMIN] });
    signIn({ id: ADMIN_IDS.admin, roles: [ROLE_ADMIN] });
    mount();
    fireEvent.click(within(await section()).getByRole('button', { name: 'Remove Admin' }));
    await confirmWith('Remove Admin', 'Stepped down');
    expect(await screen.findByText('Hal Host is no longer an admin.')).toBeTruthy();
    expect(api.calls(moderationApi.personRole)[0].body).toEqual({ admin: false, reason: 'Stepped down' });
  });

  it('will not let an admin remove their own role, and says why on screen', async () => {
    personServer({ roles: [ROLE_ADMIN] });
    // Ids compare without regard to case.
    signIn({ id: ADMIN_IDS.person.toUpperCase(), roles: [ROLE_ADMIN] });
    mount();
    const remove = within(await section()).getByRole('button', { name: 'Remove Admin' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(remove.getAttribute('aria-describedby')).toBe('remove-admin-blocked');
    expect(document.getElementById('remove-admin-blocked')?.textContent).toBe('You cannot remove your own Admin role: another admin must do it.');
  });

  it('will not remove a role the server’s settings give', async () => {
    personServer({ roles: [ROLE_ADMIN], adminFromConfig: true });
    signIn({ id: ADMIN_IDS.admin, roles: [ROLE_ADMIN] });
    mount();
    expect((within(await section()).getByRole('button', { name: 'Remove Admin' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(await section()).getByText(/comes from the server’s ADMIN_EMAIL setting/)).toBeTruthy();
  });

  it('shows the server’s last_admin refusal in the dialog', async () => {
    personServer({ roles: [ROLE_ADMIN] }).on(moderationApi.personRole, () => problem(409, 'last_admin', 'Hal Host is the last admin.'));
    signIn({ id: ADMIN_IDS.admin, roles: [ROLE_ADMIN] });
    mount();
    fireEvent.click(within(await section()).getByRole('button', { name: 'Remove Admin' }));
    const dialog = await confirmWith('Remove Admin', 'Stepped down');
    expect(await within(dialog).findByText('Hal Host is the last admin.')).toBeTruthy();
    expect(within(await section()).getByText(ROLE_ADMIN)).toBeTruthy();
  });

  it('explains last_admin itself when the server gives no detail', async () => {
    personServer({ roles: [ROLE_ADMIN] }).on(moderationApi.personRole, () => problem(409, 'last_admin'));
    signIn({ id: ADMIN_IDS.admin, roles: [ROLE_ADMIN] });
    mount();
    fireEvent.click(within(await section()).getByRole('button', { name: 'Remove Admin' }));
    const dialog = await confirmWith('Remove Admin', 'Stepped down');
    expect(await within(dialog).findByText(/another admin must do it/)).toBeTruthy();
  });
});

describe('PersonEventsSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  const mount = () => renderWithProviders(<WithPerson>{(p) => <PersonEventsSection person={p} />}</WithPerson>);

  it('hides an event with a reason, then offers to show it again', async () => {
    const api = personServer();
    mount();
    const row = await screen.findByTestId('admin-person-event-row');
    expect(within(row).getByRole('link', { name: 'Raffle night' }).getAttribute('href')).toBe(`/event/${ADMIN_IDS.event}`);
    expect(within(row).getByText('Ended')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Hide event' }));
    await confirmWith('Hide event', 'Misleading');

    expect(await screen.findByText('“Raffle night” is hidden.')).toBeTruthy();
    expect(await within(row).findByRole('button', { name: 'Show event again' })).toBeTruthy();
    expect(within(row).getByText('Hidden by moderators')).toBeTruthy();
    expect(api.calls(moderationApi.eventHide, { id: ADMIN_IDS.event })[0].body).toEqual({ reason: 'Misleading' });
  });

  it('shows a moderator-hidden event again', async () => {
    const api = personServer({ eventList: [{ id: ADMIN_IDS.event, name: 'Raffle night', startDate: '2026-03-02T18:00:00Z', endDate: '2026-03-02T21:00:00Z', status: EventStatus.Started, hidden: { by: 'moderator', reason: 'x', at: '2026-03-01T00:00:00Z' } }] });
    mount();
    const row = await screen.findByTestId('admin-person-event-row');
    expect(within(row).getByText('Live')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Show event again' }));
    await confirmWith('Show event again', 'Fixed by the host');
    expect(await screen.findByText('“Raffle night” is visible again.')).toBeTruthy();
    expect(await within(row).findByRole('button', { name: 'Hide event' })).toBeTruthy();
    expect(api.calls(moderationApi.eventUnhide)).toHaveLength(1);
  });

  it('still lets moderators hide an event the suspension hid', async () => {
    personServer({ eventList: [{ id: ADMIN_IDS.event, name: 'Raffle night', startDate: '2026-03-02T18:00:00Z', endDate: '2026-03-02T21:00:00Z', status: EventStatus.Canceled, hidden: { by: 'suspension', reason: 'x', at: '2026-03-01T00:00:00Z' } }] });
    mount();
    const row = await screen.findByTestId('admin-person-event-row');
    expect(within(row).getByText('Hidden: host suspended')).toBeTruthy();
    expect(within(row).getByText('Canceled')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Hide event' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Show event again' })).toBeNull();
  });

  it('says how many of their events it shows, and when there are none', async () => {
    personServer({ events: 7 });
    const first = mount();
    expect((await screen.findByRole('region', { name: 'Events (7)' })).textContent).toContain('The newest 1 of 7.');
    first.unmount();

    personServer({ events: 0, eventList: [] });
    mount();
    expect(within(await screen.findByRole('region', { name: 'Events (0)' })).getByText('No events.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('admin-person-events')).toBeNull());
  });
});
