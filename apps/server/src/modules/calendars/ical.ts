import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block, tzlib_get_timezones } from 'timezones-ical-library';
import { ATTRACTION_KIND_LABELS, EventStatus, formatDateTime, formatTime, lineUpBySetTime, spansDays, type Attraction } from '@hubbub/contract';
import type { FeedEventRow } from '../events/service.js';

// iCalendar files are written with Mozilla's ical.js (Thunderbird's): it writes a feed of a thousand
// events in tens of milliseconds, where ical-generator took hundreds (it folds lines byte by byte).

/** The zones the VTIMEZONE library knows; an event in another one is written in UTC, still exact. */
const KNOWN_ZONES = new Set(tzlib_get_timezones() as string[]);
/** Each zone's VTIMEZONE, parsed once (as jCal: a component belongs to one calendar at a time). */
const vtimezones = new Map<string, unknown[]>();

function vtimezoneOf(zone: string): ICAL.Component {
  let jcal = vtimezones.get(zone);
  if (!jcal) {
    jcal = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${tzlib_get_ical_block(zone)[0]}\r\nEND:VCALENDAR`)).getFirstSubcomponent('vtimezone')!.toJSON() as unknown[];
    vtimezones.set(zone, jcal);
  }
  return new ICAL.Component(structuredClone(jcal) as unknown[]);
}

/** An instant as the wall clock of `zone` (with its TZID), or in UTC. */
function timeOf(iso: string, zone: string | null): ICAL.Time {
  if (!zone) return ICAL.Time.fromJSDate(new Date(iso), true);
  const local = DateTime.fromISO(iso, { zone });
  return ICAL.Time.fromData({ year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second, isDate: false });
}

function addTime(vevent: ICAL.Component, name: string, iso: string, zone: string | null): void {
  const property = vevent.addPropertyWithValue(name, timeOf(iso, zone));
  if (zone) property.setParameter('tzid', zone);
}

function location(event: FeedEventRow): string | null {
  const area = event.area ?? {};
  const parts = [event.venue, area.streetAddress, area.city, [area.state, area.zipCode].filter(Boolean).join(' '), area.country].map((p) => p?.trim()).filter(Boolean);
  return parts.length ? [...new Set(parts)].join(', ') : null;
}

/** The line-up as plain text for a DESCRIPTION: one line each, by set time, in the event's zone. */
export function lineUpText(event: Pick<FeedEventRow, 'startDate' | 'endDate' | 'timeZone'>, lineUp: readonly Attraction[]): string | null {
  if (!lineUp.length) return null;
  const withDay = spansDays(event);
  const lines = lineUpBySetTime(lineUp).map((a) => {
    const time = a.setTime ? `${(withDay ? formatDateTime : formatTime)(a.setTime, { timeZone: event.timeZone, locale: 'en-US' })}  ` : '';
    return `${time}${a.name} (${ATTRACTION_KIND_LABELS[a.kind].one})`;
  });
  return `Line-up:\n${lines.join('\n')}`;
}

/**
 * An iCalendar (RFC 5545) document of events: UIDs stable per event, times in the event's own
 * zone with its VTIMEZONE, LAST-MODIFIED and SEQUENCE moving with every change, canceled events
 * as STATUS:CANCELLED, the address and a link to the event's page. Nothing in it depends on when
 * it is written, so an unchanged calendar is the same bytes (and the same ETag).
 */
/** `eventUrl`: where a calendar app's reader, maybe not signed in, reads the event (shareableEventUrl). */
export function icsOf(opts: {
  name: string;
  publicUrl: string;
  eventUrl: (event: FeedEventRow) => string;
  events: FeedEventRow[];
  /** Each event's line-up, by event id (absent: none). */
  lineUps: ReadonlyMap<string, readonly Attraction[]>;
  description?: string;
  single?: boolean;
}): string {
  const host = new URL(opts.publicUrl).hostname;
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', '-//Hubbub//Hubbub//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  if (opts.single) calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', opts.name);
  if (opts.description) calendar.addPropertyWithValue('x-wr-caldesc', opts.description);
  // How often calendar apps that read it should look again (Apple and Outlook do). ical.js writes
  // VALUE=DURATION itself for a duration value; setting the parameter too wrote it twice (issue 22).
  calendar.addPropertyWithValue('refresh-interval', ICAL.Duration.fromString('PT1H'));
  calendar.addPropertyWithValue('x-published-ttl', 'PT1H');

  const zones = new Set<string>();
  const vevents: ICAL.Component[] = [];
  for (const event of opts.events) {
    const zone = KNOWN_ZONES.has(event.timeZone) && event.timeZone !== 'UTC' ? event.timeZone : null;
    if (zone) zones.add(zone);
    const url = opts.eventUrl(event);
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', `${event.id}@${host}`);
    // DTSTAMP is when the event last changed, not when the file was written.
    vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(event.updated), true));
    addTime(vevent, 'dtstart', event.startDate, zone);
    addTime(vevent, 'dtend', event.endDate, zone);
    vevent.addPropertyWithValue('summary', event.name);
    const lineUp = lineUpText(event, opts.lineUps.get(event.id) ?? []);
    vevent.addPropertyWithValue('description', [event.description?.trim(), lineUp, `Hosted by ${event.hostName}`, url].filter(Boolean).join('\n\n'));
    const where = location(event);
    if (where) vevent.addPropertyWithValue('location', where);
    vevent.addPropertyWithValue('url', url);
    vevent.addPropertyWithValue('status', event.status === EventStatus.Canceled ? 'CANCELLED' : 'CONFIRMED');
    vevent.addPropertyWithValue('sequence', event.sequence);
    vevent.addPropertyWithValue('created', ICAL.Time.fromJSDate(new Date(event.created), true));
    vevent.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(event.updated), true));
    vevents.push(vevent);
  }
  for (const zone of [...zones].sort()) calendar.addSubcomponent(vtimezoneOf(zone));
  for (const vevent of vevents) calendar.addSubcomponent(vevent);
  return `${calendar.toString()}\r\n`;
}
