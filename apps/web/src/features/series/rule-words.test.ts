import { describe, expect, it } from 'vitest';
import { pickedRule, repeatChoices, withEnd } from './rule-words';

describe('repeatChoices', () => {
  it('offers what includes the event’s own date, in its own zone', () => {
    // 01:00 UTC on Wednesday 24 February is Tuesday 23 February, 7 PM in Chicago: its fourth and last Tuesday.
    const choices = repeatChoices('2027-02-24T01:00:00.000Z', 'America/Chicago');
    expect(choices.map((c) => c.label)).toEqual([
      'Every Tuesday',
      'Every 2 weeks on Tuesday',
      'Every month on the fourth Tuesday',
      'Every month on the last Tuesday',
      'Every month on the 23rd',
      'Every day',
    ]);
    expect(choices[0].value).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(choices.at(-1)!.daily).toBe(true);
  });
});

describe('withEnd', () => {
  it('ends a rule after a number of dates or on a day in the event’s zone', () => {
    expect(withEnd('FREQ=WEEKLY;BYDAY=TU', { kind: 'count', count: 8 })).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=8');
    // The end of 1 June in Chicago (summer time, UTC-5) is 04:59:59 UTC on 2 June.
    expect(withEnd('FREQ=WEEKLY;BYDAY=TU', { kind: 'until', date: '2027-06-01', timeZone: 'America/Chicago' })).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270602T045959Z');
    expect(withEnd('FREQ=WEEKLY;BYDAY=TU', { kind: 'never' })).toBe('FREQ=WEEKLY;BYDAY=TU');
  });
});

describe('pickedRule', () => {
  it('makes the rule from the event’s own start, so a pick outlives a change of date', () => {
    const pick = { kind: 'weekly' as const, end: 'never' as const, count: 8 };
    expect(pickedRule(pick, '2027-02-24T01:00:00.000Z', 'America/Chicago')).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(pickedRule(pick, '2027-02-25T01:00:00.000Z', 'America/Chicago')).toBe('FREQ=WEEKLY;BYDAY=WE');
    expect(pickedRule({ ...pick, end: 'count', count: 6 }, '2027-02-25T01:00:00.000Z', 'America/Chicago')).toBe('FREQ=WEEKLY;BYDAY=WE;COUNT=6');
    // Daily always ends; "the last Wednesday" is no pick for the fourth-but-not-last one.
    expect(pickedRule({ ...pick, kind: 'daily' }, '2027-02-25T01:00:00.000Z', 'America/Chicago')).toBe('FREQ=DAILY;COUNT=8');
    expect(pickedRule({ ...pick, kind: 'monthly-last' }, '2027-02-04T01:00:00.000Z', 'America/Chicago')).toBeNull();
    expect(pickedRule({ ...pick, kind: null }, '2027-02-25T01:00:00.000Z', 'America/Chicago')).toBeNull();
  });
});
