import { describe, expect, it } from 'vitest';
import { zonedWallClockToUtc } from './zoned-time.js';

describe('zonedWallClockToUtc', () => {
  it('converts wall clocks in and out of daylight saving', () => {
    expect(zonedWallClockToUtc({ year: 2026, month: 7, day: 4, hour: 19, minute: 0 }, 'America/Chicago').toISOString()).toBe('2026-07-05T00:00:00.000Z');
    expect(zonedWallClockToUtc({ year: 2026, month: 12, day: 4, hour: 19, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-12-05T00:30:00.000Z');
    expect(zonedWallClockToUtc({ year: 2026, month: 12, day: 4, hour: 9, minute: 0 }, 'UTC').toISOString()).toBe('2026-12-04T09:00:00.000Z');
  });
});
