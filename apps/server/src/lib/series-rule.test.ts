import { describe, expect, it } from 'vitest';
import { SERIES_MAX_DATES, SeriesRuleError, parseSeriesRule, seriesDates } from './series-rule.js';

// Issue 29, acceptance 1: a series' dates keep their wall-clock time across daylight saving
// changes, in the event's own zone; "second Tuesday", "last Friday", UNTIL and COUNT.

const Z = (iso: string) => new Date(iso).toISOString();

describe('series dates in the event\'s own time zone', () => {
  it('every Tuesday at 7 PM in Chicago stays 7 PM when daylight saving time ends (Nov 1, 2026)', () => {
    // 7 PM CDT is 00:00Z the next day; 7 PM CST is 01:00Z.
    expect(seriesDates({ rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', start: '2026-10-20T19:00:00-05:00', timeZone: 'America/Chicago' })).toEqual(
      ['2026-10-21T00:00:00Z', '2026-10-28T00:00:00Z', '2026-11-04T01:00:00Z', '2026-11-11T01:00:00Z'].map(Z),
    );
  });

  it('daily at 9 AM in Paris across the end of summer time (Oct 25, 2026), and 2:30 AM on the night the clocks skip it', () => {
    expect(seriesDates({ rule: 'FREQ=DAILY;COUNT=3', start: '2026-10-24T09:00:00+02:00', timeZone: 'Europe/Paris' })).toEqual(
      ['2026-10-24T07:00:00Z', '2026-10-25T08:00:00Z', '2026-10-26T08:00:00Z'].map(Z),
    );
    // 2:30 AM does not exist on Mar 29, 2026 in Paris: that date starts when the clocks jump, at 3:30 AM summer time.
    expect(seriesDates({ rule: 'RRULE:FREQ=DAILY;COUNT=3', start: '2026-03-28T02:30:00+01:00', timeZone: 'Europe/Paris' })).toEqual(
      ['2026-03-28T01:30:00Z', '2026-03-29T01:30:00Z', '2026-03-30T00:30:00Z'].map(Z),
    );
  });

  it('monthly on the second Tuesday and on the last Friday', () => {
    // US daylight saving time starts Mar 8, 2026: March's 7 PM is 00:00Z.
    expect(seriesDates({ rule: 'FREQ=MONTHLY;BYDAY=2TU;COUNT=3', start: '2026-01-13T19:00:00-06:00', timeZone: 'America/Chicago' })).toEqual(
      ['2026-01-14T01:00:00Z', '2026-02-11T01:00:00Z', '2026-03-11T00:00:00Z'].map(Z),
    );
    expect(seriesDates({ rule: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=4', start: '2026-01-30T18:00:00+01:00', timeZone: 'Europe/Paris' })).toEqual(
      ['2026-01-30T17:00:00Z', '2026-02-27T17:00:00Z', '2026-03-27T17:00:00Z', '2026-04-24T16:00:00Z'].map(Z),
    );
  });

  it('UNTIL is an instant: a date starting after it is not in the series', () => {
    const base = { start: '2026-11-03T18:00:00-06:00', timeZone: 'America/Chicago' };
    // Thu Nov 12 at 6 PM CST is Nov 13 00:00Z, after 23:59:59Z on Nov 12.
    expect(seriesDates({ ...base, rule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261112T235959Z' })).toEqual(['2026-11-04T00:00:00Z', '2026-11-06T00:00:00Z', '2026-11-11T00:00:00Z'].map(Z));
    expect(seriesDates({ ...base, rule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261113T060000Z' })).toHaveLength(4);
  });

  it('every other week, within a window and a limit: never unbounded', () => {
    const base = { rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', start: '2026-01-05T12:00:00Z', timeZone: 'UTC' };
    const window = seriesDates({ ...base, from: '2026-03-01T00:00:00Z', windowDays: 31 });
    expect(window).toEqual(['2026-03-02T12:00:00Z', '2026-03-16T12:00:00Z', '2026-03-30T12:00:00Z'].map(Z));
    // A daily rule with no end gives the window's dates, at most the limit.
    expect(seriesDates({ rule: 'FREQ=DAILY', start: '2026-01-01T08:00:00Z', timeZone: 'UTC', windowDays: 10_000 })).toHaveLength(SERIES_MAX_DATES);
    expect(seriesDates({ rule: 'FREQ=DAILY', start: '2026-01-01T08:00:00Z', timeZone: 'UTC', windowDays: 7 })).toHaveLength(8);
  });

  it('refuses what cannot be a series, saying why', () => {
    const refused = (rule: string, start = '2026-01-01T08:00:00Z') => {
      try {
        seriesDates({ rule, start, timeZone: 'UTC' });
      } catch (error) {
        expect(error).toBeInstanceOf(SeriesRuleError);
        return (error as Error).message;
      }
      throw new Error(`accepted: ${rule}`);
    };
    expect(refused('every tuesday')).toMatch(/not an RRULE/);
    expect(refused('FREQ=SOMETIMES')).toMatch(/not an RRULE|daily, weekly or monthly/);
    expect(refused('FREQ=HOURLY')).toMatch(/daily, weekly or monthly/);
    expect(refused('FREQ=DAILY;BYHOUR=9')).toMatch(/event's own time/);
    expect(refused('FREQ=WEEKLY;INTERVAL=0')).toMatch(/every 1 to 52/);
    expect(refused('FREQ=DAILY;UNTIL=20251231T000000Z')).toMatch(/before the first date/);
    expect(() => parseSeriesRule('FREQ=WEEKLY;BYDAY=TU,TH')).not.toThrow();
  });
});
