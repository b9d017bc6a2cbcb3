import { formatDate } from './format.js';

// A series' repeat rule (RFC 5545 RRULE, as the server stores it) in words, for the app and the
// public page alike. The server checks every rule (apps/server/src/lib/series-rule.ts); this only
// reads the forms the app offers, and says "Repeats" for any other.

const DAYS: Record<string, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
const ORDINALS: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last' };

export const seriesRuleParts = (rule: string) => Object.fromEntries(rule.split(';').map((part) => part.split('=') as [string, string]));
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
export function seriesRuleWords(rule: string, timeZone?: string): string {
  const parts = seriesRuleParts(rule.replace(/^RRULE:/i, ''));
  const words = cadence(parts);
  if (parts.COUNT) return `${words}, ${parts.COUNT} times`;
  if (parts.UNTIL) return `${words}, until ${formatDate(untilDate(parts.UNTIL), { timeZone })}`;
  return words;
}
