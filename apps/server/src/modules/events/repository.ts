import { and, eq, sql } from 'drizzle-orm';
import type { EventRole, EventVisibility } from '@hubbub/contract';
import { queryRows, type Db } from '../../db/client.js';
import { NO_USER, eventRoleOf, iso, listedTo, visibleTo } from '../../db/fragments.js';
import { users } from '../../db/schema.js';
import { eventTags, events } from './schema.js';

export interface EventRowBase {
  id: string;
  userId: string;
  name: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  publishOnDate: string | null;
  slug: string;
  venue: string | null;
  area: Record<string, unknown> | null;
  thumbnailPath: string | null;
  status: number;
  updated: string;
  hostName: string;
  tags: { id: string; name: string; categoryId: string | null; isCategory: boolean }[];
  series: { id: string; rule: string } | null;
  origin: string | null;
}

export interface EventRowFull extends EventRowBase {
  contentType: string | null;
  contentJson: string | null;
  externalEventType: string | null;
  externalEventJson: string | null;
  flyerOrder: string[];
  stars: number;
  follows: number;
  attendees: number;
  myStar: string | null;
  myFollow: string | null;
  myAttendee: string | null;
  hidden: { by: 'moderator' | 'suspension'; reason: string; at: string } | null;
  visibility: EventVisibility;
  seriesId: string | null;
  myRole: EventRole | null;
}

/** The series of event `e` as the API's SeriesBrief (json), or null. */
export const seriesBrief = sql`(select json_build_object('id', s.id, 'rule', s.rule) from series s where s.id = e.series_id)`;

export const summaryColumns = sql`
  e.id, e.user_id as "userId", e.name, ${iso(sql`e.starts_at`)} as "startDate", ${iso(sql`e.ends_at`)} as "endDate",
  e.time_zone as "timeZone", case when e.publish_on is null then null else ${iso(sql`e.publish_on`)} end as "publishOnDate",
  e.slug, e.venue, e.area, e.thumbnail_path as "thumbnailPath", e.status::int as status, ${iso(sql`e.updated_at`)} as updated,
  u.name as "hostName",
  (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'categoryId', t.category_id, 'isCategory', t.is_category) order by t.name, t.id), '[]'::json)
     from event_tags et join tags t on t.id = et.tag_id where et.event_id = e.id) as tags,
  ${seriesBrief} as series, e.origin_url as origin`;

const linkCount = (type: string) => sql`(select count(*)::int from event_links l where l.event_id = e.id and l.type = ${type})`;
const myLink = (type: string, viewer: string) =>
  sql`(select l.id from event_links l where l.event_id = e.id and l.user_id = ${viewer} and l.type = ${type} limit 1)`;

export async function findEvent(db: Db, args: { tenantId: string; id: string; viewerId: string | null; now: Date }): Promise<EventRowFull | undefined> {
  const viewer = args.viewerId ?? NO_USER;
  const result = await queryRows<EventRowFull>(db, sql`
    select ${summaryColumns},
      e.content_type as "contentType", e.content_json as "contentJson",
      e.external_event_type as "externalEventType", e.external_event_json as "externalEventJson",
      e.flyer_order::text[] as "flyerOrder",
      case when e.hidden_at is null then null else json_build_object('by', e.hidden_by, 'reason', e.hidden_reason, 'at', ${iso(sql`e.hidden_at`)}) end as hidden,
      e.visibility, e.series_id as "seriesId", ${linkCount('Star')} as stars, ${linkCount('Follow')} as follows, ${linkCount('Attendee')} as attendees,
      ${myLink('Star', viewer)} as "myStar", ${myLink('Follow', viewer)} as "myFollow", ${myLink('Attendee', viewer)} as "myAttendee",
      ${eventRoleOf(viewer)} as "myRole"
    from events e join users u on u.id = e.user_id
    where e.tenant_id = ${args.tenantId} and e.id = ${args.id} and ${visibleTo(args.viewerId, args.now)}`);
  return result[0];
}

/** What a change to an event checks: its host and the parts a change touches, and the viewer's role there (fragments.eventRoleOf). */
export interface EventOwner {
  userId: string;
  thumbnailPath: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  slug: string;
  seriesId: string | null;
  /** Set while the event is hidden: by a moderator, or with its host suspended. */
  hiddenBy: 'moderator' | 'suspension' | null;
  role: EventRole | null;
}

export async function findOwner(db: Db, args: { tenantId: string; id: string; viewerId: string | null }): Promise<EventOwner | undefined> {
  const [row] = await queryRows<Omit<EventOwner, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string }>(db, sql`
    select e.user_id as "userId", e.thumbnail_path as "thumbnailPath", ${iso(sql`e.starts_at`)} as "startsAt", ${iso(sql`e.ends_at`)} as "endsAt",
      e.time_zone as "timeZone", e.slug, e.series_id as "seriesId", e.hidden_by as "hiddenBy", ${eventRoleOf(args.viewerId ?? NO_USER)} as role
    from events e where e.tenant_id = ${args.tenantId} and e.id = ${args.id}`);
  return row && { ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) };
}

export interface EventValues {
  name: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  publishOn: Date | null;
  contentType: string | null;
  contentJson: string | null;
  externalEventType: string | null;
  externalEventJson: string | null;
  venue: string | null;
  area: Record<string, unknown>;
  lat: number;
  lng: number;
  status: number;
}

/**
 * Locks the owner's row so two creates cannot both slip under the capacity. NO KEY UPDATE, not
 * UPDATE: it must not block the foreign-key checks (FOR KEY SHARE) of the owner's other writes, or
 * an edit of one of their events that waits on this create's event_versions row deadlocks with it.
 */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select id from ${users} where id = ${userId} for no key update`);
}

/** The events a host has against their plan's limit: a series counts once, whatever its number of dates. */
export async function countEventsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct coalesce(${events.seriesId}, ${events.id}))::int` })
    .from(events)
    .where(eq(events.userId, userId));
  return row.n;
}

export async function slugsLike(db: Db, tenantId: string, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(and(eq(events.tenantId, tenantId), sql`(${events.slug} = ${base} or ${events.slug} like ${`${base}-%`})`));
  return rows.map((r) => r.slug);
}

export async function insertEvent(db: Db, values: EventValues & { tenantId: string; userId: string; slug: string }): Promise<string> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row.id;
}

/** The host's edit; a date of a series is marked as changed on its own. */
export async function updateEvent(db: Db, id: string, values: EventValues & { flyerOrder?: string[] }, at: Date): Promise<void> {
  await db
    .update(events)
    .set({ ...values, seriesEdited: sql`${events.seriesId} is not null`, updatedAt: at })
    .where(eq(events.id, id));
}

// ---- Dates of a series (modules/series decides them; the rows are events) ----

/** Makes the event a series' date (its first), at the rule's date. */
export async function joinSeries(db: Db, eventId: string, seriesId: string, ruleDate: Date): Promise<void> {
  await db.update(events).set({ seriesId, ruleDate }).where(eq(events.id, eventId));
}

/**
 * Copies of the source event at each date (its length kept), in its series, with the source's
 * tags, picture and search document; answers their ids. Status starts over (Created) and moderation's
 * marks are not copied.
 */
export async function insertSeriesDates(
  db: Db,
  args: { sourceId: string; seriesId: string; dates: { startsAt: Date; ruleDate: Date; slug: string }[] },
): Promise<string[]> {
  if (!args.dates.length) return [];
  const [source] = await db.select().from(events).where(eq(events.id, args.sourceId)).limit(1);
  if (!source) return [];
  const length = source.endsAt.getTime() - source.startsAt.getTime();
  const rows: EventInsert[] = args.dates.map((date) => ({
    tenantId: source.tenantId,
    userId: source.userId,
    name: source.name,
    startsAt: date.startsAt,
    endsAt: new Date(date.startsAt.getTime() + length),
    timeZone: source.timeZone,
    publishOn: source.publishOn,
    contentType: source.contentType,
    contentJson: source.contentJson,
    externalEventType: source.externalEventType,
    externalEventJson: source.externalEventJson,
    slug: date.slug,
    venue: source.venue,
    area: source.area,
    lat: source.lat,
    lng: source.lng,
    thumbnailPath: source.thumbnailPath,
    visibility: source.visibility,
    seriesId: args.seriesId,
    ruleDate: date.ruleDate,
  }));
  const ids = await insertEventRows(db, rows);
  await db.execute(sql`
    insert into event_tags (event_id, tag_id)
    select e.id, t.tag_id from events e join event_tags t on t.event_id = ${args.sourceId}
    where e.id in (${idList(ids)})
    on conflict do nothing`);
  await refreshSearchTextOf(db, ids);
  return ids;
}

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);
const refreshSearchTextOf = (db: Db, ids: string[]) => db.execute(sql`update events e set search_text = ${searchDocument} where e.id in (${idList(ids)})`);

/** The same tags on several dates of a series at once, and their search documents again. */
export async function setSeriesDatesTags(db: Db, ids: string[], tagIds: string[]): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`delete from event_tags where event_id in (${idList(ids)})`);
  if (tagIds.length) {
    await db.insert(eventTags).values(ids.flatMap((eventId) => tagIds.map((tagId) => ({ eventId, tagId })))).onConflictDoNothing();
  }
  await refreshSearchTextOf(db, ids);
}

/** The date new dates are copied from: the latest not changed on its own (the series' details), else the latest. */
export async function seriesTemplate(db: Db, seriesId: string): Promise<{ id: string; slug: string } | undefined> {
  const [row] = await db
    .select({ id: events.id, slug: events.slug })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(events.seriesEdited, sql`${events.ruleDate} desc`)
    .limit(1);
  return row;
}

/** How many of a series' dates are still to come. */
export async function countSeriesAhead(db: Db, seriesId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), sql`${events.ruleDate} > ${now.toISOString()}::timestamptz`));
  return row.n;
}

/**
 * New details on a series' dates to come that were not changed on their own (from `fromRuleDate`
 * on, when given); answers the ids changed.
 */
export async function editSeriesDates(
  db: Db,
  args: { seriesId: string; fromRuleDate: Date | null; now: Date; values: Pick<EventValues, 'name' | 'contentType' | 'contentJson' | 'venue' | 'area' | 'lat' | 'lng'> },
): Promise<string[]> {
  const rows = await db
    .update(events)
    .set({ ...args.values, updatedAt: args.now })
    .where(
      and(
        eq(events.seriesId, args.seriesId),
        eq(events.seriesEdited, false),
        sql`${events.endsAt} > ${args.now.toISOString()}::timestamptz`,
        args.fromRuleDate ? sql`${events.ruleDate} >= ${args.fromRuleDate.toISOString()}::timestamptz` : undefined,
      ),
    )
    .returning({ id: events.id });
  return rows.map((r) => r.id);
}

export interface SeriesDateRow {
  eventId: string;
  slug: string;
  ruleDate: string;
  startDate: string;
  endDate: string;
  status: number;
  edited: boolean;
}

/** A series' dates the viewer may see, in the rule's order. */
export function seriesDates(db: Db, args: { seriesId: string; viewerId: string | null; now: Date }): Promise<SeriesDateRow[]> {
  return queryRows<SeriesDateRow>(db, sql`
    select e.id as "eventId", e.slug, ${iso(sql`e.rule_date`)} as "ruleDate", ${iso(sql`e.starts_at`)} as "startDate",
      ${iso(sql`e.ends_at`)} as "endDate", e.status::int as status, e.series_edited as edited
    from events e where e.series_id = ${args.seriesId} and ${visibleTo(args.viewerId, args.now)}
    order by e.rule_date`);
}

/** Whether another of the host's events still shows this picture (dates of a series share one); the host's events come from events_user_idx. */
export async function thumbnailInUse(db: Db, userId: string, thumbnailPath: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.thumbnailPath, thumbnailPath)))
    .limit(1);
  return row !== undefined;
}

export async function setThumbnail(db: Db, id: string, thumbnailPath: string | null, at: Date): Promise<void> {
  await db.update(events).set({ thumbnailPath, updatedAt: at }).where(eq(events.id, id));
}

export async function deleteEvent(db: Db, id: string): Promise<void> {
  await db.delete(events).where(eq(events.id, id));
}

/** Full-text document: name, venue, place, tag names and the line-up's names (a band's name finds its shows). */
const searchDocument = sql`to_tsvector('simple', concat_ws(' ', e.name, e.venue, e.area->>'name', e.area->>'city', e.area->>'state',
  (select string_agg(t.name, ' ') from event_tags et join tags t on t.id = et.tag_id where et.event_id = e.id),
  (select string_agg(a.name, ' ') from attractions a where a.event_id = e.id)))`;

export async function refreshSearchText(db: Db, id: string): Promise<void> {
  await db.execute(sql`update events e set search_text = ${searchDocument} where e.id = ${id}`);
}

/** A part of the event kept elsewhere changed (its line-up): the document again, and `updated` moves with it. */
export async function partChanged(db: Db, id: string, at: Date): Promise<void> {
  await db.execute(sql`update events e set search_text = ${searchDocument}, updated_at = ${at} where e.id = ${id}`);
}

/** The same document for a whole tenant at once (after a bulk load). */
export async function refreshTenantSearchText(db: Db, tenantId: string): Promise<void> {
  await db.execute(sql`update events e set search_text = ${searchDocument} where e.tenant_id = ${tenantId}`);
}

export async function countTenantEvents(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(events).where(eq(events.tenantId, tenantId));
  return row.n;
}

/** A bulk load (the demo): rows as the table takes them; tags and search text follow separately. */
export type EventInsert = typeof events.$inferInsert;

export async function insertEventRows(db: Db, rows: EventInsert[]): Promise<string[]> {
  const inserted = await db.insert(events).values(rows).returning({ id: events.id });
  return inserted.map((r) => r.id);
}

// ---- Tags of events (event_tags) ----

export async function eventTagIds(db: Db, eventId: string): Promise<string[]> {
  const rows = await db.select({ tagId: eventTags.tagId }).from(eventTags).where(eq(eventTags.eventId, eventId));
  return rows.map((r) => r.tagId);
}

export async function addEventTag(db: Db, eventId: string, tagId: string): Promise<void> {
  await db.insert(eventTags).values({ eventId, tagId }).onConflictDoNothing();
}

export async function removeEventTag(db: Db, eventId: string, tagId: string): Promise<void> {
  await db.delete(eventTags).where(and(eq(eventTags.eventId, eventId), eq(eventTags.tagId, tagId)));
}

export async function setEventTags(db: Db, eventId: string, tagIds: string[]): Promise<void> {
  await db.delete(eventTags).where(eq(eventTags.eventId, eventId));
  if (tagIds.length) await db.insert(eventTags).values(tagIds.map((tagId) => ({ eventId, tagId }))).onConflictDoNothing();
}

export async function insertEventTagRows(db: Db, rows: { eventId: string; tagId: string }[]): Promise<void> {
  if (rows.length) await db.insert(eventTags).values(rows).onConflictDoNothing();
}

// ---- What other modules change on an event ----

/** The live session moves the event's status (Started while it runs); a cancel makes it Canceled. */
export async function setStatus(db: Db, eventId: string, status: number, at: Date): Promise<void> {
  await db.update(events).set({ status, updatedAt: at }).where(eq(events.id, eventId));
}

export async function setVisibility(db: Db, eventId: string, visibility: EventVisibility, at: Date): Promise<void> {
  await db.update(events).set({ visibility, updatedAt: at }).where(eq(events.id, eventId));
}

/** The event's status and dates, its row locked for the rest of the transaction; undefined when there is no such event. */
export async function lockLifecycle(db: Db, eventId: string): Promise<{ status: number; startDate: string; endDate: string } | undefined> {
  const [row] = await queryRows<{ status: number; startDate: string; endDate: string }>(
    db,
    sql`select status::int as status, ${iso(sql`starts_at`)} as "startDate", ${iso(sql`ends_at`)} as "endDate" from ${events} where id = ${eventId} for update`,
  );
  return row;
}

/** Moves the event to [from, to] when it would end before `through`; true when it moved. */
export async function keepRunning(db: Db, eventId: string, window: { from: Date; to: Date; through: Date }): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`
    update ${events} set starts_at = ${window.from.toISOString()}, ends_at = ${window.to.toISOString()}, updated_at = now()
    where id = ${eventId} and ends_at < ${window.through.toISOString()} returning id`);
  return rows.length > 0;
}

/** Locks the event row, so two flyer creates cannot both slip under the flyer capacity. */
export async function lockEvent(db: Db, eventId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from ${events} where id = ${eventId} for update`);
  return rows.length > 0;
}

export async function appendToFlyerOrder(db: Db, eventId: string, flyerId: string): Promise<void> {
  await db.update(events).set({ flyerOrder: sql`array_append(${events.flyerOrder}, ${flyerId}::uuid)` }).where(eq(events.id, eventId));
}

export async function removeFromFlyerOrder(db: Db, eventId: string, flyerId: string): Promise<void> {
  await db.update(events).set({ flyerOrder: sql`array_remove(${events.flyerOrder}, ${flyerId}::uuid)` }).where(eq(events.id, eventId));
}

/** The id of the event with this slug in the tenant, when the viewer may see it (visibleTo: everyone's rule, or the owner's). */
export async function findIdBySlug(db: Db, args: { tenantId: string; slug: string; viewerId: string | null; now: Date }): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(db, sql`
    select e.id from events e where e.tenant_id = ${args.tenantId} and e.slug = ${args.slug} and ${visibleTo(args.viewerId, args.now)}`);
  return rows[0]?.id;
}

/** The event's host, status and end when the viewer may see it; undefined otherwise. */
export interface VisibleEvent {
  userId: string;
  status: number;
  endDate: string;
  visibility: EventVisibility;
  /** Its page on the server that published it; null for this server's own. */
  origin: string | null;
}

export async function findVisible(
  db: Db,
  args: { tenantId: string; eventId: string; viewerId: string | null; now: Date },
): Promise<VisibleEvent | undefined> {
  const [row] = await queryRows<VisibleEvent>(db, sql`
    select e.user_id as "userId", e.status::int as status, ${iso(sql`e.ends_at`)} as "endDate", e.visibility, e.origin_url as origin
    from events e where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId} and ${visibleTo(args.viewerId, args.now)}`);
  return row;
}

/**
 * What joining an event's live session needs, in one query: its host and status when
 * the viewer may see it, the viewer's role there, and whether the host blocked the viewer.
 */
export async function findSessionView(
  db: Db,
  args: { tenantId: string; eventId: string; viewerId: string; now: Date },
): Promise<{ ownerId: string; status: number; blocked: boolean; role: EventRole | null } | undefined> {
  const [row] = await queryRows<{ ownerId: string; status: number; blocked: boolean; role: EventRole | null }>(db, sql`
    select e.user_id as "ownerId", e.status::int as status, ${eventRoleOf(args.viewerId)} as role,
      exists(select 1 from user_blocks b where b.blocker_id = e.user_id and b.blocked_id = ${args.viewerId}) as blocked
    from events e
    where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId} and ${visibleTo(args.viewerId, args.now)}`);
  return row;
}

export async function listOwnEvents(db: Db, tenantId: string, userId: string): Promise<(EventRowBase & { followLinkId: string | null })[]> {
  const result = await queryRows<EventRowBase & { followLinkId: string | null }>(db, sql`
    select ${summaryColumns}, null::uuid as "followLinkId" from events e join users u on u.id = e.user_id
    where e.tenant_id = ${tenantId} and e.user_id = ${userId}
    order by e.starts_at, e.id`);
  return result;
}

/** Events whose buzz runs now (the partial index events_live_idx finds them) that the viewer may see, soonest first. */
export async function listLiveEvents(db: Db, args: { tenantId: string; viewerId: string; now: Date; limit: number }): Promise<(EventRowBase & { followLinkId: string | null })[]> {
  return queryRows<EventRowBase & { followLinkId: string | null }>(db, sql`
    select ${summaryColumns}, (select l.id from event_links l where l.event_id = e.id and l.user_id = ${args.viewerId} and l.type = 'Follow' limit 1) as "followLinkId"
    from events e join users u on u.id = e.user_id
    -- Listed events, and the invite-only ones the viewer was invited to (unlisted ones are only for those with the link).
    where e.tenant_id = ${args.tenantId} and e.status = 1 and (${listedTo(args.viewerId, args.now)} or (e.visibility = 'invite' and ${visibleTo(args.viewerId, args.now)}))
      -- People the host blocked cannot join the session (JoinEventSession), so it is not offered to them.
      and not exists (select 1 from user_blocks b where b.blocker_id = e.user_id and b.blocked_id = ${args.viewerId})
    order by e.starts_at, e.id
    limit ${args.limit}`);
}

export async function listFollowedEvents(db: Db, args: { tenantId: string; userId: string; now: Date }): Promise<(EventRowBase & { followLinkId: string | null })[]> {
  const result = await queryRows<EventRowBase & { followLinkId: string | null }>(db, sql`
    select ${summaryColumns}, l.id as "followLinkId"
    from event_links l join events e on e.id = l.event_id join users u on u.id = e.user_id
    where l.tenant_id = ${args.tenantId} and l.user_id = ${args.userId} and l.type = 'Follow' and ${visibleTo(args.userId, args.now)}
    order by e.starts_at, e.id`);
  return result;
}
