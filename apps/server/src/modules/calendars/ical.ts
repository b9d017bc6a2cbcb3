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

/** A series a calendar writes as one repeating event: its rule and every date of it the reader may see. */
export interface IcsSeries {
  id: string;
  rule: string;
  timeZone: string;
  startsAt: Date;
  dates: FeedEventRow[];
}

const zoneOf = (timeZone: string) => (KNOWN_ZONES.has(timeZone) && timeZone !== 'UTC' ? timeZone : null);

/** One event's VEVENT, under its own UID; a series' dates change the UID and times after. */
function veventOf(event: FeedEventRow, opts: { url: string; lineUp: readonly Attraction[]; zone: string | null; uid: string }): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', opts.uid);
  // DTSTAMP is when the event last changed, not when the file was written.
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(event.updated), true));
  addTime(vevent, 'dtstart', event.startDate, opts.zone);
  addTime(vevent, 'dtend', event.endDate, opts.zone);
  vevent.addPropertyWithValue('summary', event.name);
  const lineUp = lineUpText(event, opts.lineUp);
  vevent.addPropertyWithValue('description', [event.description?.trim(), lineUp, `Hosted by ${event.hostName}`, opts.url].filter(Boolean).join('\n\n'));
  const where = location(event);
  if (where) vevent.addPropertyWithValue('location', where);
  vevent.addPropertyWithValue('url', opts.url);
  vevent.addPropertyWithValue('status', event.status === EventStatus.Canceled ? 'CANCELLED' : 'CONFIRMED');
  vevent.addPropertyWithValue('sequence', event.sequence);
  vevent.addPropertyWithValue('created', ICAL.Time.fromJSDate(new Date(event.created), true));
  vevent.addPropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(event.updated), true));
  return vevent;
}

const ms = (iso: string) => Date.parse(iso);
/** What a date of a series says that the repeating event would not (so it needs its own RECURRENCE-ID). */
function differs(date: FeedEventRow, master: FeedEventRow): boolean {
  return (
    date.edited ||
    date.name !== master.name ||
    (date.description ?? '') !== (master.description ?? '') ||
    date.venue !== master.venue ||
    JSON.stringify(date.area) !== JSON.stringify(master.area) ||
    ms(date.startDate) - ms(date.ruleDate!) !== ms(master.startDate) - ms(master.ruleDate!) ||
    ms(date.endDate) - ms(date.startDate) !== ms(master.endDate) - ms(master.startDate)
  );
}

/** The most occurrences a rule is expanded to find its missing dates (SERIES_MAX_DATES is 100, kept over time). */
const EXPANSION_MAX = 2000;

/**
 * A series as one VEVENT with its RRULE from the first rule date; the rule's dates that are gone or
 * canceled as EXDATE; and each date that differs from the rest (moved, changed on its own, or after a
 * "this and following" change) as a VEVENT of the same UID with its RECURRENCE-ID.
 */
function seriesVevents(series: IcsSeries, opts: { uid: string; url: (event: FeedEventRow) => string; lineUps: ReadonlyMap<string, readonly Attraction[]> }): ICAL.Component[] {
  const zone = zoneOf(series.timeZone);
  const live = series.dates.filter((d) => d.status !== EventStatus.Canceled);
  const master = live.find((d) => !d.edited) ?? live[0] ?? series.dates[0];
  const start = new Date(series.startsAt.getTime() + ms(master.startDate) - ms(master.ruleDate!)).toISOString();
  const end = new Date(ms(start) + ms(master.endDate) - ms(master.startDate)).toISOString();
  const main = veventOf({ ...master, startDate: start, endDate: end }, { url: opts.url(master), lineUp: opts.lineUps.get(master.id) ?? [], zone, uid: opts.uid });
  // The series changed when any of its dates did.
  const updated = series.dates.reduce((latest, d) => (d.updated > latest ? d.updated : latest), master.updated);
  main.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(updated), true));
  main.updatePropertyWithValue('last-modified', ICAL.Time.fromJSDate(new Date(updated), true));
  main.updatePropertyWithValue('sequence', Math.max(...series.dates.map((d) => d.sequence)));
  main.addPropertyWithValue('rrule', ICAL.Recur.fromString(series.rule));

  // Walks the rule as calendar apps will, up to the last date made: each date it gives that is not
  // a live date of the series is excluded.
  const key = (iso: string) => timeOf(iso, zone).toString();
  const liveKeys = new Set(live.map((d) => key(d.ruleDate!)));
  const last = key(series.dates.reduce((a, d) => (d.ruleDate! > a ? d.ruleDate! : a), series.dates[0].ruleDate!));
  const occurrences = new ICAL.Event(main).iterator();
  for (let i = 0, next = occurrences.next(); next && i < EXPANSION_MAX; i++, next = occurrences.next()) {
    const at = next.toString();
    if (at > last) break;
    if (liveKeys.has(at)) continue;
    const exdate = main.addPropertyWithValue('exdate', next.clone());
    if (zone) exdate.setParameter('tzid', zone);
  }

  const overrides = live
    .filter((d) => d !== master && differs(d, master))
    .map((d) => {
      const vevent = veventOf(d, { url: opts.url(d), lineUp: opts.lineUps.get(d.id) ?? [], zone, uid: opts.uid });
      addTime(vevent, 'recurrence-id', d.ruleDate!, zone);
      return vevent;
    });
  return [main, ...overrides];
}

/**
 * An iCalendar (RFC 5545) document of events: UIDs stable per event, times in the event's own
 * zone with its VTIMEZONE, LAST-MODIFIED and SEQUENCE moving with every change, canceled events
 * as STATUS:CANCELLED, the address and a link to the event's page. Nothing in it depends on when
 * it is written, so an unchanged calendar is the same bytes (and the same ETag). The dates of each
 * series in `series` are written as that series' one repeating event instead (issue 29).
 */
/** `eventUrl`: where a calendar app's reader, maybe not signed in, reads the event (shareableEventUrl). */
export function icsOf(opts: {
  name: string;
  publicUrl: string;
  eventUrl: (event: FeedEventRow) => string;
  events: FeedEventRow[];
  /** Each event's line-up, by event id (absent: none). */
  lineUps: ReadonlyMap<string, readonly Attraction[]>;
  series?: readonly IcsSeries[];
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
  const whole = new Map((opts.series ?? []).filter((s) => s.dates.some((d) => d.ruleDate)).map((s) => [s.id, s]));
  const written = new Set<string>();
  for (const event of opts.events) {
    const series = event.seriesId ? whole.get(event.seriesId) : undefined;
    const zone = zoneOf(series?.timeZone ?? event.timeZone);
    if (zone) zones.add(zone);
    if (series) {
      if (!written.has(series.id)) vevents.push(...seriesVevents(series, { uid: `series-${series.id}@${host}`, url: opts.eventUrl, lineUps: opts.lineUps }));
      written.add(series.id);
      continue;
    }
    vevents.push(veventOf(event, { url: opts.eventUrl(event), lineUp: opts.lineUps.get(event.id) ?? [], zone, uid: `${event.id}@${host}` }));
  }
  for (const zone of [...zones].sort()) calendar.addSubcomponent(vtimezoneOf(zone));
  for (const vevent of vevents) calendar.addSubcomponent(vevent);
  return `${calendar.toString()}\r\n`;
}
