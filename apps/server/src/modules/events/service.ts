import { randomBytes } from 'node:crypto';
import {
  AreaSchema,
  EVENT_MAX_DAYS,
  EVENT_POINTS_MAX,
  EVENT_SEARCH_PAGE_SIZE,
  EventCreateSchema,
  EventSearchRequestSchema,
  EventUpdateSchema,
  type EventList,
  type EventPointsResult,
  type EventSearchResult,
  type EventSummary,
  type Flyer,
  type HubEvent,
  type Timeline,
} from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { normaliseImage } from '../../lib/images.js';
import { productOf } from '../account/products.js';
import { findUserById } from '../auth/repository.js';
import { toFlyer } from '../flyers/flyer-view.js';
import * as flyersRepo from '../flyers/repository.js';
import * as launchesRepo from '../launches/repository.js';
import { toTimeline } from '../launches/timeline-view.js';
import * as tagsRepo from '../tags/repository.js';
import * as repo from './repository.js';
import { nextFreeSlug, slugify } from './slug.js';

type CreateInput = z.output<typeof EventCreateSchema>;
type UpdateInput = z.output<typeof EventUpdateSchema>;
type SearchInput = z.output<typeof EventSearchRequestSchema>;

const DEFAULT_WINDOW_DAYS = 30;
const THUMBNAIL_BOX = { width: 1280, height: 720 };

function toSummary(row: repo.EventRowBase): EventSummary {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    timeZone: row.timeZone,
    slug: row.slug,
    venue: row.venue,
    area: row.area ? AreaSchema.parse(row.area) : null,
    thumbnailPath: row.thumbnailPath,
    status: row.status as EventSummary['status'],
    updated: row.updated,
    publishOnDate: row.publishOnDate,
    host: { id: row.userId, name: row.hostName },
    tags: row.tags,
  };
}

function toEvent(row: repo.EventRowFull, flyers: Flyer[], timelines: Timeline[]): HubEvent {
  return {
    ...toSummary(row),
    contentType: row.contentType,
    contentJson: row.contentJson,
    externalEventType: row.externalEventType,
    externalEventJson: row.externalEventJson,
    flyerOrder: row.flyerOrder ?? [],
    attractions: [],
    flyers,
    timelines,
    chats: [],
    isFollowingId: row.myFollow,
    linkCounts: { Star: row.stars, Follow: row.follows, Attendee: row.attendees },
    myLinks: { Star: row.myStar, Follow: row.myFollow, Attendee: row.myAttendee },
  };
}

export async function getEvent(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<HubEvent> {
  const row = await repo.findEvent(opts.ctx.db, { tenantId: opts.tenant.id, id: opts.id, viewerId: opts.viewerId, now: opts.ctx.now() });
  if (!row) throw notFound('No event has this id, or it is not published yet.');
  const flyers = await flyersRepo.listFlyersOf(opts.ctx.db, row.id);
  const timelines = await launchesRepo.listTimelinesOf(opts.ctx.db, row.id);
  return toEvent(row, flyers.map(toFlyer), timelines.map(toTimeline));
}

/** Loads the event for a change by its owner; spec 5: only the owner may edit. */
export async function requireOwnEvent(ctx: AppContext, auth: AuthInfo, eventId: string) {
  const owner = await repo.findOwner(ctx.db, auth.tenant.id, eventId);
  if (!owner) throw notFound('No event has this id.');
  if (owner.userId !== auth.userId) throw forbidden('Only the host of this event may change it.');
  return owner;
}

async function checkTags(ctx: AppContext, tenantId: string, tagIds: string[]): Promise<string[]> {
  const unique = [...new Set(tagIds)];
  const found = await tagsRepo.findTags(ctx.db, tenantId, unique);
  if (found.length !== unique.length) throw badRequest('One or more tags do not exist.', { tagIds: ['Unknown tag id.'] });
  return unique;
}

function valuesOf(input: CreateInput | UpdateInput): repo.EventValues {
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
    status: input.status,
  };
}

async function insertOnce(ctx: AppContext, auth: AuthInfo, input: CreateInput, tagIds: string[], randomSuffix: boolean): Promise<string> {
  const base = slugify(input.name);
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, auth.userId);
    const user = await findUserById(tx, auth.tenant.id, auth.userId);
    if (!user) throw notFound('The account no longer exists.');
    const product = productOf(user.plan);
    const count = await repo.countEventsOf(tx, auth.userId);
    if (count >= product.eventCapacity) {
      throw new AppError(
        403,
        'Event limit reached',
        `Your ${product.name} plan allows ${product.eventCapacity} event${product.eventCapacity === 1 ? '' : 's'} and you have ${count}. Delete an event or choose a bigger plan.`,
      );
    }
    const slug = randomSuffix ? `${base}-${randomBytes(3).toString('hex')}` : nextFreeSlug(base, await repo.slugsLike(tx, auth.tenant.id, base));
    const eventId = await repo.insertEvent(tx, { ...valuesOf(input), tenantId: auth.tenant.id, userId: auth.userId, slug });
    await tagsRepo.setEventTags(tx, eventId, tagIds);
    await repo.refreshSearchText(tx, eventId);
    return eventId;
  });
}

export async function createEvent(opts: { ctx: AppContext; auth: AuthInfo; input: CreateInput }): Promise<HubEvent> {
  const { ctx, auth, input } = opts;
  const tagIds = await checkTags(ctx, auth.tenant.id, input.tagIds);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Two hosts can pick the same free slug at once; the loser retries with a random suffix.
      const id = await insertOnce(ctx, auth, input, tagIds, attempt > 0);
      return getEvent({ ctx, tenant: auth.tenant, id, viewerId: auth.userId });
    } catch (error) {
      if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    }
  }
  throw new AppError(409, 'Conflict', 'Could not give the event a unique address; try again.');
}

export async function updateEvent(opts: { ctx: AppContext; auth: AuthInfo; input: UpdateInput }): Promise<HubEvent> {
  const { ctx, auth, input } = opts;
  await requireOwnEvent(ctx, auth, input.id);
  const tagIds = await checkTags(ctx, auth.tenant.id, input.tagIds);
  await ctx.db.transaction(async (tx) => {
    await repo.updateEvent(tx, input.id, { ...valuesOf(input), ...(input.flyerOrder ? { flyerOrder: input.flyerOrder } : {}) }, ctx.now());
    await tagsRepo.setEventTags(tx, input.id, tagIds);
    await repo.refreshSearchText(tx, input.id);
  });
  return getEvent({ ctx, tenant: auth.tenant, id: input.id, viewerId: auth.userId });
}

export async function deleteEvent(opts: { ctx: AppContext; auth: AuthInfo; id: string }) {
  const owner = await requireOwnEvent(opts.ctx, opts.auth, opts.id);
  // The flyer rows go by cascade; their image files must be removed here.
  const flyerImages = await flyersRepo.imagePathsOf(opts.ctx.db, opts.id);
  await repo.deleteEvent(opts.ctx.db, opts.id);
  if (owner.thumbnailPath) await opts.ctx.files.remove(owner.thumbnailPath);
  for (const image of flyerImages) await opts.ctx.files.remove(image);
  return { ok: true as const };
}

export async function setThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string; data: Buffer }): Promise<HubEvent> {
  const { ctx, auth, id } = opts;
  const owner = await requireOwnEvent(ctx, auth, id);
  const image = await normaliseImage(opts.data, THUMBNAIL_BOX);
  const path = await ctx.files.put(`thumbnails/${id}-${randomBytes(6).toString('hex')}.webp`, image);
  await repo.setThumbnail(ctx.db, id, path, ctx.now());
  if (owner.thumbnailPath) await ctx.files.remove(owner.thumbnailPath);
  return getEvent({ ctx, tenant: auth.tenant, id, viewerId: auth.userId });
}

export async function removeThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<HubEvent> {
  const owner = await requireOwnEvent(opts.ctx, opts.auth, opts.id);
  await repo.setThumbnail(opts.ctx.db, opts.id, null, opts.ctx.now());
  if (owner.thumbnailPath) await opts.ctx.files.remove(owner.thumbnailPath);
  return getEvent({ ctx: opts.ctx, tenant: opts.auth.tenant, id: opts.id, viewerId: opts.auth.userId });
}

function filterOf(ctx: AppContext, tenant: TenantRef, viewerId: string | null, input: SearchInput): repo.SearchFilter {
  const now = ctx.now();
  const from = input.startDate ? new Date(input.startDate) : now;
  const days = input.days ?? DEFAULT_WINDOW_DAYS;
  const box =
    input.minLatitude != null && input.maxLatitude != null && input.minLongitude != null && input.maxLongitude != null
      ? { minLat: input.minLatitude, maxLat: input.maxLatitude, minLng: input.minLongitude, maxLng: input.maxLongitude }
      : null;
  return {
    tenantId: tenant.id,
    viewerId,
    now,
    box,
    from,
    to: new Date(from.getTime() + days * 86_400_000),
    lookBehindMs: EVENT_MAX_DAYS * 86_400_000,
    searchText: input.searchText,
    areaText: input.areaText,
    categoryId: input.categoryId ?? null,
    userId: input.userId ?? null,
    includeCanceled: input.includeCanceled,
  };
}

function centreOf(box: repo.SearchFilter['box']) {
  if (!box) return null;
  const width = box.minLng <= box.maxLng ? box.maxLng - box.minLng : 360 - box.minLng + box.maxLng;
  let lng = box.minLng + width / 2;
  if (lng > 180) lng -= 360;
  return { lat: (box.minLat + box.maxLat) / 2, lng };
}

export async function searchEvents(opts: { ctx: AppContext; tenant: TenantRef; viewerId: string | null; input: SearchInput }): Promise<EventSearchResult> {
  const filter = filterOf(opts.ctx, opts.tenant, opts.viewerId, opts.input);
  const { total, rows } = await repo.searchEvents(opts.ctx.db, filter, {
    limit: EVENT_SEARCH_PAGE_SIZE,
    offset: (opts.input.pageNumber - 1) * EVENT_SEARCH_PAGE_SIZE,
    orderBy: opts.input.orderBy,
    descending: opts.input.isDescending,
    centre: centreOf(filter.box),
  });
  return { totalCount: total, pageNumber: opts.input.pageNumber, pageSize: EVENT_SEARCH_PAGE_SIZE, searchText: opts.input.searchText, events: rows.map(toSummary) };
}

export async function searchPoints(opts: { ctx: AppContext; tenant: TenantRef; viewerId: string | null; input: SearchInput }): Promise<EventPointsResult> {
  const points = await repo.searchPoints(opts.ctx.db, filterOf(opts.ctx, opts.tenant, opts.viewerId, opts.input), EVENT_POINTS_MAX + 1);
  const truncated = points.length > EVENT_POINTS_MAX;
  if (truncated) points.length = EVENT_POINTS_MAX;
  return { totalCount: points.length, truncated, points };
}

export async function myEvents(opts: { ctx: AppContext; auth: AuthInfo }): Promise<EventList> {
  const rows = await repo.listOwnEvents(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  return { events: rows.map((r) => ({ ...toSummary(r), followLinkId: r.followLinkId })) };
}

export async function followedEvents(opts: { ctx: AppContext; auth: AuthInfo }): Promise<EventList> {
  const rows = await repo.listFollowedEvents(opts.ctx.db, { tenantId: opts.auth.tenant.id, userId: opts.auth.userId, now: opts.ctx.now() });
  return { events: rows.map((r) => ({ ...toSummary(r), followLinkId: r.followLinkId })) };
}
