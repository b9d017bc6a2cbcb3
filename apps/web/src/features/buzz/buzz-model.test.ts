import { describe, expect, it } from 'vitest';
import type { Timeline } from '@hubbub/contract';
import { isoToLocalInput, launchWindow, localInputToIso, quietStageText, sortTimelines } from './buzz-model';

const t = (id: string, state: Timeline['state'], start: string): Timeline => ({
  id,
  eventId: id,
  launchDate: start,
  startDate: start,
  endDate: start,
  flyerIds: [],
  state,
  repeatEverySeconds: null,
});

describe('buzz model', () => {
  it('says why the stage is empty, by phase', () => {
    expect(quietStageText('live')).toBe('No flyers are showing right now.');
    expect(quietStageText('upcoming')).toMatch(/not live right now/);
    expect(quietStageText('ended')).toMatch(/has ended/);
    expect(quietStageText('canceled')).toMatch(/canceled/);
  });

  it('builds a launch window from now', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(launchWindow(now, 15)).toEqual({ startDate: '2026-01-01T10:00:00.000Z', endDate: '2026-01-01T10:15:00.000Z' });
  });

  it('reads date-time picker values, and writes them back', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('nonsense')).toBeNull();
    expect(localInputToIso('2026-01-01 10:00:00')).toMatch(/^2026-01-01T\d\d:00:00.000Z$/);
    const date = new Date(2026, 0, 1, 10, 5);
    expect(isoToLocalInput(date)).toBe('2026-01-01 10:05:00');
    expect(localInputToIso(isoToLocalInput(date))).toBe(date.toISOString());
  });

  it('sorts the timeline: active, scheduled soonest, then finished latest', () => {
    const sorted = sortTimelines([
      t('d1', 'Done', '2026-01-01T01:00:00Z'),
      t('s2', 'Scheduled', '2026-01-03T00:00:00Z'),
      t('a', 'Active', '2026-01-02T00:00:00Z'),
      t('s1', 'Scheduled', '2026-01-02T12:00:00Z'),
      t('d2', 'Done', '2026-01-01T05:00:00Z'),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['a', 's1', 's2', 'd2', 'd1']);
  });
});
