import { describe, expect, it } from 'vitest';
import { eventTimes, formatRangeIn, isValidTimeZone } from './event-dates';

const now = new Date('2025-05-01T12:00:00Z');
const opts = { locale: 'en-US', now };
// 7 to 10 PM in Chicago on Saturday 7 June 2025 (CDT, UTC-5).
const concert = { startDate: '2025-06-08T00:00:00.000Z', endDate: '2025-06-08T03:00:00.000Z', timeZone: 'America/Chicago' };

const normalise = (s: string | null) => s?.replace(/[\u202f\u2009]/g, ' ');

describe('event dates', () => {
  it('formats a same-day range once, in the event zone, without the current year', () => {
    expect(normalise(formatRangeIn(concert.startDate, concert.endDate, concert.timeZone, opts))).toBe('Sat, Jun 7, 7:00 – 10:00 PM CDT');
  });

  it('adds the year for events in another year', () => {
    const text = formatRangeIn('2026-01-10T18:00:00Z', '2026-01-10T20:00:00Z', 'UTC', opts);
    expect(text).toContain('2026');
  });

  it('shows both readings when the viewer is elsewhere', () => {
    const times = eventTimes(concert, 'Europe/Berlin', opts);
    expect(normalise(times.local)).toBe('Sat, Jun 7, 7:00 – 10:00 PM CDT');
    // Berlin is 7 hours ahead: 2 to 5 AM on Sunday.
    expect(normalise(times.viewer)).toMatch(/^Sun, Jun 8, 2:00 – 5:00 AM GMT\+2$/);
  });

  it('shows one reading when the zones agree', () => {
    expect(eventTimes(concert, 'America/Chicago', opts).viewer).toBeNull();
    // A different name for the same offsets reads the same too.
    expect(eventTimes(concert, 'America/Winnipeg', opts).viewer).toBeNull();
  });

  it('spans days', () => {
    const festival = { startDate: '2025-06-06T15:00:00Z', endDate: '2025-06-08T22:00:00Z', timeZone: 'America/New_York' };
    const text = normalise(eventTimes(festival, 'America/New_York', opts).local)!;
    expect(text).toContain('Fri, Jun 6');
    expect(text).toContain('Sun, Jun 8');
  });

  it('survives an unknown zone or a bad date', () => {
    expect(formatRangeIn(concert.startDate, concert.endDate, 'Mars/Olympus', opts)).toContain('UTC');
    expect(formatRangeIn('nope', concert.endDate, 'UTC', opts)).toBe('');
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
  });
});
