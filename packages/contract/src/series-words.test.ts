import { describe, expect, it } from 'vitest';
import { seriesRuleWords } from './series-words.js';

describe('seriesRuleWords', () => {
  it('reads the rules the app makes', () => {
    expect(seriesRuleWords('FREQ=WEEKLY;BYDAY=TU')).toBe('Every Tuesday');
    expect(seriesRuleWords('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10')).toBe('Every Tuesday and Thursday, 10 times');
    expect(seriesRuleWords('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO')).toBe('Every 2 weeks on Monday');
    expect(seriesRuleWords('FREQ=MONTHLY;BYDAY=2TU')).toBe('Every month on the second Tuesday');
    expect(seriesRuleWords('FREQ=MONTHLY;BYDAY=-1FR')).toBe('Every month on the last Friday');
    expect(seriesRuleWords('FREQ=MONTHLY;BYMONTHDAY=22')).toBe('Every month on the 22nd');
    expect(seriesRuleWords('FREQ=DAILY;COUNT=5')).toBe('Every day, 5 times');
    expect(seriesRuleWords('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270602T045959Z', 'America/Chicago')).toBe('Every Tuesday, until Tue, Jun 1, 2027');
  });
});
