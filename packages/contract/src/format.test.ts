import { describe, expect, it } from 'vitest';
import { eventTimes, firstDayOfWeek, formatDate, formatDateTime, formatNumber, formatRange, timeZoneLabel } from './format.js';

const now = new Date('2026-11-24T12:00:00Z');
const start = '2026-11-26T01:00:00Z';
const end = '2026-11-26T04:00:00Z';

// Intl's output carries narrow no-break and thin spaces; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

describe('the one date formatter', () => {
  it.each([
    ['en-US', 'America/Chicago', 'Wed, Nov 25, 7:00 – 10:00 PM CST'],
    ['en-US', 'Europe/Berlin', 'Thu, Nov 26, 2:00 – 5:00 AM GMT+1'],
    ['en-GB', 'America/Chicago', 'Wed 25 Nov, 19:00–22:00 GMT-6'],
    ['en-GB', 'Europe/Berlin', 'Thu 26 Nov, 02:00–05:00 CET'],
    ['de-DE', 'America/Chicago', 'Mi., 25. Nov., 19:00–22:00 Uhr GMT-6'],
    ['de-DE', 'Europe/Berlin', 'Do., 26. Nov., 02:00–05:00 Uhr MEZ'],
  ])('a range in %s, %s', (locale, timeZone, expected) => {
    expect(plain(formatRange(start, end, { locale, timeZone, now }))).toBe(expected);
  });

  it.each([
    ['en-US', 'Wed, Nov 25, 7:00 PM', 'Wed, Nov 25'],
    ['en-GB', 'Wed 25 Nov, 19:00', 'Wed 25 Nov'],
    ['de-DE', 'Mi., 25. Nov., 19:00', 'Mi., 25. Nov.'],
  ])('a moment and a day in %s', (locale, moment, day) => {
    expect(plain(formatDateTime(start, { locale, timeZone: 'America/Chicago', now }))).toBe(moment);
    expect(plain(formatDate(start, { locale, timeZone: 'America/Chicago', now }))).toBe(day);
  });

  it('names the year only when it is not the current one', () => {
    expect(plain(formatDate('2027-01-05T18:00:00Z', { locale: 'en-US', timeZone: 'UTC', now }))).toBe('Tue, Jan 5, 2027');
  });

  it("gives the reader's reading only when it differs from the event's", () => {
    const event = { startDate: start, endDate: end, timeZone: 'America/Chicago' };
    expect(eventTimes(event, { locale: 'en-US', viewerZone: 'America/Chicago', now }).viewer).toBeNull();
    expect(plain(eventTimes(event, { locale: 'en-US', viewerZone: 'America/New_York', now }).viewer ?? '')).toBe('Wed, Nov 25, 8:00 – 11:00 PM EST');
  });

  it('writes numbers and zones as people read them', () => {
    expect(formatNumber(3008, { locale: 'en-US' })).toBe('3,008');
    expect(formatNumber(3008, { locale: 'de-DE' })).toBe('3.008');
    expect(timeZoneLabel('America/Chicago', { locale: 'en-US' })).toBe('Central Time (Chicago)');
    expect(timeZoneLabel('Not/AZone')).toBe('Not/AZone');
  });

  it("starts weeks on the locale's first day", () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('de-DE')).toBe(1);
  });
});
