import { createRequire } from 'node:module';
import { DateTime } from 'luxon';
import type * as RRuleModule from 'rrule';

// A series' repeat rule (issue 29): an RFC 5545 RRULE expanded in the event's own time zone, so
// 7 PM stays 7 PM across daylight saving changes. rrule ships CommonJS to Node (its ES build is for
// bundlers, and Node's ESM sees no named exports in it), so it is required; the types are its own.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

/** How many dates of a series exist at once, and how far ahead: materialised ahead, never unbounded. */
export const SERIES_MAX_DATES = 100;
export const SERIES_WINDOW_DAYS = 183;

/** A rule that cannot be a series, in words for the host (the API answers it as a 400 on `rule`). */
export class SeriesRuleError extends Error {}

type Options = Partial<RRuleModule.Options>;

/** What a host may repeat by: days, weeks, months (with "second Tuesday", "last Friday"). */
const FREQUENCIES = new Map<number, string>([
  [RRule.DAILY, 'daily'],
  [RRule.WEEKLY, 'weekly'],
  [RRule.MONTHLY, 'monthly'],
]);
/** The time of day is the event's own start: a rule may not move it. */
const TIME_PARTS = ['byhour', 'byminute', 'bysecond'] as const;
const MAX_INTERVAL = 52;

/** Reads an RRULE's parts (`FREQ=WEEKLY;BYDAY=TU`, with or without the `RRULE:` prefix) and checks it can be a series. */
export function parseSeriesRule(text: string): Options {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!/^[A-Z]+=[^;\s]+(;[A-Z]+=[^;\s]+)*$/i.test(body)) throw new SeriesRuleError('The repeat rule is not an RRULE (for example FREQ=WEEKLY;BYDAY=TU).');
  let options: Options;
  try {
    options = RRule.parseString(body);
  } catch {
    throw new SeriesRuleError('The repeat rule is not an RRULE (for example FREQ=WEEKLY;BYDAY=TU).');
  }
  if (options.freq === undefined || !FREQUENCIES.has(options.freq)) throw new SeriesRuleError('A series repeats daily, weekly or monthly.');
  if (options.dtstart) throw new SeriesRuleError('The repeat rule takes its start from the event: leave DTSTART out.');
  if (TIME_PARTS.some((part) => options[part] !== undefined && options[part] !== null)) throw new SeriesRuleError('Every date starts at the event\'s own time: leave BYHOUR, BYMINUTE and BYSECOND out.');
  if (options.interval !== undefined && (options.interval < 1 || options.interval > MAX_INTERVAL)) throw new SeriesRuleError(`Repeat every 1 to ${MAX_INTERVAL} days, weeks or months.`);
  if (options.count !== undefined && options.count !== null && options.count < 1) throw new SeriesRuleError('A series has at least one date.');
  return options;
}

/** The wall-clock time of a local date-time, as rrule expands ("floating": the fields read in UTC). */
const floating = (local: DateTime) => new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));

/** A floating date back to an instant in the zone; a time that does not exist that day (the spring gap) moves forward by the gap. */
const instantOf = (d: Date, zone: string) =>
  DateTime.fromObject(
    { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() },
    { zone },
  );

/**
 * The start instants (ISO 8601, UTC) of a series' dates from its first (`start`, an instant, whose
 * wall-clock time in `timeZone` every date keeps) within the window: from `from` (default: the
 * start) for `windowDays`, at most `limit` dates. UNTIL is an instant, as RFC 5545 has it.
 */
export function seriesDates(args: { rule: string; start: string; timeZone: string; from?: string; windowDays?: number; limit?: number }): string[] {
  const options = parseSeriesRule(args.rule);
  // The rule counts in whole seconds: a start sent with milliseconds is still the first date.
  const first = DateTime.fromISO(args.start, { zone: args.timeZone }).startOf('second');
  if (!first.isValid) throw new SeriesRuleError('The series needs a valid start and time zone.');
  const until = options.until ? DateTime.fromJSDate(options.until, { zone: args.timeZone }) : undefined;
  if (until && until < first) throw new SeriesRuleError('The repeat rule ends (UNTIL) before the first date.');
  const rule = new RRule({ ...options, dtstart: floating(first), until: until ? floating(until) : null });
  const from = args.from ? DateTime.fromISO(args.from, { zone: args.timeZone }).startOf('second') : first;
  const windowEnd = floating(from.plus({ days: args.windowDays ?? SERIES_WINDOW_DAYS }));
  const limit = Math.min(args.limit ?? SERIES_MAX_DATES, SERIES_MAX_DATES);
  const dates: string[] = [];
  // The rule's dates in order; those before the window are skipped, the walk stops at its end or the limit.
  rule.all((date) => {
    if (date > windowEnd || dates.length >= limit) return false;
    const instant = instantOf(date, args.timeZone);
    if (instant >= from) dates.push(instant.toUTC().toISO({ suppressMilliseconds: false })!);
    return true;
  });
  return dates;
}
