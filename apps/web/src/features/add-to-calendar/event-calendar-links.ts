import type { Area } from '@hubbub/contract';

/** What the calendar sites need of an event. */
export interface CalendarEventInput {
  name: string;
  startDate: string;
  endDate: string;
  venue: string | null;
  area: Pick<Area, 'streetAddress' | 'city' | 'state'> | null;
  /** The event's page, so whoever opens the entry can get back to it. */
  pageUrl: string;
}

const HOUR = 3_600_000;

/** The instants to put in a calendar; an end that does not follow the start becomes an hour after it. */
function instants(event: Pick<CalendarEventInput, 'startDate' | 'endDate'>): { start: Date; end: Date } | null {
  const start = new Date(event.startDate);
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(event.endDate);
  return { start, end: Number.isNaN(end.getTime()) || end <= start ? new Date(start.getTime() + HOUR) : end };
}

/** 20260302T180000Z: iCalendar's UTC form, which Google's dates parameter takes. */
export function utcStamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** 2026-03-02T18:00:00Z: ISO 8601 in UTC without the milliseconds, for Outlook.com. */
export function utcIso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "Blue Note, 100 Main St, Austin, TX": the venue and its address, whichever are known. */
export function eventLocation(event: Pick<CalendarEventInput, 'venue' | 'area'>): string {
  const parts = [event.venue, event.area?.streetAddress, event.area?.city, event.area?.state];
  return parts.map((part) => part?.trim()).filter(Boolean).join(', ');
}

/** Each value encoded alone: URLSearchParams would write spaces as "+", which not every site reads back. */
function query(params: [string, string][]): string {
  return params
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Google Calendar's new-event page, filled in; null when the event has no usable start. */
export function googleCalendarUrl(event: CalendarEventInput): string | null {
  const when = instants(event);
  if (!when) return null;
  // The slash between the two instants is part of the format, so it stays as it is.
  const dates = `${utcStamp(when.start)}/${utcStamp(when.end)}`;
  const rest = query([
    ['text', event.name],
    ['details', event.pageUrl],
    ['location', eventLocation(event)],
  ]);
  return `https://calendar.google.com/calendar/render?action=TEMPLATE&dates=${dates}&${rest}`;
}

/** Outlook.com's compose page for a new event, filled in; null when the event has no usable start. */
export function outlookCalendarUrl(event: CalendarEventInput): string | null {
  const when = instants(event);
  if (!when) return null;
  const rest = query([
    ['subject', event.name],
    ['startdt', utcIso(when.start)],
    ['enddt', utcIso(when.end)],
    ['body', event.pageUrl],
    ['location', eventLocation(event)],
  ]);
  return `https://outlook.live.com/calendar/0/deeplink/compose?path=/calendar/action/compose&rru=addevent&${rest}`;
}

/** "spring-fair.ics": the file name a download falls back on when the server does not name one. */
export function icsFileName(event: { slug: string; name: string }): string {
  return `${event.slug.trim() || event.name.trim() || 'event'}.ics`;
}
