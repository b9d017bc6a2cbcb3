import { randomBytes } from 'node:crypto';
import {
  EVENT_LIVE_LIST_MAX,
  EVENT_SEARCH_MAX_DAYS,
  EVENT_TAGS_MAX,
  type CalendarQuery,
  EventCreateSchema,
  type EventDetailsSchema,
  EventUpdateSchema,
  type EventList,
  PERSON_EVENTS_PAGE_SIZE,
  type EventSummary,
  type PersonEvents,
  type PersonEventsWhen,
  EventStatus,
  type EventStatusValue,
  type EventRole,
  type HomeRelation,
  type EventVisibility,
  type HubEvent,
  statusAfterStop,
  smallThumbnailPath,
} from '@hubbub/contract';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { UNIQUE_VIOLATION, pgErrorCode, type Db } from '../../db/client.js';
import { conflict, invalid, notFound, notOwner, planLimit } from '../../lib/app-error.js';
import { normaliseImage } from '../../lib/images.js';
import { productOf } from '../account/service.js';
import { findTags } from '../tags/service.js';
import { findUserById } from '../users/service.js';
import * as feeds from './feed-repository.js';
import * as homeRepo from './home-repository.js';
import * as moderationRepo from './moderation-repository.js';
import { filterOf } from './search-filter.js';
import * as tileRepo from './tile-repository.js';
import * as repo from './repository.js';
import { nextFreeSlug, slugify } from './slug.js';
import { toSummary } from './summary.js';

// What other modules use of an event, through this service: ownership and visibility,
// the live status, the flyer order and the row lock for flyer capacity, bulk loads.
// Functions that take `db` run inside the caller's transaction.
export { slugify } from './slug.js';

/** Locks the event row for a change bounded by it (the flyer capacity); false when there is no such event. */
export function lockEvent(db: Db, eventId: string): Promise<boolean> {
  return repo.lockEvent(db, eventId);
}

/** A new flyer goes last in the host's order. */
export function appendToFlyerOrder(db: Db, eventId: string, flyerId: string): Promise<void> {
  return repo.appendToFlyerOrder(db, eventId, flyerId);
}

export function removeFromFlyerOrder(db: Db, eventId: string, flyerId: string): Promise<void> {
  return repo.removeFromFlyerOrder(db, eventId, flyerId);
}

/**
 * Something the event is made of changed in another module (its line-up), in the caller's
 * transaction: its search document is made again and its `updated` moves, so calendar apps
 * (LAST-MODIFIED, SEQUENCE), ETags and caches see the change.
 */
export function eventPartChanged(opts: { ctx: AppContext; db: Db; eventId: string }): Promise<void> {
  return repo.partChanged(opts.db, opts.eventId, opts.ctx.now());
}

export function countTenantEvents(opts: { ctx: AppContext; tenantId: string }): Promise<number> {
  return repo.countTenantEvents(opts.ctx.db, opts.tenantId);
}

/** A bulk load (the demo seed): the rows, then their tags; the search text follows with `refreshTenantSearchText`. */
export async function loadEvents(opts: { ctx: AppContext; events: (repo.EventInsert & { tagIds: string[] })[] }): Promise<string[]> {
  const ids = await repo.insertEventRows(opts.ctx.db, opts.events.map(({ tagIds: _tagIds, ...row }) => row));
  await repo.insertEventTagRows(opts.ctx.db, ids.flatMap((eventId, i) => opts.events[i].tagIds.map((tagId) => ({ eventId, tagId }))));
  return ids;
}

export function refreshTenantSearchText(opts: { ctx: AppContext; tenantId: string }): Promise<void> {
  return repo.refreshTenantSearchText(opts.ctx.db, opts.tenantId);
}

/** The event without its flyers and timelines, which their own modules add (see event-details). */
export type EventCore = Omit<HubEvent, 'flyers' | 'timelines'>;

type CreateInput = z.output<typeof EventCreateSchema>;
type UpdateInput = z.output<typeof EventUpdateSchema>;

const THUMBNAIL_BOX = { width: 1280, height: 720 };

function toEvent(row: repo.EventRowFull): EventCore {
  return {
    ...toSummary(row),
    contentType: row.contentType,
    contentJson: row.contentJson,
    externalEventType: row.externalEventType,
    externalEventJson: row.externalEventJson,
    flyerOrder: row.flyerOrder ?? [],
    attractions: [],
    chats: [],
    isFollowingId: row.myFollow,
    linkCounts: { Star: row.stars, Follow: row.follows, Attendee: row.attendees },
    myLinks: { Star: row.myStar, Follow: row.myFollow, Attendee: row.myAttendee },
    hidden: row.hidden,
    visibility: row.visibility,
    seriesId: row.seriesId,
    myRole: row.myRole,
  };
}

export async function getEvent(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<EventCore> {
  const row = await repo.findEvent(opts.ctx.db, { tenantId: opts.tenant.id, id: opts.id, viewerId: opts.viewerId, now: opts.ctx.now() });
  if (!row) throw notFound('No event has this id, or it is not published yet.');
  return toEvent(row);
}

/**
 * The event a public address (`/e/{slug}`) names, by the same visibility rule as every read: for
 * a visitor (viewerId null) published and not hidden; its owner also finds a draft. Undefined
 * when there is none the viewer may see.
 */
export function findEventIdBySlug(opts: { ctx: AppContext; tenant: TenantRef; slug: string; viewerId: string | null }): Promise<string | undefined> {
  return repo.findIdBySlug(opts.ctx.db, { tenantId: opts.tenant.id, slug: opts.slug, viewerId: opts.viewerId, now: opts.ctx.now() });
}

/** The event's host, status and end, when the viewer may see it; 404 otherwise. */
export async function requireVisibleEvent(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; viewerId: string | null }): Promise<repo.VisibleEvent> {
  const visible = await repo.findVisible(opts.ctx.db, { tenantId: opts.tenant.id, eventId: opts.eventId, viewerId: opts.viewerId, now: opts.ctx.now() });
  if (!visible) throw notFound('No event has this id, or it is not published yet.');
  return visible;
}

/** The host of an event, or undefined when there is no such event in the tenant. */
export async function findEventOwner(opts: { ctx: AppContext; tenantId: string; eventId: string }): Promise<string | undefined> {
  return (await repo.findOwner(opts.ctx.db, { tenantId: opts.tenantId, id: opts.eventId, viewerId: null }))?.userId;
}

/** The person's part in an event of the tenant (host, co-host, check-in), or undefined for none or no such event. */
export async function findEventRole(opts: { ctx: AppContext; tenantId: string; eventId: string; userId: string }): Promise<EventRole | undefined> {
  return (await repo.findOwner(opts.ctx.db, { tenantId: opts.tenantId, id: opts.eventId, viewerId: opts.userId }))?.role ?? undefined;
}

/** What joining the event's live session needs (one query); undefined when the viewer cannot see the event. */
export function findSessionView(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; viewerId: string }) {
  return repo.findSessionView(opts.ctx.db, { tenantId: opts.tenant.id, eventId: opts.eventId, viewerId: opts.viewerId, now: opts.ctx.now() });
}

/** Who may see the event (modules/going's host tools have checked the caller hosts it), in the caller's transaction. */
export async function setEventVisibility(opts: { ctx: AppContext; db?: Db; eventId: string; visibility: EventVisibility }): Promise<void> {
  await repo.setVisibility(opts.db ?? opts.ctx.db, opts.eventId, opts.visibility, opts.ctx.now());
  opts.ctx.federation.wake();
}

export async function setEventStatus(opts: { ctx: AppContext; db?: Db; eventId: string; status: EventStatusValue }): Promise<void> {
  await repo.setStatus(opts.db ?? opts.ctx.db, opts.eventId, opts.status, opts.ctx.now());
}

/**
 * A live session stopped, in the caller's transaction: the event is Created again, or Completed
 * once its end has passed (statusAfterStop), so a Stop before or during the event never ends it for
 * everyone. A canceled event stays canceled. Answers the status it has now (undefined: no such event).
 */
export async function setStoppedStatus(opts: { ctx: AppContext; db: Db; eventId: string }): Promise<EventStatusValue | undefined> {
  const event = await repo.lockLifecycle(opts.db, opts.eventId);
  if (!event) return undefined;
  if (event.status === EventStatus.Canceled) return EventStatus.Canceled;
  const status = statusAfterStop(event, opts.ctx.now());
  await repo.setStatus(opts.db, opts.eventId, status, opts.ctx.now());
  return status;
}

/**
 * The status a create or update leaves (`current` null: a new event). Canceled cancels; the live
 * session's Started and Completed are its own, so any other value keeps what the event has, or
 * reinstates a canceled event as Created; absent keeps the status.
 */
export function statusAfterEdit(current: EventStatusValue | null, requested: EventStatusValue | undefined): EventStatusValue {
  if (requested === EventStatus.Canceled) return EventStatus.Canceled;
  if (current === null) return EventStatus.Created;
  if (requested === undefined) return current;
  return current === EventStatus.Canceled ? EventStatus.Created : current;
}

const HOUR = 3_600_000;

/**
 * A looping launch keeps its event on the calendar: once the next round would end after the
 * event, the event moves to a six-hour window around now (the demo's always-live buzz).
 */
export function keepEventRunning(opts: { db: Db; eventId: string; through: Date; now: Date }): Promise<boolean> {
  const from = new Date(Math.floor(opts.now.getTime() / HOUR) * HOUR - HOUR);
  const to = new Date(Math.max(from.getTime() + 6 * HOUR, opts.through.getTime() + HOUR));
  return repo.keepRunning(opts.db, opts.eventId, { from, to, through: opts.through });
}

/**
 * The events of a calendar feed (modules/calendars): a saved search through the search's own
 * filter, or a person's followed, hosted or followed hosts' events; canceled ones included (feeds
 * carry them as cancelled). From `from` on, soonest first, at most `limit`. Read as everyone sees
 * events, since a feed address is handed to calendar services (issue 22); a personal feed adds the
 * person's own drafts when `includeDrafts`.
 */
export function calendarFeedEvents(opts: {
  ctx: AppContext;
  tenant: TenantRef;
  userId: string;
  source: { kind: 'search'; query: CalendarQuery } | { kind: feeds.FeedKind };
  includeDrafts: boolean;
  from: Date;
  limit: number;
}): Promise<feeds.FeedEventRow[]> {
  const { ctx, tenant, userId, source, from } = opts;
  const now = ctx.now();
  if (source.kind !== 'search') {
    const to = new Date(now.getTime() + EVENT_SEARCH_MAX_DAYS * 86_400_000);
    return feeds.personalFeed(ctx.db, { tenantId: tenant.id, userId, kind: source.kind, includeDrafts: opts.includeDrafts, from, to, now, limit: opts.limit });
  }
  const q = source.query;
  const days = Math.ceil((now.getTime() - from.getTime()) / 86_400_000) + q.days;
  const box = q.box ? { minLatitude: q.box.minLatitude, maxLatitude: q.box.maxLatitude, minLongitude: q.box.minLongitude, maxLongitude: q.box.maxLongitude } : {};
  const filter = filterOf(
    ctx,
    tenant,
    // As everyone sees events: drafts are a choice of personal feeds (a `mine` calendar) only.
    null,
    { startDate: from.toISOString(), days, searchText: q.searchText ?? '', areaText: q.areaText ?? '', categoryId: q.categoryId, userId: q.userId ?? null, partner: q.partner ?? null, includeCanceled: true, ...box },
    now,
  );
  return feeds.searchFeed(ctx.db, filter, opts.limit);
}

/** One event as a calendar file carries it, if the viewer may see it. */
export async function calendarEvent(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<feeds.FeedEventRow> {
  const row = await feeds.feedEvent(opts.ctx.db, { tenantId: opts.tenant.id, id: opts.id, viewerId: opts.viewerId, now: opts.ctx.now() });
  if (!row) throw notFound('No event has this id, or it is not published yet.');
  return row;
}

/** Every date of these series the viewer may see, as calendar files carry them (a calendar writes a series as one repeating event). */
export function calendarSeriesDates(opts: { ctx: AppContext; tenant: TenantRef; seriesIds: string[]; viewerId: string | null }): Promise<feeds.FeedEventRow[]> {
  if (!opts.seriesIds.length) return Promise.resolve([]);
  return feeds.seriesFeed(opts.ctx.db, { tenantId: opts.tenant.id, seriesIds: opts.seriesIds, viewerId: opts.viewerId, now: opts.ctx.now() });
}

export type { FeedEventRow, FeedKind } from './feed-repository.js';

/** The tenant's event data version: it moves on every write to its events or their tags (migration 0006). */
export function tenantEventsVersion(ctx: AppContext, tenantId: string): Promise<number> {
  return tileRepo.eventsVersion(ctx.db, tenantId);
}

/** Moderation's changes to events (modules/moderation); each runs in the caller's transaction. */
export const eventModeration = {
  lockForModeration: (db: Db, args: { tenantId: string; eventId: string; viewerId?: string }) => moderationRepo.lockForModeration(db, args),
  setHidden: (db: Db, eventId: string, hidden: { by: moderationRepo.HiddenBy; reason: string; at: Date } | null) => moderationRepo.setHidden(db, eventId, hidden),
  hideAllOf: (db: Db, args: { tenantId: string; userId: string; reason: string; at: Date }) => moderationRepo.hideAllOf(db, args),
  showSuspendedOf: (db: Db, args: { tenantId: string; userId: string }) => moderationRepo.showSuspendedOf(db, args),
  liveEventsOf: (db: Db, args: { tenantId: string; userId: string }) => moderationRepo.liveEventsOf(db, args),
};

/**
 * Loads the event for a change, by who may make it (spec 5: only the owner may edit; issue 30 adds
 * co-hosts): `'host'` for what stays the host's (deleting the event, naming co-hosts, its series),
 * `'co-host'` for what the host and their co-hosts do. Door staff pass neither. Answers the event
 * with its host's id (`userId`: what is written is the host's, and counts against their plan) and
 * the caller's role.
 */
export async function requireEventRole(ctx: AppContext, auth: AuthInfo, eventId: string, least: 'host' | 'co-host'): Promise<repo.EventOwner & { role: 'host' | 'co-host' }> {
  const owner = await repo.findOwner(ctx.db, { tenantId: auth.tenant.id, id: eventId, viewerId: auth.userId });
  if (!owner) throw notFound('No event has this id.');
  const role = owner.role;
  if (role === 'host') return { ...owner, role };
  // A suspended host's events are on hold: their co-hosts do not run them meanwhile.
  if (role === 'co-host' && owner.hiddenBy === 'suspension') throw notOwner('The host of this event is suspended: it is on hold until they are back.');
  if (role === 'co-host' && least === 'co-host') return { ...owner, role };
  // Someone who may not see the event (a draft, an invite-only event) is not told it exists.
  if (!role && !(await repo.findVisible(ctx.db, { tenantId: auth.tenant.id, eventId, viewerId: auth.userId, now: ctx.now() }))) throw notFound('No event has this id.');
  throw notOwner(role === 'co-host' ? 'Only the host of this event may do this: co-hosts do everything else.' : least === 'host' ? 'Only the host of this event may change it.' : 'Only the host of this event and its co-hosts may change it.');
}

async function checkTags(ctx: AppContext, tenantId: string, tagIds: string[]): Promise<string[]> {
  const unique = [...new Set(tagIds)];
  const found = await findTags(ctx.db, tenantId, unique);
  if (found.length !== unique.length) throw invalid('One or more tags do not exist.', { tagIds: ['Unknown tag id.'] });
  return unique;
}

function valuesOf(input: CreateInput | UpdateInput): Omit<repo.EventValues, 'status'> {
  return {
    name: input.name,
    startsAt: new Date(input.startDate),
    endsAt: new Date(input.endDate),
    timeZone: input.timeZone,
    publishOn: input.publishOnDate ? new Date(input.publishOnDate) : null,
    contentType: input.contentType,
    contentJson: input.contentJson,
    externalEventType: input.externalEventType,
    externalEventJson: input.externalEventJson,
    venue: input.venue,
    area: { ...input.area, id: null, userId: null },
    lat: input.area.latitude,
    lng: input.area.longitude,
  };
}

async function insertOnce(ctx: AppContext, auth: AuthInfo, input: CreateInput, tagIds: string[], randomSuffix: boolean): Promise<string> {
  const base = slugify(input.name);
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, auth.userId);
    const user = await findUserById(tx, auth.tenant.id, auth.userId);
    if (!user) throw notFound('The account no longer exists.');
    const product = await productOf(ctx, user.plan, tx);
    const count = await repo.countEventsOf(tx, auth.userId);
    if (count >= product.eventCapacity) {
      throw planLimit(
        'Event limit reached',
        `Your ${product.name} plan allows ${product.eventCapacity} event${product.eventCapacity === 1 ? '' : 's'} and you have ${count}. Delete an event or choose a bigger plan.`,
      );
    }
    const slug = randomSuffix ? `${base}-${randomBytes(3).toString('hex')}` : nextFreeSlug(base, await repo.slugsLike(tx, auth.tenant.id, base));
    const eventId = await repo.insertEvent(tx, { ...valuesOf(input), status: statusAfterEdit(null, input.status), tenantId: auth.tenant.id, userId: auth.userId, slug });
    await repo.setEventTags(tx, eventId, tagIds);
    await repo.refreshSearchText(tx, eventId);
    return eventId;
  });
}

/**
 * The dates of a series are events (modules/series decides them): the first date joins its series,
 * the next ones are copies of it named after their day ("open-mic-2026-12-01"). In the caller's
 * transaction.
 */
export const seriesEvents = {
  join: (db: Db, args: { eventId: string; seriesId: string; ruleDate: Date }) => repo.joinSeries(db, args.eventId, args.seriesId, args.ruleDate),
  async copy(db: Db, args: { tenantId: string; sourceId: string; seriesId: string; slug: string; timeZone: string; starts: Date[] }): Promise<string[]> {
    const base = args.slug.replace(/-\d{4}-\d{2}-\d{2}(-\d+)?$/, '');
    const taken = new Set(await repo.slugsLike(db, args.tenantId, base));
    const dates = args.starts.map((startsAt) => {
      const day = DateTime.fromJSDate(startsAt, { zone: args.timeZone }).toISODate();
      const slug = nextFreeSlug(`${base}-${day}`, taken);
      taken.add(slug);
      return { startsAt, ruleDate: startsAt, slug };
    });
    return repo.insertSeriesDates(db, { sourceId: args.sourceId, seriesId: args.seriesId, dates });
  },
  /** Dates taken into another series (a split keeps the dates that fall on the new rule, with their people). */
  async move(db: Db, args: { seriesId: string; dates: { eventId: string; ruleDate: Date }[] }): Promise<void> {
    for (const date of args.dates) await repo.joinSeries(db, date.eventId, args.seriesId, date.ruleDate);
  },
  /** Dates a split leaves out, canceled (none has started): the notifications worker tells their people. */
  async cancel(db: Db, args: { eventIds: string[]; now: Date }): Promise<void> {
    for (const id of args.eventIds) await repo.setStatus(db, id, EventStatus.Canceled, args.now);
  },
  dates: (db: Db, args: { seriesId: string; viewerId: string | null; now: Date }) => repo.seriesDates(db, args),
  template: (db: Db, seriesId: string) => repo.seriesTemplate(db, seriesId),
  countAhead: (db: Db, args: { seriesId: string; now: Date }) => repo.countSeriesAhead(db, args.seriesId, args.now),
  /** The details on every date to come not changed on its own (from a date on); answers how many changed. */
  async edit(
    db: Db,
    args: { ctx: AppContext; tenantId: string; seriesId: string; fromRuleDate: Date | null; details: z.output<typeof EventDetailsSchema> },
  ): Promise<number> {
    const { details } = args;
    const tagIds = await checkTags(args.ctx, args.tenantId, details.tagIds);
    const values = {
      name: details.name,
      contentType: details.contentType,
      contentJson: details.contentJson,
      venue: details.venue,
      area: { ...details.area, id: null, userId: null },
      lat: details.area.latitude,
      lng: details.area.longitude,
    };
    const ids = await repo.editSeriesDates(db, { seriesId: args.seriesId, fromRuleDate: args.fromRuleDate, now: args.ctx.now(), values });
    await repo.setSeriesDatesTags(db, ids, tagIds);
    return ids.length;
  },
};
export type { SeriesDateRow } from './repository.js';

/** Creates the event within the plan's capacity; answers its id. */
export async function createEvent(opts: { ctx: AppContext; auth: AuthInfo; input: CreateInput }): Promise<string> {
  const { ctx, auth, input } = opts;
  const tagIds = await checkTags(ctx, auth.tenant.id, input.tagIds);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Two hosts can pick the same free slug at once; the loser retries with a random suffix.
      const id = await insertOnce(ctx, auth, input, tagIds, attempt > 0);
      ctx.federation.wake();
      return id;
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    }
  }
  throw conflict('Could not give the event a unique address; try again.');
}

/**
 * Runs in the cancel's transaction, before the event is marked Canceled, with the status it had:
 * what the modules above events do then (modules/event-details stops a live session).
 */
export type BeforeCancel = (tx: Db, was: EventStatusValue) => Promise<void>;

/** The event's status, its row locked for the caller's transaction. */
async function lockStatus(tx: Db, eventId: string): Promise<EventStatusValue> {
  const event = await repo.lockLifecycle(tx, eventId);
  if (!event) throw notFound('No event has this id.');
  return event.status as EventStatusValue;
}

/** Saves the host's changes; answers whether this update canceled the event (see statusAfterEdit). */
export async function updateEvent(opts: { ctx: AppContext; auth: AuthInfo; input: UpdateInput; beforeCancel?: BeforeCancel }): Promise<{ canceled: boolean }> {
  const { ctx, auth, input } = opts;
  await requireEventRole(ctx, auth, input.id, 'co-host');
  const tagIds = await checkTags(ctx, auth.tenant.id, input.tagIds);
  const answer = await ctx.db.transaction(async (tx) => {
    const was = await lockStatus(tx, input.id);
    const status = statusAfterEdit(was, input.status);
    const canceled = status === EventStatus.Canceled && was !== EventStatus.Canceled;
    if (canceled) await opts.beforeCancel?.(tx, was);
    await repo.updateEvent(tx, input.id, { ...valuesOf(input), status, ...(input.flyerOrder ? { flyerOrder: input.flyerOrder } : {}) }, ctx.now());
    await repo.setEventTags(tx, input.id, tagIds);
    await repo.refreshSearchText(tx, input.id);
    return { canceled };
  });
  ctx.federation.wake();
  return answer;
}

/** The host cancels the event (what an update with status Canceled does, nothing else changed); 409 when it already is. */
export async function cancelEvent(opts: { ctx: AppContext; auth: AuthInfo; id: string; beforeCancel?: BeforeCancel }): Promise<void> {
  const { ctx, auth, id } = opts;
  await requireEventRole(ctx, auth, id, 'co-host');
  await ctx.db.transaction(async (tx) => {
    const was = await lockStatus(tx, id);
    if (was === EventStatus.Canceled) throw conflict('This event is already canceled.');
    await opts.beforeCancel?.(tx, was);
    await repo.setStatus(tx, id, EventStatus.Canceled, ctx.now());
  });
  ctx.federation.wake();
}

/** Deletes the event; its flyers, links and tags go by cascade (their files are the caller's to remove). */
export async function deleteEvent(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<void> {
  const owner = await requireEventRole(opts.ctx, opts.auth, opts.id, 'host');
  await repo.deleteEvent(opts.ctx.db, opts.id);
  opts.ctx.federation.wake();
  if (owner.thumbnailPath) await removeThumbnailFiles(opts.ctx, owner.userId, owner.thumbnailPath);
}

/**
 * A stored thumbnail and its small copy (modules/events/thumbnail-routes.ts), once no event shows
 * it: the dates of a series share their first date's picture.
 */
async function removeThumbnailFiles(ctx: AppContext, ownerId: string, path: string): Promise<void> {
  if (await repo.thumbnailInUse(ctx.db, ownerId, path)) return;
  await ctx.files.remove(path);
  const small = smallThumbnailPath(path);
  if (small) await ctx.files.remove(small);
}

export async function setThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string; data: Buffer }): Promise<void> {
  const { ctx, auth, id } = opts;
  const owner = await requireEventRole(ctx, auth, id, 'co-host');
  const image = await normaliseImage(opts.data, THUMBNAIL_BOX);
  const path = await ctx.files.put(`thumbnails/${id}-${randomBytes(6).toString('hex')}.webp`, image);
  await repo.setThumbnail(ctx.db, id, path, ctx.now());
  if (owner.thumbnailPath) await removeThumbnailFiles(ctx, owner.userId, owner.thumbnailPath);
}

export async function removeThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<void> {
  const owner = await requireEventRole(opts.ctx, opts.auth, opts.id, 'co-host');
  await repo.setThumbnail(opts.ctx.db, opts.id, null, opts.ctx.now());
  if (owner.thumbnailPath) await removeThumbnailFiles(opts.ctx, owner.userId, owner.thumbnailPath);
}

export async function tagEvent(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; tagId: string }) {
  const { ctx, auth } = opts;
  await requireEventRole(ctx, auth, opts.eventId, 'co-host');
  const [tag] = await findTags(ctx.db, auth.tenant.id, [opts.tagId]);
  if (!tag) throw notFound('No tag has this id.');
  const current = await repo.eventTagIds(ctx.db, opts.eventId);
  if (!current.includes(opts.tagId) && current.length >= EVENT_TAGS_MAX) {
    throw invalid(`An event has at most ${EVENT_TAGS_MAX} tags; remove one first.`);
  }
  await repo.addEventTag(ctx.db, opts.eventId, opts.tagId);
  await repo.refreshSearchText(ctx.db, opts.eventId);
  return { ok: true as const };
}

export async function untagEvent(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; tagId: string }) {
  await requireEventRole(opts.ctx, opts.auth, opts.eventId, 'co-host');
  const [tag] = await findTags(opts.ctx.db, opts.auth.tenant.id, [opts.tagId]);
  if (!tag) throw notFound('No tag has this id.');
  await repo.removeEventTag(opts.ctx.db, opts.eventId, opts.tagId);
  await repo.refreshSearchText(opts.ctx.db, opts.eventId);
  return { ok: true as const };
}

export async function myEvents(opts: { ctx: AppContext; auth: AuthInfo }): Promise<EventList> {
  const rows = await repo.listOwnEvents(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  return { events: rows.map((r) => ({ ...toSummary(r), followLinkId: r.followLinkId })) };
}

/** The live buzzes the person may watch (theirs, public ones), for the Buzz page when none of their own is on. */
export async function liveEvents(opts: { ctx: AppContext; auth: AuthInfo }): Promise<EventList> {
  const rows = await repo.listLiveEvents(opts.ctx.db, { tenantId: opts.auth.tenant.id, viewerId: opts.auth.userId, now: opts.ctx.now(), limit: EVENT_LIVE_LIST_MAX });
  return { events: rows.map((r) => ({ ...toSummary(r), followLinkId: r.followLinkId })) };
}

export async function followedEvents(opts: { ctx: AppContext; auth: AuthInfo }): Promise<EventList> {
  const rows = await repo.listFollowedEvents(opts.ctx.db, { tenantId: opts.auth.tenant.id, userId: opts.auth.userId, now: opts.ctx.now() });
  return { events: rows.map((r) => ({ ...toSummary(r), followLinkId: r.followLinkId })) };
}

// ---- A person's home (modules/home) and public page ----

export type { Box as EventBox } from './home-repository.js';
export type RelatedEvent = EventSummary & { relation: HomeRelation | null; waitlistPlace: number | null };
const toRelated = (rows: homeRepo.RelatedEventRow[]): RelatedEvent[] => rows.map((r) => ({ ...toSummary(r), relation: r.relation, waitlistPlace: r.waitlistPlace }));

type HomeOpts = { ctx: AppContext; tenant: TenantRef; viewerId: string; limit: number };

/** What a person's home lists, each one short indexed read with the viewer's tie to the event; hosts who blocked the viewer are left out. */
export const homeEvents = {
  /** Live buzzes the viewer hosts, goes to or follows, of people they follow, or public ones in `box`. */
  live: async (o: HomeOpts & { box: homeRepo.Box | null }) =>
    toRelated(await homeRepo.liveEvents(o.ctx.db, { tenantId: o.tenant.id, viewerId: o.viewerId, box: o.box, now: o.ctx.now(), limit: o.limit })),
  /** Public events in `box` starting in [startFrom, startTo) and still on after `endsAfter`, soonest first. */
  near: async (o: HomeOpts & { box: homeRepo.Box; startFrom: Date; startTo: Date; endsAfter: Date }) =>
    toRelated(await homeRepo.eventsNear(o.ctx.db, { ...o, tenantId: o.tenant.id, now: o.ctx.now() })),
  /** What the viewer hosts (drafts too), goes to or follows that has not ended, soonest first. */
  next: async (o: HomeOpts) => toRelated(await homeRepo.nextEventsOf(o.ctx.db, { tenantId: o.tenant.id, viewerId: o.viewerId, now: o.ctx.now(), limit: o.limit })),
  /** Upcoming public events hosted by people the viewer follows. */
  ofFollowedHosts: async (o: HomeOpts) =>
    toRelated(await homeRepo.eventsOfFollowedHosts(o.ctx.db, { tenantId: o.tenant.id, viewerId: o.viewerId, now: o.ctx.now(), limit: o.limit })),
};

/** A person's public events, upcoming or past, a page at a time; the two totals add up to the person's eventCount. */
export async function publicEventsOf(opts: { ctx: AppContext; tenant: TenantRef; userId: string; when: PersonEventsWhen; pageNumber: number }): Promise<PersonEvents> {
  const { ctx, tenant, userId, when, pageNumber } = opts;
  if (!(await findUserById(ctx.db, tenant.id, userId))) throw notFound('No person has this id.');
  const { total, rows } = await homeRepo.publicEventsOf(ctx.db, {
    tenantId: tenant.id,
    userId,
    upcoming: when === 'upcoming',
    now: ctx.now(),
    limit: PERSON_EVENTS_PAGE_SIZE,
    offset: (pageNumber - 1) * PERSON_EVENTS_PAGE_SIZE,
  });
  return { when, totalCount: total, pageNumber, pageSize: PERSON_EVENTS_PAGE_SIZE, events: rows.map(toSummary) };
}

export { dropEndedRemoteEvents, dropRemoteEvents, saveRemoteEvent, type RemoteEventInput } from './remote-events.js';
