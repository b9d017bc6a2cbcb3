import { seriesRuleWords } from '@hubbub/contract';
import { dayjs, zonedToIso } from '@/lib/dates/dayjs';

// The repeat rules a host picks from for an event's own date (the words: contract series-words.ts).
// The server checks every rule; these only write the few forms the app offers.

const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export interface RepeatChoice {
  value: string;
  label: string;
  daily: boolean;
}

/** The event's start as its own zone sees it: weekday code, day of the month, days in that month. */
function localDay(start: string, timeZone: string) {
  const local = dayjs(start).tz(timeZone);
  return { weekday: CODES[local.day()], day: local.date(), daysInMonth: local.daysInMonth() };
}

/** What an event can repeat by, each including its own date: weekly, fortnightly, monthly by weekday or by date, daily. */
export function repeatChoices(start: string, timeZone: string): RepeatChoice[] {
  const { weekday, day, daysInMonth } = localDay(start, timeZone);
  const week = Math.ceil(day / 7);
  const rules = [`FREQ=WEEKLY;BYDAY=${weekday}`, `FREQ=WEEKLY;INTERVAL=2;BYDAY=${weekday}`];
  if (week <= 4) rules.push(`FREQ=MONTHLY;BYDAY=${week}${weekday}`);
  if (day + 7 > daysInMonth) rules.push(`FREQ=MONTHLY;BYDAY=-1${weekday}`);
  if (day <= 28) rules.push(`FREQ=MONTHLY;BYMONTHDAY=${day}`);
  rules.push('FREQ=DAILY');
  return rules.map((value) => ({ value, label: seriesRuleWords(value), daily: value === 'FREQ=DAILY' }));
}

/** The rule with its end: a number of dates, or the last day (the end of that day in the event's zone, as UTC). */
export function withEnd(rule: string, end: { kind: 'never' } | { kind: 'count'; count: number } | { kind: 'until'; date: string; timeZone: string }): string {
  if (end.kind === 'count') return `${rule};COUNT=${end.count}`;
  if (end.kind === 'until') {
    // The last day's end in the event's zone, whatever its offset that day.
    const until = zonedToIso(`${end.date} 23:59:59`, end.timeZone);
    return `${rule};UNTIL=${until.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`;
  }
  return rule;
}
