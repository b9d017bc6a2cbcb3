import { describe, expect, it } from 'vitest';
import { addDays, choiceFor, describeRange, isDay, presetWindow, rangeFromWindow, todayIn, windowFromRange, windowToRequest } from './date-window';

// 2025-06-04 is a Wednesday.
const WED = '2025-06-04';

describe('date windows', () => {
  it('knows real days', () => {
    expect(isDay('2025-02-28')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-6-4')).toBe(false);
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('computes today in the viewer zone', () => {
    const now = new Date('2025-06-05T02:00:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2025-06-04');
    expect(todayIn('Europe/Berlin', now)).toBe('2025-06-05');
  });

  it('has simple presets from today', () => {
    expect(presetWindow('today', WED)).toEqual({ from: WED, days: 1 });
    expect(presetWindow('week', WED)).toEqual({ from: WED, days: 7 });
    expect(presetWindow('month', WED)).toEqual({ from: WED, days: 30 });
  });

  it('finds this weekend from any day', () => {
    expect(presetWindow('weekend', WED)).toEqual({ from: '2025-06-07', days: 2 });
    expect(presetWindow('weekend', '2025-06-06')).toEqual({ from: '2025-06-07', days: 2 }); // Friday
    expect(presetWindow('weekend', '2025-06-07')).toEqual({ from: '2025-06-07', days: 2 }); // Saturday
    expect(presetWindow('weekend', '2025-06-08')).toEqual({ from: '2025-06-08', days: 1 }); // Sunday
    expect(presetWindow('weekend', '2025-06-09')).toEqual({ from: '2025-06-14', days: 2 }); // Monday
    // Across a month end.
    expect(presetWindow('weekend', '2025-05-29')).toEqual({ from: '2025-05-31', days: 2 });
  });

  it('recognises presets and calls the rest custom', () => {
    expect(choiceFor({ from: WED, days: 7 }, WED)).toBe('week');
    expect(choiceFor({ from: '2025-06-07', days: 2 }, WED)).toBe('weekend');
    expect(choiceFor({ from: '2025-06-07', days: 2 }, '2025-06-08')).toBe('custom');
    expect(choiceFor({ from: '2025-06-05', days: 7 }, WED)).toBe('custom');
  });

  it('turns a picked range into a window and back, ends included', () => {
    expect(windowFromRange('2025-06-03', '2025-06-09')).toEqual({ from: '2025-06-03', days: 7 });
    expect(windowFromRange('2025-06-09', '2025-06-03')).toEqual({ from: '2025-06-03', days: 7 });
    expect(windowFromRange('2025-06-03', null)).toBeNull();
    expect(windowFromRange('2025-01-01', '2027-01-01')?.days).toBe(366);
    expect(rangeFromWindow({ from: '2025-06-03', days: 7 })).toEqual(['2025-06-03', '2025-06-09']);
  });

  it('starts the request at midnight in the viewer zone', () => {
    expect(windowToRequest({ from: '2025-06-04', days: 7 }, 'America/New_York')).toEqual({ startDate: '2025-06-04T04:00:00.000Z', days: 7 });
    expect(windowToRequest({ from: '2025-01-04', days: 1 }, 'America/New_York').startDate).toBe('2025-01-04T05:00:00.000Z');
    expect(windowToRequest({ from: '2025-06-04', days: 1 }, 'UTC').startDate).toBe('2025-06-04T00:00:00.000Z');
  });

  it('describes a custom range', () => {
    expect(describeRange({ from: '2025-06-03', days: 7 }, 'en-US')).toMatch(/^Jun 3\s*–\s*9, 2025$/);
    expect(describeRange({ from: '2025-06-03', days: 1 }, 'en-US')).toBe('Jun 3, 2025');
  });
});
