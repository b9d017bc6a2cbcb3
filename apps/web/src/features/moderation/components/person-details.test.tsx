import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_PERSON_LIST_MAX } from '@hubbub/contract';
import { adminPerson } from '@/test/admin-fixtures';
import { renderWithProviders } from '@/test/render';
import { PersonReportsSection } from './person-reports';
import { PersonSignInSection } from './person-sign-in';

const session = (i: number, revoked: string | null = null, revokedReason: string | null = null) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  created: '2026-03-01T10:00:00Z',
  revoked,
  revokedReason,
});

describe('PersonSignInSection', () => {
  it('names each way to sign in and lists the sessions, active or why they ended', () => {
    renderWithProviders(<PersonSignInSection person={adminPerson({ signInMethods: ['password', 'google', 'passkey'], sessions: [session(1), session(2, '2026-03-02T10:00:00Z', 'logout')] })} />);
    const region = screen.getByRole('region', { name: 'Sign-in and sessions' });
    // An unknown method is named as the server names it.
    for (const method of ['Password', 'Google', 'passkey']) expect(within(region).getByText(method)).toBeTruthy();
    const [, active, ended] = within(screen.getByTestId('admin-person-sessions')).getAllByRole('row');
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(ended).getByText('logout')).toBeTruthy();
    expect(within(region).getByText('Every session, newest first.')).toBeTruthy();
    // The table scrolls sideways on a phone: keyboard users reach it.
    expect(screen.getByRole('region', { name: 'Sessions' }).tabIndex).toBe(0);
  });

  it('says when the list is cut at the newest sessions', () => {
    renderWithProviders(<PersonSignInSection person={adminPerson({ sessions: Array.from({ length: ADMIN_PERSON_LIST_MAX }, (_, i) => session(i)) })} />);
    expect(screen.getByText(`The newest ${ADMIN_PERSON_LIST_MAX} sessions.`)).toBeTruthy();
  });

  it('says plainly when there is no way to sign in and no session', () => {
    renderWithProviders(<PersonSignInSection person={adminPerson({ signInMethods: [], sessions: [] })} />);
    expect(screen.getByText('nothing (no password, no connected account)')).toBeTruthy();
    expect(screen.getByText('No sessions.')).toBeTruthy();
    expect(screen.queryByTestId('admin-person-sessions')).toBeNull();
  });
});

describe('PersonReportsSection', () => {
  it('counts the open reports about the person by reason', () => {
    renderWithProviders(<PersonReportsSection person={adminPerson({ openReports: 3, reasons: [{ reason: 'spam', count: 2 }, { reason: 'other', count: 1 }] })} />);
    const region = screen.getByRole('region', { name: 'Open reports about them (3)' });
    expect(within(region).getByTestId('admin-person-reports').textContent).toBe('Spam × 2Something else × 1');
  });

  it('says when nobody has reported them', () => {
    renderWithProviders(<PersonReportsSection person={adminPerson()} />);
    expect(within(screen.getByRole('region', { name: 'Open reports about them (0)' })).getByText('Nobody has reported this person.')).toBeTruthy();
  });
});
