import { describe, expect, it } from 'vitest';
import { EVENT_PHASE_LABELS, EventPhases, eventPhase, phaseWithSession, statusAfterStop } from './event-phase.js';

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

describe('phaseWithSession', () => {
  const before = at('2026-11-24T17:40:00Z');
  it.each([
    ['nothing heard: the loaded status', 0, null, before, 'upcoming'],
    ['a Start heard on an event loaded as not live', 0, 'Started', before, 'live'],
    ['an Update heard keeps it live', 0, 'Updated', before, 'live'],
    ['a Stop heard before the start: upcoming again, not ended', 1, 'Stopped', before, 'upcoming'],
    ['a Stop heard during the event: happening', 1, 'Stopped', at('2026-11-25T02:00:00Z'), 'happening'],
    ['a Stop heard after the end: ended', 1, 'Stopped', at('2026-11-25T05:00:00Z'), 'ended'],
    ['canceled whatever the hub says', 3, 'Started', before, 'canceled'],
  ] as const)('%s', (_, status, session, now, phase) => {
    expect(phaseWithSession({ ...tonight, status }, session, now)).toBe(phase);
  });
});

describe('EVENT_PHASE_LABELS', () => {
  it('names every phase in plain words, none of the stored status names', () => {
    expect(EventPhases.map((p) => EVENT_PHASE_LABELS[p])).toEqual(['Upcoming', 'Happening now', 'Live', 'Ended', 'Canceled']);
    for (const label of Object.values(EVENT_PHASE_LABELS)) expect(label).not.toMatch(/^(Created|Started|Completed)$/i);
  });
});
