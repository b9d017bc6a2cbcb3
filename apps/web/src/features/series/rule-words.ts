import { formatDate } from '@hubbub/contract';
import { dayjs, zonedToIso } from '@/lib/dates/dayjs';

// A series' repeat rule (RFC 5545 RRULE, as the server stores it) in words, and the rules a host
// picks from for an event's own date. The server checks every rule; these only read and write
// the few forms the app offers.

const DAYS: Record<string, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const ORDINALS: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last' };
const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

const partsOf = (rule: string) => Object.fromEntries(rule.split(';').map((part) => part.split('=') as [string, string]));
const listed = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
const nth = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** The repeat without its end: "Every Tuesday", "Every 2 weeks on Tuesday", "Every month on the last Friday". */
function cadence(parts: Record<string, string>): string {
  const every = Number(parts.INTERVAL ?? 1);
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean);
  switch (parts.FREQ) {
    case 'DAILY':
      return every === 1 ? 'Every day' : `Every ${every} days`;
    case 'WEEKLY': {
      const names = days.map((d) => DAYS[d] ?? d);
      if (every === 1) return names.length ? `Every ${listed(names)}` : 'Every week';
      return `Every ${every} weeks${names.length ? ` on ${listed(names)}` : ''}`;
    }
    case 'MONTHLY': {
      const months = every === 1 ? 'Every month' : `Every ${every} months`;
      const byDay = /^(-?\d)([A-Z]{2})$/.exec(days[0] ?? '');
      if (byDay && ORDINALS[byDay[1]]) return `${months} on the ${ORDINALS[byDay[1]]} ${DAYS[byDay[2]]}`;
      if (parts.BYMONTHDAY) return `${months} on the ${nth(Number(parts.BYMONTHDAY))}`;
      return months;
    }
    default:
      return 'Repeats';
  }
}

/** An UNTIL value (20270501T045959Z or 20270501) as a date. */
function untilDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!m) return new Date(NaN);
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)));
}

/** The whole rule in words: "Every Tuesday, 12 times", "Every month on the second Tuesday, until Jun 1, 2027". */
export function ruleWords(rule: string, timeZone?: string): string {
  const parts = partsOf(rule.replace(/^RRULE:/i, ''));
  const words = cadence(parts);
  if (parts.COUNT) return `${words}, ${parts.COUNT} times`;
  if (parts.UNTIL) return `${words}, until ${formatDate(untilDate(parts.UNTIL), { timeZone })}`;
  return words;
}

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
  return rules.map((value) => ({ value, label: cadence(partsOf(value)), daily: value === 'FREQ=DAILY' }));
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
