import { Temporal } from '@js-temporal/polyfill';
import { Event, Image, Place, PUBLIC_COLLECTION, PropertyValue } from '@fedify/fedify';
import { EventStatus, formatRange } from '@hubbub/contract';
import type { EventCore } from '../events/service.js';
import { previewImagePath } from '../event-page/service.js';

/** Text as HTML characters: what someone typed shows as typed, never as markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Text as HTML that shows it as written (ActivityPub content is HTML; nothing a host typed is markup). */
export function textHtml(text: string): string {
  return escapeHtml(text)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const instant = (iso: string) => Temporal.Instant.from(iso);

/** Where it is, in words: the venue and the place's name. */
function placeName(event: EventCore): string | null {
  const parts = [event.venue, event.area?.name].filter((p): p is string => Boolean(p?.trim()));
  return parts.length ? [...new Set(parts)].join(', ') : null;
}

/**
 * A public event as an ActivityPub Event (FEP-8a8e's core: name, times, place with coordinates,
 * organiser, picture, link to its public page), with a summary and content that read well where
 * only Notes are shown (Mastodon shows an Event as a post with its name and link). A canceled event
 * says so in its name and first line: ActivityPub has no status of its own.
 */
export function eventObject(args: { event: EventCore; id: URL; pageUrl: string; publicUrl: string; organiser: URL; followers: URL }): Event {
  const { event } = args;
  const canceled = event.status === EventStatus.Canceled;
  const where = placeName(event);
  const when = formatRange(event.startDate, event.endDate, { locale: 'en-US', timeZone: event.timeZone });
  const lines = [canceled ? 'Canceled.' : null, when, where, event.contentJson?.trim() || null].filter((l): l is string => Boolean(l));
  return new Event({
    id: args.id,
    name: canceled ? `Canceled: ${event.name}` : event.name,
    summary: escapeHtml([when, where].filter(Boolean).join(' · ')),
    content: `${textHtml(lines.join('\n\n'))}<p><a href="${escapeHtml(args.pageUrl)}">${escapeHtml(args.pageUrl)}</a></p>`,
    mediaType: 'text/html',
    startTime: instant(event.startDate),
    endTime: instant(event.endDate),
    url: new URL(args.pageUrl),
    attribution: args.organiser,
    location: event.area
      ? new Place({ name: where, latitude: event.area.latitude, longitude: event.area.longitude })
      : where
        ? new Place({ name: where })
        : null,
    image: new Image({ url: new URL(`${args.publicUrl}${previewImagePath(event)}`), mediaType: event.thumbnailPath ? 'image/jpeg' : 'image/png' }),
    attachments: [new PropertyValue({ name: 'Time zone', value: event.timeZone })],
    tags: [],
    published: instant(event.updated),
    updated: instant(event.updated),
    to: PUBLIC_COLLECTION,
    cc: args.followers,
  });
}
