import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { signIn, signOut } from '@/test/session';
import { saveTickets } from '../lib/saved-tickets';
import { SavedEventTickets } from './saved-tickets';

const ANA = { id: '6f1d2c3b-4a5e-4f60-8b7a-9c8d7e6f5a41', name: 'Ana Arrives' };
const EVENT_ID = '0b3c8f9e-2f1a-4d6e-9c1b-3a2b1c0d9e8f';

afterEach(async () => {
  await signOut();
  localStorage.clear();
});

describe('tickets kept on this device', () => {
  it('say when the event is as every event card does: start to end, in its own zone', () => {
    signIn(ANA);
    saveTickets(ANA.id, {
      event: { id: EVENT_ID, name: 'Warehouse Show', startDate: '2026-12-05T01:00:00Z', endDate: '2026-12-05T03:30:00Z', timeZone: 'America/Chicago', venue: 'Dock 4' },
      holder: ANA.name,
      tickets: [{ goingId: 'a1b2c3d4-0000-4000-8000-000000000001', seat: 0, code: 'HB1.test', checkedInAt: null }],
    });
    renderWithProviders(<SavedEventTickets eventId={EVENT_ID} />);
    const when = screen.getByTestId('saved-tickets-when').textContent ?? '';
    expect(when).toMatch(/Fri, Dec 4, 7:00\s.\s9:30\sPM CST · Dock 4/);
  });
});
