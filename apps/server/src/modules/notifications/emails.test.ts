import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedEventRow } from '../events/service.js';
import { cancellationEmail, coHostEmail, decisionEmail, digestEmail, invitationEmail, reminderEmail } from './emails.js';

const unsubscribe = { pageUrl: 'https://hubbub.test/unsubscribe?token=t', oneClickUrl: 'https://hubbub.test/u/t' };
const event = (over: Partial<FeedEventRow> = {}): FeedEventRow => ({
  id: 'e1',
  slug: 'jazz',
  publishOnDate: null,
  name: 'Rooftop Jazz',
  startDate: '2026-11-26T01:00:00Z',
  endDate: '2026-11-26T04:00:00Z',
  timeZone: 'America/Chicago',
  venue: 'The Roof',
  area: { city: 'Kansas City' },
  description: null,
  status: 0,
  hostName: 'Dana',
  created: '2026-11-01T00:00:00Z',
  updated: '2026-11-01T00:00:00Z',
  sequence: 0,
  seriesId: null,
  ruleDate: null,
  edited: false,
  ...over,
});
const eventUrl = (e: FeedEventRow) => `https://hubbub.test/e/${e.slug}`;
// Intl's output carries narrow no-break spaces; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

describe('the emails write dates and numbers with the one formatter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("in the event's own zone, named, and en-US when the recipient's locale is not known", () => {
    const reminder = reminderEmail({ to: 'a@x.test', name: 'Ada', event: event(), lead: '1h', eventUrl, unsubscribe });
    expect(plain(reminder.text)).toContain('Rooftop Jazz starts Wed, Nov 25, 7:00 PM CST.');
    expect(reminder.text).toContain('https://hubbub.test/e/jazz');
    const berlin = cancellationEmail({ to: 'a@x.test', name: 'Ada', event: event({ timeZone: 'Europe/Berlin' }), eventUrl, unsubscribe });
    expect(plain(berlin.text)).toContain('planned for Thu, Nov 26, 2:00 AM GMT+1, has been canceled.');
  });

  it("in the recipient's locale when it is known, with the year when it is not this one", () => {
    const reminder = reminderEmail({ to: 'a@x.test', name: 'Ada', locale: 'de-DE', event: event({ startDate: '2027-01-05T18:00:00Z' }), lead: '1d', eventUrl, unsubscribe });
    expect(plain(reminder.text)).toContain('Rooftop Jazz starts Di., 5. Jan. 2027, 12:00 GMT-6.');
  });

  it('counts with separators, and falls back to UTC for an event without a known zone', () => {
    const digest = digestEmail({ to: 'a@x.test', name: 'Ada', calendar: 'Jazz', events: [event({ timeZone: 'Not/AZone' })], more: 1233, eventUrl, publicUrl: 'https://hubbub.test', unsubscribe });
    expect(digest.subject).toBe('1,234 new events in “Jazz”');
    expect(plain(digest.text)).toContain('Thu, Nov 26, 1:00 AM UTC');
    expect(digest.text).toContain('…and 1,233 more:');
  });
});

describe('going: decisions and invitations', () => {
  const mine = { state: 'going' as const, place: null, guests: 0, declineMessage: null };
  const url = 'https://hubbub.test/event/e1';

  it('says where an approved or declined person stands, with the host\'s words', () => {
    const going = decisionEmail({ to: 'a@x.test', name: 'Ada', event: event(), mine: { ...mine, guests: 1 }, url, eventUrl, unsubscribe });
    expect(going.subject).toBe('You are approved: Rooftop Jazz');
    expect(plain(going.text)).toContain('you are going to Rooftop Jazz (Wed, Nov 25, 7:00 PM CST) with 1 guest.');
    const line = decisionEmail({ to: 'a@x.test', name: 'Ada', event: event(), mine: { ...mine, state: 'waitlisted', place: 1234 }, url, eventUrl, unsubscribe });
    expect(line.text).toContain('you are number 1,234 on the waitlist');
    const no = decisionEmail({ to: 'a@x.test', name: 'Ada', event: event(), mine: { ...mine, state: 'declined', declineMessage: 'Members only' }, url, eventUrl, unsubscribe });
    expect(no.subject).toBe('Your request for Rooftop Jazz was declined');
    expect(no.text).toContain('They wrote: “Members only”');
    expect(no.headers?.['List-Unsubscribe']).toBe('<https://hubbub.test/u/t>');
  });

  it('an invitation names the host, when and where, and the personal link; no unsubscribe for a one-off from a person', () => {
    const mail = invitationEmail({ to: 'new@x.test', event: event(), host: 'Dana', url: 'https://hubbub.test/event/e1/invitation/abc' });
    expect(mail.subject).toBe('Dana invited you: Rooftop Jazz');
    expect(plain(mail.text)).toContain('When: Wed, Nov 25, 7:00 PM CST');
    expect(mail.text).toContain('Where: The Roof, Kansas City');
    expect(mail.text).toContain('See the event and say Going: https://hubbub.test/event/e1/invitation/abc');
    expect(mail.headers).toBeUndefined();
  });
});

describe('co-hosts', () => {
  it('asks door staff to help, with when, where and their own link; no unsubscribe for a one-off from a person', () => {
    const mail = coHostEmail({ to: 'door@x.test', event: event(), host: 'Dana', url: 'https://hubbub.test/event/e1/co-host/abc', role: 'check-in' });
    expect(mail.subject).toBe('Dana asked you to help at the door: Rooftop Jazz');
    expect(mail.purpose).toBe('co-host');
    expect(plain(mail.text)).toContain('When: Wed, Nov 25, 7:00 PM CST');
    expect(mail.text).toContain('Open the door screen (sign in or make an account on the way): https://hubbub.test/event/e1/co-host/abc');
    expect(mail.headers).toBeUndefined();
  });

  it('asks a co-host to run the event with its host, and says what stays with the host', () => {
    const mail = coHostEmail({ to: 'co@x.test', event: event(), host: 'Dana', url: 'https://hubbub.test/event/e1/co-host/abc', role: 'co-host' });
    expect(mail.subject).toBe('Dana asked you to co-host: Rooftop Jazz');
    expect(mail.text).toContain('Open the event (sign in or make an account on the way): https://hubbub.test/event/e1/co-host/abc');
    expect(mail.text).toContain('Deleting the event stays with its host.');
    expect(mail.text).toContain('named co@x.test a co-host');
    expect(mail.text).not.toContain('door screen');
  });
});
