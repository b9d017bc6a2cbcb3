import { describe, expect, it } from 'vitest';
import { formatDay } from './event-dates';

describe('formatDay', () => {
  it('is the contract formatter’s date in the event’s zone', () => {
    // 02:00 UTC on the 26th is still the 25th in Chicago.
    expect(formatDay('2026-11-26T02:00:00Z', 'America/Chicago', 'en-US')).toMatch(/^Wed, Nov 25/);
    expect(formatDay('2026-11-26T02:00:00Z', 'Europe/Berlin', 'en-US')).toMatch(/^Thu, Nov 26/);
  });
});
