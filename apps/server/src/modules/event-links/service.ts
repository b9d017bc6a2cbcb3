import type { EventLinkSearchResult, LinkType } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { notFound, notOwner } from '../../lib/app-error.js';
import { getEvent } from '../event-details/service.js';
import { findEventOwner, findEventRole, requireVisibleEvent } from '../events/service.js';
import * as repo from './repository.js';

const PAGE_SIZE = 50;

/**
 * How an Attendee link is made and removed: attending takes a seat, so the module that hands out
 * seats (modules/going, after this one) does it and keeps the link (setAttendeeLink). app.ts passes
 * it in to the routes.
 */
export interface Attendance {
  /** Takes a seat for the person, or refuses (409 event_full) when the event is full. */
  attend(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<void>;
  /** Gives the person's seat back (the next in line is promoted). */
  leave(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<void>;
}

/** Star, follow or attend an event the user can see; doing it twice returns the same link. */
export async function createLink(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; type: LinkType; attendance: Attendance }) {
  const { ctx, auth } = opts;
  await requireVisibleEvent({ ctx, tenant: auth.tenant, eventId: opts.eventId, viewerId: auth.userId });
  if (opts.type === 'Attendee') await opts.attendance.attend({ ctx, auth, eventId: opts.eventId });
  const id = await repo.insertLink(ctx.db, { tenantId: auth.tenant.id, eventId: opts.eventId, userId: auth.userId, type: opts.type });
  return { id };
}

export async function deleteLink(opts: { ctx: AppContext; auth: AuthInfo; id: string; attendance: Attendance }) {
  const { ctx, auth } = opts;
  const link = await repo.findLink(ctx.db, auth.tenant.id, opts.id);
  if (!link) throw notFound('No link has this id.');
  if (link.userId !== auth.userId) throw notOwner('Only the person who made this link may remove it.');
  if (link.type === 'Attendee') await opts.attendance.leave({ ctx, auth, eventId: link.eventId });
  else await repo.deleteLink(ctx.db, opts.id);
  return { ok: true as const };
}

/**
 * Keeps a person's Attendee link in step with their seat (modules/going, inside its transaction): a
 * confirmed seat is what counts, reminds and shows as attending everywhere else.
 */
export async function setAttendeeLink(db: Db, args: { tenantId: string; eventId: string; userId: string; attending: boolean }): Promise<void> {
  const { attending, ...link } = args;
  if (attending) await repo.ensureLink(db, { ...link, type: 'Attendee' });
  else await repo.deleteLinkOf(db, { eventId: link.eventId, userId: link.userId, type: 'Attendee' });
}

/**
 * Following a series (modules/series, inside its transaction) is following each of its dates, so
 * every surface that reads follows (home, reminders, calendars, the following list) shows them.
 */
export async function setFollowLinks(db: Db, args: { tenantId: string; userId: string; eventIds: string[]; following: boolean }): Promise<void> {
  const { following, ...links } = args;
  if (following) await repo.ensureLinks(db, { ...links, type: 'Follow' });
  else await repo.deleteLinksOf(db, { userId: links.userId, eventIds: links.eventIds, type: 'Follow' });
}

/**
 * A user sees their own links; the host of an event also sees who linked to it.
 */
export async function searchLinks(opts: {
  ctx: AppContext;
  auth: AuthInfo;
  eventId?: string | null;
  userId?: string | null;
  type?: LinkType | null;
  pageNumber: number;
}): Promise<EventLinkSearchResult> {
  const { ctx, auth } = opts;
  let userId: string | null = opts.userId ?? auth.userId;
  if (userId !== auth.userId) {
    if (!opts.eventId) throw notOwner('You can only list your own links, or the links of an event you host.');
  }
  if (opts.eventId && (opts.userId == null || opts.userId !== auth.userId)) {
    const role = await findEventRole({ ctx, tenantId: auth.tenant.id, eventId: opts.eventId, userId: auth.userId });
    if (!role && !(await findEventOwner({ ctx, tenantId: auth.tenant.id, eventId: opts.eventId }))) throw notFound('No event has this id.');
    // The host and their co-hosts see who linked to the event; door staff and everyone else only their own links.
    if (role === 'host' || role === 'co-host') userId = opts.userId ?? null;
    else if (opts.userId && opts.userId !== auth.userId) throw notOwner('Only the host and its co-hosts see who linked to an event.');
    else userId = auth.userId;
  }
  const { total, rows } = await repo.searchLinks(ctx.db, {
    tenantId: auth.tenant.id,
    viewerId: auth.userId,
    now: ctx.now(),
    eventId: opts.eventId ?? null,
    userId,
    type: opts.type ?? null,
    limit: PAGE_SIZE,
    offset: (opts.pageNumber - 1) * PAGE_SIZE,
  });
  const links = [];
  for (const row of rows) {
    const event = await getEvent({ ctx, tenant: auth.tenant, id: row.eventId, viewerId: auth.userId }).catch(() => null);
    if (event) links.push({ ...row, event });
  }
  return { totalCount: total, pageNumber: opts.pageNumber, pageSize: PAGE_SIZE, links };
}
