import { DEFAULT_TENANT } from './common.js';

/**
 * The public page of a published event, readable without an account: `/e/{slug}` on the web
 * site's own tenant (DEFAULT_TENANT). The server renders it (no script needed to read it); the
 * spec's `/event/{id}` stays the full page behind sign-in, where a signed-in visitor is sent.
 */
export const PUBLIC_EVENT_PREFIX = '/e/';

/**
 * The address of an event for use outside the app (emails, calendar files), where the reader may
 * not be signed in: the public page for a published event of the web site's own tenant (it sends
 * a signed-in reader on to the full page), the full page otherwise (a draft, another tenant).
 */
export function shareableEventUrl(opts: { publicUrl: string; tenantKey: string; event: { id: string; slug: string; publishOnDate: string | null }; now: Date }): string {
  const { event } = opts;
  const published = event.publishOnDate === null || Date.parse(event.publishOnDate) <= opts.now.getTime();
  return opts.tenantKey === DEFAULT_TENANT && published ? `${opts.publicUrl}${publicEventPath(event.slug)}` : `${opts.publicUrl}/event/${event.id}`;
}

/** `/e/jazz-night-2`: the event's public address (a path on the site). */
export function publicEventPath(slug: string): string {
  return `${PUBLIC_EVENT_PREFIX}${encodeURIComponent(slug)}`;
}
