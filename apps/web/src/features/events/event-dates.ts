/** The browser's IANA time zone, e.g. "America/Chicago". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function rangeFormatter(timeZone: string, locale: string | undefined, withYear: boolean) {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: withYear ? 'numeric' : undefined,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

function yearIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(date);
}

/**
 * "Sat, Jun 7, 7:00 – 10:00 PM CDT": the range as seen in one time zone. The year shows only
 * when the event is not in the current year; a range on one day names the day once.
 */
export function formatRangeIn(startIso: string, endIso: string, timeZone: string, options: { locale?: string; now?: Date } = {}): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime())) return '';
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const thisYear = yearIn(options.now ?? new Date(), zone);
  const withYear = yearIn(start, zone) !== thisYear || (!Number.isNaN(end.getTime()) && yearIn(end, zone) !== thisYear);
  const format = rangeFormatter(zone, options.locale, withYear);
  if (Number.isNaN(end.getTime()) || end <= start) return format.format(start);
  return format.formatRange(start, end);
}

export interface EventTimes {
  /** In the event's own time zone: what the host announced. */
  local: string;
  /** In the viewer's time zone, or null when that reads the same. */
  viewer: string | null;
}

/** Both readings of an event's dates, so a visitor from elsewhere is not misled. */
export function eventTimes(
  event: { startDate: string; endDate: string; timeZone: string },
  viewerZone: string = viewerTimeZone(),
  options: { locale?: string; now?: Date } = {},
): EventTimes {
  const local = formatRangeIn(event.startDate, event.endDate, event.timeZone, options);
  const viewer = formatRangeIn(event.startDate, event.endDate, viewerZone, options);
  return { local, viewer: viewer === local ? null : viewer };
}

/** A short date for lists: "Jun 7, 2025". */
export function formatDay(iso: string, timeZone: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { timeZone: isValidTimeZone(timeZone) ? timeZone : 'UTC', dateStyle: 'medium' }).format(date);
}
