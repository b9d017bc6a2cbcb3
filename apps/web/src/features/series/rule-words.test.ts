import { describe, expect, it } from 'vitest';
import { repeatChoices, ruleWords, withEnd } from './rule-words';

describe('ruleWords', () => {
  it('reads the rules the app makes', () => {
    expect(ruleWords('FREQ=WEEKLY;BYDAY=TU')).toBe('Every Tuesday');
    expect(ruleWords('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10')).toBe('Every Tuesday and Thursday, 10 times');
    expect(ruleWords('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO')).toBe('Every 2 weeks on Monday');
    expect(ruleWords('FREQ=MONTHLY;BYDAY=2TU')).toBe('Every month on the second Tuesday');
    expect(ruleWords('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Every month on the last Friday');
    expect(ruleWords('FREQ=MONTHLY;BYMONTHDAY=22')).toBe('Every month on the 22nd');
    expect(ruleWords('FREQ=DAILY;COUNT=5')).toBe('Every day, 5 times');
    expect(ruleWords('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270602T045959Z', 'America/Chicago')).toBe('Every Tuesday, until Tue, Jun 1, 2027');
  });
});

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
