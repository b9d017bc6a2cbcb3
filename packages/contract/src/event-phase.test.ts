import { describe, expect, it } from 'vitest';
import { eventPhase, statusAfterStop } from './event-phase.js';

const at = (iso: string) => new Date(iso);
const tonight = { startDate: '2026-11-25T01:00:00Z', endDate: '2026-11-25T04:00:00Z' };

describe('eventPhase', () => {
  it.each([
    ['upcoming before its start', 0, '2026-11-24T17:40:00Z', 'upcoming'],
    ['happening between start and end', 0, '2026-11-25T02:00:00Z', 'happening'],
    ['ended once its end has passed', 0, '2026-11-25T04:00:00Z', 'ended'],
    ['live while a buzz runs, even before the start', 1, '2026-11-24T17:40:00Z', 'live'],
    ['canceled whatever the dates', 3, '2026-11-25T02:00:00Z', 'canceled'],
    ['upcoming though stored Completed by an early Stop', 2, '2026-11-24T17:40:00Z', 'upcoming'],
  ] as const)('%s', (_, status, now, phase) => {
    expect(eventPhase({ ...tonight, status }, at(now))).toBe(phase);
  });
});

describe('statusAfterStop', () => {
  it('leaves a future event Created and marks a past one Completed', () => {
    expect(statusAfterStop(tonight, at('2026-11-24T17:40:00Z'))).toBe(0);
    expect(statusAfterStop(tonight, at('2026-11-25T02:00:00Z'))).toBe(0);
    expect(statusAfterStop(tonight, at('2026-11-25T05:00:00Z'))).toBe(2);
  });
});
