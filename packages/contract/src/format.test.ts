import { describe, expect, it } from 'vitest';
import { eventTimes, firstDayOfWeek, formatDate, formatDateTime, formatMoney, formatNumber, formatRange, supportedLocale, timeZoneLabel, weekendDays, zonedWallClockToUtc } from './format.js';

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

  it('names the year always, or never, when told', () => {
    expect(plain(formatDateTime(start, { locale: 'en-US', timeZone: 'America/Chicago', now, year: true }))).toBe('Wed, Nov 25, 2026, 7:00 PM');
    expect(plain(formatRange(start, end, { locale: 'en-US', timeZone: 'America/Chicago', now, year: true }))).toBe('Wed, Nov 25, 2026, 7:00 – 10:00 PM CST');
    expect(plain(formatDate('2027-01-05T18:00:00Z', { locale: 'en-US', timeZone: 'UTC', now, year: false }))).toBe('Tue, Jan 5');
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
    expect(firstDayOfWeek('ar-EG')).toBe(6);
  });

  it("knows the locale's weekend", () => {
    expect(weekendDays('en-US')).toEqual([6, 0]);
    expect(weekendDays('de-DE')).toEqual([6, 0]);
    // Friday and Saturday in Egypt; Sunday alone in India.
    expect(weekendDays('ar-EG')).toEqual([5, 6]);
    expect(weekendDays('en-IN')).toEqual([0]);
    expect(weekendDays('not a locale')).toEqual([0, 6]);
  });

  it('writes money in minor units, whole amounts without cents when asked', () => {
    expect(plain(formatMoney(1500, 'usd', { locale: 'en-US' }))).toBe('$15.00');
    expect(plain(formatMoney(1500, 'usd', { locale: 'en-US', trimWhole: true }))).toBe('$15');
    expect(plain(formatMoney(450, 'usd', { locale: 'en-US', trimWhole: true }))).toBe('$4.50');
    expect(plain(formatMoney(99000, 'eur', { locale: 'de-DE', trimWhole: true }))).toBe('990 €');
    expect(plain(formatMoney(1234, 'eur', { locale: 'de-DE' }))).toBe('12,34 €');
    // A currency without minor units counts whole yen.
    expect(plain(formatMoney(1500, 'jpy', { locale: 'en-US' }))).toBe('¥1,500');
  });

  it('converts wall clocks in and out of daylight saving', () => {
    expect(zonedWallClockToUtc({ year: 2026, month: 7, day: 4, hour: 19, minute: 0 }, 'America/Chicago').toISOString()).toBe('2026-07-05T00:00:00.000Z');
    expect(zonedWallClockToUtc({ year: 2026, month: 12, day: 4, hour: 19, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-12-05T00:30:00.000Z');
    expect(zonedWallClockToUtc({ year: 2026, month: 12, day: 4, hour: 9, minute: 0 }, 'UTC').toISOString()).toBe('2026-12-04T09:00:00.000Z');
  });

  it('knows which locales it can write in', () => {
    expect(supportedLocale('de-ch')).toBe('de-CH');
    expect(supportedLocale('en-US')).toBe('en-US');
    expect(supportedLocale('not a tag')).toBeNull();
    expect(supportedLocale('')).toBeNull();
  });
});
