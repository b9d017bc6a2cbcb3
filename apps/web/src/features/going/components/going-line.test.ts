import { describe, expect, it } from 'vitest';
import type { GoingSummary } from '@hubbub/contract';
import { goingLine } from './going-panel';

const summary = (over: Partial<GoingSummary> & { capacity?: number | null }): GoingSummary => {
  const { capacity = null, ...rest } = over;
  return { eventId: '00000000-0000-4000-8000-000000000000', going: 0, seatsTaken: 0, waitlisted: 0, pending: 0, settings: { capacity, maxGuests: 0, offerHours: 24, approval: false, questions: [] }, mine: null, ...rest };
};

describe('goingLine', () => {
  it('says how many are going, the seats left and the line, as far as they apply', () => {
    expect(goingLine(summary({ going: 3, seatsTaken: 3 }))).toBe('3 going');
    expect(goingLine(summary({ going: 3, seatsTaken: 5, capacity: 50 }))).toBe('3 going · 45 seats left of 50');
    expect(goingLine(summary({ going: 1, seatsTaken: 49, capacity: 50 }))).toBe('1 going · 1 seat left of 50');
    expect(goingLine(summary({ going: 2, seatsTaken: 2, capacity: 2, waitlisted: 1200 }))).toBe('2 going · Full · 1,200 on the waitlist');
    // A lowered capacity leaves more seats taken than there are: still just full.
    expect(goingLine(summary({ going: 4, seatsTaken: 4, capacity: 1 }))).toBe('4 going · Full');
  });
});
