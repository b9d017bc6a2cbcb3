import { afterEach, describe, expect, it } from 'vitest';
import { allSavedTickets, forgetTickets, saveTickets, savedTicketsOf, type SavedTickets } from './saved-tickets';

const ticket = { goingId: '0b3c8f9e-2f1a-4d6e-9c1b-3a2b1c0d9e8f', seat: 0, code: 'HB1.x', checkedInAt: null };
const saved = (id: string, startDate: string, endDate: string): SavedTickets => ({
  event: { id, name: `Show ${id}`, startDate, endDate, timeZone: 'America/Chicago', venue: null },
  holder: 'Ana',
  tickets: [ticket],
});

const ANA = 'user-ana';
afterEach(() => localStorage.clear());

describe('tickets kept on the device', () => {
  it('lists those still of use soonest first, and drops those a day past their end', () => {
    saveTickets(ANA, saved('later', '2026-12-10T01:00:00Z', '2026-12-10T03:00:00Z'));
    saveTickets(ANA, saved('sooner', '2026-12-01T01:00:00Z', '2026-12-01T03:00:00Z'));
    saveTickets(ANA, saved('over', '2026-11-20T01:00:00Z', '2026-11-20T03:00:00Z'));
    expect(allSavedTickets(ANA, new Date('2026-11-29T00:00:00Z')).map((s) => s.event.id)).toEqual(['sooner', 'later']);
    expect(savedTicketsOf(ANA, 'over')).toBeUndefined();
    // Another account on the same device sees none of them.
    expect(allSavedTickets('user-ben', new Date('2026-11-29T00:00:00Z'))).toEqual([]);
    expect(savedTicketsOf('user-ben', 'sooner')).toBeUndefined();
  });

  it('forgets one event’s tickets, and ignores what is not a saved ticket', () => {
    saveTickets(ANA, saved('a', '2026-12-01T01:00:00Z', '2026-12-01T03:00:00Z'));
    forgetTickets(ANA, 'a');
    expect(savedTicketsOf(ANA, 'a')).toBeUndefined();
    localStorage.setItem(`hubbub.private.tickets.${ANA}.b`, '{"not":"tickets"}');
    expect(savedTicketsOf(ANA, 'b')).toBeUndefined();
    expect(allSavedTickets(ANA, new Date('2026-11-29T00:00:00Z'))).toEqual([]);
  });
});
