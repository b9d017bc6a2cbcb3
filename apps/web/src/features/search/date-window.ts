import { EVENT_SEARCH_MAX_DAYS, formatDateRange } from '@hubbub/contract';
import { dayjs } from '@/lib/dates/dayjs';

/** A calendar day, "YYYY-MM-DD", in the viewer's time zone. */
export type Day = string;

/** Which days the search covers: `days` days from `from`, inclusive. */
export interface DateWindow {
  from: Day;
  days: number;
}

export type WindowPreset = 'today' | 'weekend' | 'week' | 'month';
export type WindowChoice = WindowPreset | 'custom';

export const WINDOW_CHOICES: { value: WindowChoice; label: string; short: string }[] = [
  { value: 'today', label: 'Today', short: 'Today' },
  { value: 'weekend', label: 'This weekend', short: 'Weekend' },
  { value: 'week', label: '7 days', short: '7 days' },
  { value: 'month', label: '30 days', short: '30 days' },
  { value: 'custom', label: 'Custom', short: 'Custom' },
];

export const DEFAULT_PRESET: WindowPreset = 'month';

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(value: string): boolean {
  const match = DAY_RE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

// Calendar arithmetic in UTC, where every day has 24 hours.
const toUtc = (day: Day) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: Day, count: number): Day {
  return fromUtc(toUtc(day) + count * 86_400_000);
}

export function daysBetween(from: Day, to: Day): number {
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: Day): number {
  return new Date(toUtc(day)).getUTCDay();
}

/** Today's date where the viewer is. */
export function todayIn(timeZone: string, now: Date = new Date()): Day {
  return dayjs(now).tz(timeZone).format('YYYY-MM-DD');
}

/**
 * The window for a preset. "This weekend" is Saturday and Sunday: the coming ones on a
 * weekday, today and tomorrow on a Saturday, and just today on a Sunday.
 */
export function presetWindow(preset: WindowPreset, today: Day): DateWindow {
  switch (preset) {
    case 'today':
      return { from: today, days: 1 };
    case 'week':
      return { from: today, days: 7 };
    case 'month':
      return { from: today, days: 30 };
    case 'weekend': {
      const dow = weekday(today);
      if (dow === 0) return { from: today, days: 1 };
      return { from: addDays(today, 6 - dow), days: 2 };
    }
  }
}

/** Which control to light up for a window; anything that is not a preset today is custom. */
export function choiceFor(window: DateWindow, today: Day): WindowChoice {
  for (const preset of ['today', 'weekend', 'week', 'month'] as const) {
    const p = presetWindow(preset, today);
    if (p.from === window.from && p.days === window.days) return preset;
  }
  return 'custom';
}

/** A picked range of days (both ends included) as a window; null until both ends are set. */
export function windowFromRange(start: Day | null, end: Day | null): DateWindow | null {
  if (!start || !end || !isDay(start) || !isDay(end)) return null;
  const [a, b] = start <= end ? [start, end] : [end, start];
  return { from: a, days: Math.min(EVENT_SEARCH_MAX_DAYS, daysBetween(a, b) + 1) };
}

export function rangeFromWindow(window: DateWindow): [Day, Day] {
  return [window.from, addDays(window.from, window.days - 1)];
}

/** What the API takes: midnight at the start of `from` in the viewer's zone, and the day count. */
export function windowToRequest(window: DateWindow, timeZone: string): { startDate: string; days: number } {
  return { startDate: dayjs.tz(`${window.from} 00:00:00`, timeZone).toISOString(), days: window.days };
}

/** "Jun 3 – Jun 9" for the custom range button. */
export function describeRange(window: DateWindow, locale?: string): string {
  const [a, b] = rangeFromWindow(window);
  // Days of the window as written, read in UTC where toUtc puts them; a range always names its year
  // only when it is not this one, as every date in the app does.
  return formatDateRange(toUtc(a), toUtc(b), { locale, timeZone: 'UTC', weekday: false });
}
