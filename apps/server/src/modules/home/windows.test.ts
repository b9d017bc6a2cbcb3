import { describe, expect, it } from 'vitest';
import { tonightWindow, weekendWindow } from './windows.js';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('tonightWindow', () => {
  it('in the morning: from 5 PM today to 4 AM, for events starting from 4 AM today', () => {
    // Wed 2026-11-25 11:40 CST (UTC-6).
    const w = tonightWindow(at('2026-11-25T17:40:00Z'), CHICAGO);
    expect(iso(w.startFrom)).toBe('2026-11-25T10:00:00.000Z');
    expect(iso(w.from)).toBe('2026-11-25T23:00:00.000Z');
    expect(iso(w.endsAfter)).toBe('2026-11-25T23:00:00.000Z');
    expect(iso(w.to)).toBe('2026-11-26T10:00:00.000Z');
    expect(w.startTo).toEqual(w.to);
    expect([w.searchFrom, w.searchDays]).toEqual(['2026-11-25', 1]);
  });

  it('in the evening: from now', () => {
    const now = at('2026-11-26T02:30:00Z'); // Wed 20:30 CST
    const w = tonightWindow(now, CHICAGO);
    expect(w.from).toEqual(now);
    expect(w.endsAfter).toEqual(now);
    expect(iso(w.startFrom)).toBe('2026-11-25T10:00:00.000Z');
    expect(iso(w.to)).toBe('2026-11-26T10:00:00.000Z');
  });

  it('after midnight it is still last night, until 4 AM', () => {
    const now = at('2026-11-26T07:30:00Z'); // Thu 01:30 CST
    const w = tonightWindow(now, CHICAGO);
    expect(iso(w.startFrom)).toBe('2026-11-25T10:00:00.000Z');
    expect(w.from).toEqual(now);
    expect(iso(w.to)).toBe('2026-11-26T10:00:00.000Z');
    // At 4:30 AM a new day has begun.
    expect(w.searchFrom).toBe('2026-11-25');
    expect(iso(tonightWindow(at('2026-11-26T10:30:00Z'), CHICAGO).from)).toBe('2026-11-26T23:00:00.000Z');
  });

  it('reads the wall clock of the zone it is given, across a daylight-saving change', () => {
    // Sat 2026-03-07 noon in Chicago (CST); the night runs into Sunday, when clocks go forward.
    const w = tonightWindow(at('2026-03-07T18:00:00Z'), CHICAGO);
    expect(iso(w.from)).toBe('2026-03-07T23:00:00.000Z');
    expect(iso(w.to)).toBe('2026-03-08T09:00:00.000Z'); // 4 AM CDT (UTC-5)
    expect(iso(tonightWindow(at('2026-11-25T17:40:00Z'), 'Europe/Berlin').from)).toBe('2026-11-25T17:40:00.000Z');
  });
});

describe('weekendWindow', () => {
  it('on a weekday: the coming Friday 5 PM to Monday 4 AM', () => {
    const w = weekendWindow(at('2026-11-25T17:40:00Z'), CHICAGO); // Wednesday
    expect(w.isNext).toBe(false);
    expect(iso(w.startFrom)).toBe('2026-11-27T10:00:00.000Z');
    expect(iso(w.from)).toBe('2026-11-27T23:00:00.000Z');
    expect(iso(w.to)).toBe('2026-11-30T10:00:00.000Z');
    expect([w.searchFrom, w.searchDays]).toEqual(['2026-11-27', 3]);
  });

  it('on a Saturday: this weekend, from now', () => {
    const now = at('2026-11-28T16:00:00Z'); // Saturday 10:00 CST
    const w = weekendWindow(now, CHICAGO);
    expect(w.isNext).toBe(false);
    expect(iso(w.startFrom)).toBe('2026-11-27T10:00:00.000Z');
    expect(w.from).toEqual(now);
    expect(iso(w.to)).toBe('2026-11-30T10:00:00.000Z');
  });

  it('early on Saturday and Monday mornings count as the night before', () => {
    expect(iso(weekendWindow(at('2026-11-28T08:00:00Z'), CHICAGO).to)).toBe('2026-11-30T10:00:00.000Z'); // Sat 02:00
    const monday = weekendWindow(at('2026-11-30T08:00:00Z'), CHICAGO); // Mon 02:00: still Sunday night
    expect(monday.isNext).toBe(true);
    expect(iso(monday.from)).toBe('2026-12-04T23:00:00.000Z');
  });

  it('on a Sunday: the next weekend', () => {
    const w = weekendWindow(at('2026-11-29T18:00:00Z'), CHICAGO); // Sunday noon
    expect(w.isNext).toBe(true);
    expect(iso(w.from)).toBe('2026-12-04T23:00:00.000Z');
    expect(iso(w.to)).toBe('2026-12-07T10:00:00.000Z');
  });
});
