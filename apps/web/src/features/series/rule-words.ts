import { seriesRuleWords, type RepeatKind, type RepeatPick } from '@hubbub/contract';
import { dayjs, zonedToIso } from '@/lib/dates/dayjs';

// The repeat rules a host picks from for an event's own date (the words: contract series-words.ts).
// The server checks every rule; these only write the few forms the app offers.

const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export interface RepeatChoice {
  kind: RepeatKind;
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
  const rules: [RepeatKind, string][] = [
    ['weekly', `FREQ=WEEKLY;BYDAY=${weekday}`],
    ['fortnightly', `FREQ=WEEKLY;INTERVAL=2;BYDAY=${weekday}`],
  ];
  if (week <= 4) rules.push(['monthly-weekday', `FREQ=MONTHLY;BYDAY=${week}${weekday}`]);
  if (day + 7 > daysInMonth) rules.push(['monthly-last', `FREQ=MONTHLY;BYDAY=-1${weekday}`]);
  if (day <= 28) rules.push(['monthly-date', `FREQ=MONTHLY;BYMONTHDAY=${day}`]);
  rules.push(['daily', 'FREQ=DAILY']);
  return rules.map(([kind, value]) => ({ kind, value, label: seriesRuleWords(value), daily: kind === 'daily' }));
}

/** The pick as a rule for an event starting at `start` (null: it does not repeat, or not this way on that date). */
export function pickedRule(pick: RepeatPick, start: string, timeZone: string): string | null {
  const choice = pick.kind ? repeatChoices(start, timeZone).find((c) => c.kind === pick.kind) : undefined;
  if (!choice) return null;
  // Every day for ever is refused by the server: a daily series ends.
  return pick.end === 'count' || choice.daily ? withEnd(choice.value, { kind: 'count', count: pick.count }) : choice.value;
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
