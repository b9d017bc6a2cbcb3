/**
 * The one way Hubbub writes dates, times and numbers: in the web app, the public event page and
 * emails alike. Everything goes through Intl with the reader's locale (undefined: the browser's
 * or the runtime's) and a time zone (the reader's, or the event's when it is the event's time).
 *
 * The style: "Wed, Nov 25, 7:00 PM"; the year shows only when it is not the current one;
 * a range on one day names the day once ("Wed, Nov 25, 7:00 – 10:00 PM CST").
 */

export interface FormatOptions {
  /** A BCP 47 tag such as "en-US" or "de-DE"; undefined means the runtime's own. */
  locale?: string;
  /** An IANA zone; undefined means the runtime's own; an unknown one falls back to UTC. */
  timeZone?: string;
  /** "Now", for the current-year rule and relative times; tests fix it. */
  now?: Date;
  /**
   * Whether dates name their year: unset, only when it is not the current one; true, always (a
   * saved file read years later); false, never.
   */
  year?: boolean;
}

export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's IANA zone ("America/Chicago"); UTC when it cannot tell. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const zoneOf = (timeZone: string | undefined) => (timeZone === undefined ? undefined : isValidTimeZone(timeZone) ? timeZone : 'UTC');

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function yearIn(date: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(date);
}

function needsYear(dates: Date[], options: FormatOptions): boolean {
  if (options.year !== undefined) return options.year;
  const zone = zoneOf(options.timeZone);
  const thisYear = yearIn(options.now ?? new Date(), zone);
  return dates.some((d) => yearIn(d, zone) !== thisYear);
}

type Parts = { date?: boolean; time?: boolean; zoneName?: boolean; weekday?: boolean; year?: boolean };

function formatter(options: FormatOptions, parts: Parts): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(options.locale, {
    timeZone: zoneOf(options.timeZone),
    ...(parts.date !== false && {
      weekday: parts.weekday === false ? undefined : 'short',
      month: 'short',
      day: 'numeric',
      year: parts.year ? 'numeric' : undefined,
    }),
    ...(parts.time !== false && { hour: 'numeric', minute: '2-digit' }),
    timeZoneName: parts.zoneName ? 'short' : undefined,
  });
}

/** "Wed, Nov 25, 7:00 PM" (with the year when it is not this year); '' for a date that is not one. */
export function formatDateTime(value: string | number | Date, options: FormatOptions & { zoneName?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter(options, { year: needsYear([date], options), zoneName: options.zoneName }).format(date);
}

/** "Wed, Nov 25" (with the year when it is not this year). */
export function formatDate(value: string | number | Date, options: FormatOptions & { weekday?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter(options, { time: false, year: needsYear([date], options), weekday: options.weekday }).format(date);
}

/** "7:00 PM". */
export function formatTime(value: string | number | Date, options: FormatOptions & { zoneName?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter(options, { date: false, zoneName: options.zoneName }).format(date);
}

/** "Wed, Nov 25, 7:00 – 10:00 PM CST": a range as read in one zone, the zone named. */
export function formatRange(start: string | number | Date, end: string | number | Date | null, options: FormatOptions & { zoneName?: boolean } = {}): string {
  const from = toDate(start);
  if (!from) return '';
  const to = end === null ? null : toDate(end);
  const format = formatter(options, { year: needsYear(to ? [from, to] : [from], options), zoneName: options.zoneName ?? true });
  if (!to || to <= from) return format.format(from);
  return format.formatRange(from, to);
}

/** "Jun 3 – 9", "Wed, Nov 25 – Sat, Nov 28": days without their times (a search window, say). */
export function formatDateRange(start: string | number | Date, end: string | number | Date, options: FormatOptions & { weekday?: boolean } = {}): string {
  const from = toDate(start);
  if (!from) return '';
  const to = toDate(end);
  const format = formatter(options, { time: false, year: needsYear(to ? [from, to] : [from], options), weekday: options.weekday });
  if (!to || to.getTime() === from.getTime()) return format.format(from);
  return format.formatRange(from, to);
}

export interface EventTimes {
  /** In the event's own time zone: what the host announced. */
  local: string;
  /** In the reader's time zone, or null when that reads the same. */
  viewer: string | null;
}

/** Both readings of an event's dates, so a visitor from elsewhere is not misled. */
export function eventTimes(
  event: { startDate: string; endDate: string | null; timeZone: string },
  options: FormatOptions & { viewerZone?: string } = {},
): EventTimes {
  const local = formatRange(event.startDate, event.endDate, { ...options, timeZone: event.timeZone });
  const viewer = formatRange(event.startDate, event.endDate, { ...options, timeZone: options.viewerZone ?? localTimeZone() });
  return { local, viewer: viewer === local ? null : viewer };
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "in 3 days": for activity, never for when an event happens. */
export function formatRelative(value: string | number | Date, options: Pick<FormatOptions, 'locale' | 'now'> = {}): string {
  const date = toDate(value);
  if (!date) return '';
  let amount = (date.getTime() - (options.now ?? new Date()).getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' }).format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

/** "3,008" in en-US, "3.008" in de-DE. */
export function formatNumber(value: number, options: Pick<FormatOptions, 'locale'> & { maximumFractionDigits?: number } = {}): string {
  return new Intl.NumberFormat(options.locale, { maximumFractionDigits: options.maximumFractionDigits ?? 0 }).format(value);
}

/**
 * "$12.00", "12,00 €": an amount in minor units (cents) of an ISO 4217 currency. `trimWhole` writes
 * a whole amount without its zero cents ("$15", "$4.50"), as price lists do.
 */
export function formatMoney(minorUnits: number, currency: string, options: Pick<FormatOptions, 'locale'> & { trimWhole?: boolean } = {}): string {
  const format = new Intl.NumberFormat(options.locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = minorUnits / 10 ** digits;
  if (!options.trimWhole || !Number.isInteger(amount)) return format.format(amount);
  return new Intl.NumberFormat(options.locale, { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(amount);
}

/**
 * A zone as people say it: "Central Time (Chicago)", "Central European Time (Berlin)"; the IANA
 * name itself when the runtime has no generic name for it.
 */
export function timeZoneLabel(timeZone: string, options: Pick<FormatOptions, 'locale'> = {}): string {
  if (!isValidTimeZone(timeZone)) return timeZone;
  const city = timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone;
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'Coordinated Universal Time (UTC)';
  const parts = new Intl.DateTimeFormat(options.locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
  const name = parts.find((p) => p.type === 'timeZoneName')?.value;
  return name && !/^GMT[+-]/.test(name) ? `${name} (${city})` : `${city} (${timeZone})`;
}

export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

interface WeekInfo {
  /** 1 = Monday … 7 = Sunday. */
  firstDay: number;
  weekend?: number[];
}

/** The locale's week as Intl knows it; undefined when the engine or the locale cannot tell. */
function weekInfo(locale?: string): WeekInfo | undefined {
  try {
    const tag = new Intl.Locale(locale ?? new Intl.DateTimeFormat().resolvedOptions().locale);
    // getWeekInfo() is the current name, weekInfo the one older engines (Node 20, Chromium < 130) ship.
    const info = tag as unknown as { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    return info.getWeekInfo?.() ?? info.weekInfo;
  } catch {
    return undefined;
  }
}

/** The locale's first day of the week, 0 = Sunday … 6 = Saturday (as Mantine's date pickers count). */
export function firstDayOfWeek(locale?: string): DayOfWeek {
  const first = weekInfo(locale)?.firstDay;
  // An unknown locale counts weeks as most of Hubbub's readers do.
  return first ? ((first % 7) as DayOfWeek) : 0;
}

/**
 * The locale's weekend, 0 = Sunday … 6 = Saturday (Mantine's weekendDays): Saturday and Sunday in
 * most places, Friday and Saturday in some, Sunday alone in others.
 */
export function weekendDays(locale?: string): DayOfWeek[] {
  const weekend = weekInfo(locale)?.weekend;
  if (!weekend?.length) return [0, 6];
  return weekend.map((day) => (day % 7) as DayOfWeek);
}

// What Intl knows beside writing: kept here too, so no other file reaches for Intl's formatters.

/** Offset of a time zone from UTC at an instant, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which a wall clock in a time zone shows the given date and time (month 1 = January). */
export function zonedWallClockToUtc(date: { year: number; month: number; day: number; hour: number; minute: number }, timeZone: string): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute);
  const first = guess - offsetMs(guess, timeZone);
  // A second pass settles days when the offset changes (daylight saving).
  return new Date(guess - offsetMs(first, timeZone));
}

/** The canonical form of a locale tag this runtime writes dates in ("de-ch" → "de-CH"); null for one it cannot or a tag that is not one. */
export function supportedLocale(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length ? canonical : null;
  } catch {
    return null;
  }
}
