/**
 * The public page of a published event, readable without an account: `/e/{slug}` on the web
 * site's own tenant (DEFAULT_TENANT). The server renders it (no script needed to read it); the
 * spec's `/event/{id}` stays the full page behind sign-in, where a signed-in visitor is sent.
 */
export const PUBLIC_EVENT_PREFIX = '/e/';

/** `/e/jazz-night-2`: the event's public address (a path on the site). */
export function publicEventPath(slug: string): string {
  return `${PUBLIC_EVENT_PREFIX}${encodeURIComponent(slug)}`;
}
