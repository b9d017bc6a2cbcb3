import { createHash } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { EventStatus } from '@hubbub/contract';
import type { FeedEventRow } from '../events/service.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zones the VTIMEZONE library knows; an event in another one is written in UTC, still exact. */
const KNOWN_ZONES = new Set(tzlib_get_timezones() as string[]);

function location(event: FeedEventRow): string | null {
  const area = event.area ?? {};
  const parts = [event.venue, area.streetAddress, area.city, [area.state, area.zipCode].filter(Boolean).join(' '), area.country].map((p) => p?.trim()).filter(Boolean);
  return parts.length ? [...new Set(parts)].join(', ') : null;
}

/**
 * An iCalendar (RFC 5545) document of events: UIDs stable per event, times in the event's own
 * zone with its VTIMEZONE, LAST-MODIFIED and SEQUENCE moving with every change, canceled events
 * as STATUS:CANCELLED, the address and a link to the event's page.
 */
export function icsOf(opts: { name: string; publicUrl: string; events: FeedEventRow[]; description?: string; single?: boolean }): string {
  const host = new URL(opts.publicUrl).hostname;
  const calendar = ical({
    name: opts.name,
    description: opts.description,
    prodId: { company: 'Hubbub', product: 'Hubbub', language: 'EN' },
    method: opts.single ? ICalCalendarMethod.PUBLISH : undefined,
    ttl: 60 * 60,
    url: opts.publicUrl,
  });
  calendar.timezone({ name: null, generator: (zone: string) => tzlib_get_ical_block(zone)[0] });
  for (const event of opts.events) {
    const zone = KNOWN_ZONES.has(event.timeZone) && event.timeZone !== 'UTC' ? event.timeZone : null;
    const at = (iso: string) => (zone ? dayjs(iso).tz(zone) : dayjs.utc(iso));
    const url = `${opts.publicUrl}/event/${event.id}`;
    calendar.createEvent({
      id: `${event.id}@${host}`,
      start: at(event.startDate),
      end: at(event.endDate),
      timezone: zone,
      summary: event.name,
      description: [event.description?.trim(), `Hosted by ${event.hostName}`, url].filter(Boolean).join('\n\n'),
      location: location(event),
      url,
      status: event.status === EventStatus.Canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: event.sequence,
      created: dayjs.utc(event.created),
      lastModified: dayjs.utc(event.updated),
      // DTSTAMP is when the event last changed, not when the file was made: an unchanged feed stays byte for byte the same.
      stamp: dayjs.utc(event.updated),
    });
  }
  return calendar.toString();
}

/** A strong validator of a feed's body. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}
