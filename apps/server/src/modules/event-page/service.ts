import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { DEFAULT_TENANT, EVENT_PHASE_LABELS, activityPubEventPath, fediverseHandle, eventPhase, formatRange, publicEventPath, type HubEvent } from '@hubbub/contract';
import type { AppContext, TenantRef } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { locatorMapSvg } from '../../lib/locator-map.js';
import { eventFile } from '../calendars/service.js';
import { getEvent } from '../event-details/service.js';
import { seatsOf } from '../going/service.js';
import { findEventIdBySlug } from '../events/service.js';
import { eventDocumentsHtml } from '../project-documents/service.js';
import { getSeries } from '../series/service.js';
import { FALLBACK_LOCALE } from './locale.js';
import { previewCardPng, previewFromPicture } from './preview-image.js';
import { placeOf, renderPublicEvent } from './render.js';
import { pageScripts } from './script.js';

// The public page of an event (/e/{slug}): the web site's own tenant, read as a visitor reads it,
// through the events, event-details, project-documents and calendars services.

/**
 * What a slug may be: the events module makes them from names (`jazz-night-2`), older rows hold a
 * uuid. Anything else names no event and is answered without a query (a hostile address costs nothing).
 */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** The tenant the web site shows (DEFAULT_TENANT); undefined on a server whose TENANTS leave it out. */
function siteTenant(ctx: AppContext): TenantRef | undefined {
  const id = ctx.tenants.get(DEFAULT_TENANT);
  return id ? { id, key: DEFAULT_TENANT } : undefined;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;

/** The event a public address names, as `viewerId` may see it (null: a visitor), or undefined. */
async function findPublicEvent(ctx: AppContext, slug: string, viewerId: string | null): Promise<{ tenant: TenantRef; id: string } | undefined> {
  const tenant = siteTenant(ctx);
  if (!tenant || !SLUG_PATTERN.test(slug)) return undefined;
  const id = await findEventIdBySlug({ ctx, tenant, slug, viewerId });
  return id ? { tenant, id } : undefined;
}

/** The event with its flyers as a visitor reads it; undefined when it went out of sight since its id was found. */
async function readAsVisitor(ctx: AppContext, tenant: TenantRef, id: string): Promise<HubEvent | undefined> {
  try {
    return await getEvent({ ctx, tenant, id, viewerId: null });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

const nullWhenNotFound = (error: unknown) => {
  if (isNotFound(error)) return null;
  throw error;
};

/** Locator maps by spot: drawing one cuts every outline near it (tens of milliseconds), the result is a few kilobytes. */
const maps = new LRUCache<string, string>({ max: 500 });

function mapOf(event: HubEvent): string | null {
  if (!event.area) return null;
  const { latitude, longitude } = event.area;
  const place = placeOf(null, event.area);
  const key = `${latitude.toFixed(4)},${longitude.toFixed(4)},${place}`;
  let svg = maps.get(key);
  if (svg === undefined) {
    svg = locatorMapSvg(latitude, longitude, { label: place ? `Map of ${place}` : "Map of the event's location" });
    maps.set(key, svg);
  }
  return svg;
}

export type PageAnswer =
  | { kind: 'page'; html: string; etag: string }
  /** A signed-in person goes to the full page. */
  | { kind: 'redirect'; location: string }
  | { kind: 'missing' };

/**
 * The public page of the event `slug` names. A signed-in person (`viewerId`, from the session
 * cookie) is sent to the full page, which their own drafts also have; everyone else reads what
 * is published and not hidden, and anything else is missing.
 */
export async function publicEventPage(opts: { ctx: AppContext; slug: string; viewerId: string | null; locale: string }): Promise<PageAnswer> {
  const { ctx, slug, viewerId } = opts;
  const found = await findPublicEvent(ctx, slug, viewerId);
  if (!found) return { kind: 'missing' };
  if (viewerId) return { kind: 'redirect', location: `/event/${found.id}` };
  const event = await readAsVisitor(ctx, found.tenant, found.id);
  if (!event) return { kind: 'missing' };
  const [documents, scripts, seats, series] = await Promise.all([
    eventDocumentsHtml({ ctx, tenant: found.tenant, eventId: event.id, viewerId: null }).catch(() => []),
    pageScripts(),
    seatsOf({ ctx, eventId: event.id }),
    event.seriesId ? getSeries({ ctx, tenant: found.tenant, id: event.seriesId, viewerId: null }).catch(nullWhenNotFound) : null,
  ]);
  const siteUrl = ctx.config.publicUrl;
  const html = renderPublicEvent({
    event,
    siteUrl,
    image: { url: `${siteUrl}${previewImagePath(event)}`, type: event.thumbnailPath ? 'image/jpeg' : 'image/png' },
    locale: opts.locale,
    now: ctx.now(),
    mapSvg: mapOf(event),
    seats,
    documents,
    series,
    scriptUrl: scripts.page.url,
    workerUrl: scripts.worker.url,
    fediverse:
      ctx.config.FEDERATION && event.visibility === 'public'
        ? // Another server's event is its own to serve as an object.
          { handle: fediverseHandle(found.tenant.key, siteUrl), objectUrl: event.origin ? null : `${siteUrl}${activityPubEventPath(event.id)}` }
        : null,
  });
  return { kind: 'page', html, etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

/** The preview picture's address: the thumbnail as JPEG when there is one, else the drawn card as PNG; `?v=` moves with every change. */
export function previewImagePath(event: Pick<HubEvent, 'slug' | 'thumbnailPath' | 'updated'>): string {
  const version = createHash('sha256').update(`${event.updated}|${event.thumbnailPath ?? ''}`).digest('base64url').slice(0, 10);
  return `${publicEventPath(event.slug)}/preview.${event.thumbnailPath ? 'jpg' : 'png'}?v=${version}`;
}

/** Preview pictures by event and version: a previewer fetches each once, but a link shared in a busy chat brings many. */
const previews = new LRUCache<string, Buffer>({ maxSize: 24 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

/**
 * The picture link previews show for a public event, as its address names it: `jpg`, its own
 * thumbnail cropped to 1200×630 (a card when the picture cannot be read); `png`, a card with its
 * name, when and where. Undefined when the address names no public event.
 */
export async function previewImage(opts: { ctx: AppContext; slug: string; format: 'png' | 'jpg' }): Promise<{ body: Buffer; type: string; etag: string } | undefined> {
  const { ctx } = opts;
  const found = await findPublicEvent(ctx, opts.slug, null);
  const event = found && (await readAsVisitor(ctx, found.tenant, found.id));
  if (!event) return undefined;
  const version = previewImagePath(event).split('?v=')[1];
  const key = `${event.id}:${version}:${opts.format}`;
  let body = previews.get(key);
  if (!body) {
    const phase = eventPhase(event, ctx.now());
    const card = () =>
      previewCardPng({
        name: event.name,
        when: formatRange(event.startDate, event.endDate, { locale: FALLBACK_LOCALE, timeZone: event.timeZone, now: ctx.now() }),
        where: placeOf(event.venue, event.area),
        phase: phase === 'upcoming' ? null : EVENT_PHASE_LABELS[phase],
      });
    if (opts.format === 'png') body = await card();
    else {
      // The JPEG is the event's own picture; one that cannot be read gives way to the card, converted.
      const picture = event.thumbnailPath ? await ctx.files.get(event.thumbnailPath).catch(() => null) : null;
      body = (picture && (await previewFromPicture(picture))) ?? (await previewFromPicture(await card())) ?? (await card());
    }
    previews.set(key, body);
  }
  const type = opts.format === 'jpg' ? 'image/jpeg' : 'image/png';
  return { body, type, etag: `"${version}-${opts.format}"` };
}

/** The event as an iCalendar file, for everyone who can read its public page. Undefined when the address names no public event. */
export async function publicEventIcs(opts: { ctx: AppContext; slug: string }): Promise<{ fileName: string; body: string } | undefined> {
  const found = await findPublicEvent(opts.ctx, opts.slug, null);
  if (!found) return undefined;
  try {
    return await eventFile({ ctx: opts.ctx, tenant: found.tenant, id: found.id, viewerId: null });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}
