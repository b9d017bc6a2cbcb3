import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventPhases, EVENT_PHASE_LABELS, EventStatus, phaseWithSession } from '@hubbub/contract';
import { renderWithProviders } from '@/test/render';
import { BuzzHeader } from './buzz-header';

const props = {
  eventId: '6f1b3f0e-2c4d-4a5b-9c8d-7e6f5a4b3c2d',
  name: 'Rooftop Jazz & Tacos',
  when: 'Wed, Nov 25, 7:00 – 10:00 PM CST',
  watchers: 2,
  sound: null,
  onPartners: () => {},
  fullscreen: { active: false, toggle: () => Promise.resolve(true) },
};

describe('the buzz header', () => {
  it.each(EventPhases)('names the %s phase in plain words, never "Not started"', (phase) => {
    renderWithProviders(<BuzzHeader {...props} phase={phase} />);
    const badge = screen.getByTestId('session-state');
    expect(badge.textContent).toBe(EVENT_PHASE_LABELS[phase]);
    expect(badge.getAttribute('data-state')).toBe(phase);
    expect(document.body.textContent).not.toMatch(/not started|Created|Completed/i);
    expect(screen.getByText(/Wed, Nov 25, 7:00 – 10:00 PM CST/)).toBeTruthy();
  });

  it('after the host stops before the event: Upcoming, not Ended (the issue’s NOT STARTED with flyers on stage)', () => {
    const event = { status: EventStatus.Started, startDate: '2026-11-26T01:00:00Z', endDate: '2026-11-26T04:00:00Z' };
    const phase = phaseWithSession(event, 'Stopped', new Date('2026-11-25T17:40:00Z'));
    renderWithProviders(<BuzzHeader {...props} phase={phase} />);
    expect(screen.getByTestId('session-state').textContent).toBe('Upcoming');
  });
});
