import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedEventRow } from '../events/service.js';
import { cancellationEmail, digestEmail, reminderEmail } from './emails.js';

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
