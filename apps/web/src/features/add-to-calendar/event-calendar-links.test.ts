import { describe, expect, it } from 'vitest';
import { eventLocation, googleCalendarUrl, icsFileName, outlookCalendarUrl, utcIso, utcStamp, type CalendarEventInput } from './event-calendar-links';

const event = (over: Partial<CalendarEventInput> = {}): CalendarEventInput => ({
  name: 'Jazz & Blues: Night #1',
  // 7 PM in Chicago (CDT, UTC-5): the links carry the instant in UTC.
  startDate: '2026-06-06T19:00:00-05:00',
  endDate: '2026-06-06T22:30:00-05:00',
  venue: 'Blue Note',
  area: { streetAddress: '100 Main St', city: 'Austin', state: 'TX' },
  pageUrl: 'https://hubbub.example/event/0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c',
  ...over,
});

describe('UTC formats', () => {
  it('writes the compact iCalendar form and ISO without milliseconds', () => {
    const date = new Date('2026-01-02T03:04:05.678Z');
    expect(utcStamp(date)).toBe('20260102T030405Z');
    expect(utcIso(date)).toBe('2026-01-02T03:04:05Z');
  });
});

describe('eventLocation', () => {
  it('joins the venue and the address, skipping what is not known', () => {
    expect(eventLocation(event())).toBe('Blue Note, 100 Main St, Austin, TX');
    expect(eventLocation({ venue: null, area: { streetAddress: null, city: 'Austin', state: 'TX' } })).toBe('Austin, TX');
    expect(eventLocation({ venue: ' ', area: null })).toBe('');
  });
});

describe('googleCalendarUrl', () => {
  it('fills in the name, UTC dates, the page and the place, encoded', () => {
    const href = googleCalendarUrl(event())!;
    expect(href).toContain('action=TEMPLATE');
    expect(href).toContain('dates=20260607T000000Z/20260607T033000Z');
    expect(href).toContain('text=Jazz%20%26%20Blues%3A%20Night%20%231');
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('text')).toBe('Jazz & Blues: Night #1');
    expect(url.searchParams.get('details')).toBe(event().pageUrl);
    expect(url.searchParams.get('location')).toBe('Blue Note, 100 Main St, Austin, TX');
  });

  it('leaves out an unknown place and mends an end before the start', () => {
    const url = new URL(googleCalendarUrl(event({ venue: null, area: null, endDate: '2026-06-06T18:00:00-05:00' }))!);
    expect(url.searchParams.has('location')).toBe(false);
    expect(url.searchParams.get('dates')).toBe('20260607T000000Z/20260607T010000Z');
  });

  it('gives up on a start it cannot read', () => {
    expect(googleCalendarUrl(event({ startDate: 'soon' }))).toBeNull();
  });
});

describe('outlookCalendarUrl', () => {
  it('fills in the compose page with ISO instants in UTC', () => {
    const href = outlookCalendarUrl(event())!;
    expect(href.startsWith('https://outlook.live.com/calendar/0/deeplink/compose?path=/calendar/action/compose&rru=addevent&')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Jazz & Blues: Night #1');
    expect(url.searchParams.get('startdt')).toBe('2026-06-07T00:00:00Z');
    expect(url.searchParams.get('enddt')).toBe('2026-06-07T03:30:00Z');
    expect(url.searchParams.get('body')).toBe(event().pageUrl);
    expect(url.searchParams.get('location')).toBe('Blue Note, 100 Main St, Austin, TX');
  });
});

describe('icsFileName', () => {
  it('prefers the slug, then the name', () => {
    expect(icsFileName({ slug: 'jazz-night', name: 'Jazz night' })).toBe('jazz-night.ics');
    expect(icsFileName({ slug: '', name: 'Jazz night' })).toBe('Jazz night.ics');
  });
});
