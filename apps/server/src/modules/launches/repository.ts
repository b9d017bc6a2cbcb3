import { sql } from 'drizzle-orm';
import type { TimelineState } from '@hubbub/contract';
import { queryRows, type Db } from '../../db/client.js';
import { visibleTo } from '../events/repository.js';

export interface TimelineRow {
  id: string;
  tenantId: string;
  eventId: string;
  userId: string;
  launchDate: Date;
  startDate: Date;
  endDate: Date;
  flyerIds: string[];
  state: TimelineState;
}

export interface TransitionRow {
  id: string;
  timelineId: string;
  tenantId: string;
  eventId: string;
  kind: 'start' | 'stop';
}

/** A flyer as the buzz shows it, without the stored image path merged in (see toFlyer). */
export interface LaunchFlyerRow {
  id: string;
  eventId: string;
  name: string;
  contentType: string | null;
  contentJson: string;
  imagePath: string | null;
  isActivated: boolean;
}

// Both drivers hand back timestamps differently inside raw SQL; casting to text and
// parsing keeps one shape. flyer_ids::text[] avoids the driver's uuid[] parsing gaps.
const timelineColumns = sql`t.id, t.tenant_id as "tenantId", t.event_id as "eventId", t.user_id as "userId",
  t.launch_date as "launchDate", t.start_date as "startDate", t.end_date as "endDate",
  t.flyer_ids::text[] as "flyerIds", t.state`;

const flyerColumns = sql`f.id, f.event_id as "eventId", f.name, f.content_type as "contentType",
  f.content_json as "contentJson", f.image_path as "imagePath", f.is_activated as "isActivated"`;

const uuidList = (ids: string[]) => sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `);

function toRow(raw: TimelineRow): TimelineRow {
  return { ...raw, launchDate: new Date(raw.launchDate), startDate: new Date(raw.startDate), endDate: new Date(raw.endDate) };
}

/** Ids among `ids` that are flyers of the event. */
export async function flyersOfEvent(db: Db, args: { tenantId: string; eventId: string; ids: string[] }): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`
    select id from flyers
    where tenant_id = ${args.tenantId} and event_id = ${args.eventId} and id in (${uuidList(args.ids)})`);
  return rows.map((r) => r.id);
}

export async function insertTimeline(
  db: Db,
  values: { tenantId: string; eventId: string; userId: string; launchDate: Date; startDate: Date; endDate: Date; flyerIds: string[] },
): Promise<TimelineRow> {
  const [row] = await queryRows<TimelineRow>(db, sql`
    insert into timelines as t (tenant_id, event_id, user_id, launch_date, start_date, end_date, flyer_ids)
    values (${values.tenantId}, ${values.eventId}, ${values.userId}, ${values.launchDate.toISOString()}, ${values.startDate.toISOString()},
      ${values.endDate.toISOString()}, array[${uuidList(values.flyerIds)}]::uuid[])
    returning ${timelineColumns}`);
  await db.execute(sql`
    insert into launch_transitions (timeline_id, tenant_id, event_id, kind, due_at) values
      (${row.id}, ${values.tenantId}, ${values.eventId}, 'start', ${values.startDate.toISOString()}),
      (${row.id}, ${values.tenantId}, ${values.eventId}, 'stop', ${values.endDate.toISOString()})`);
  return toRow(row);
}

/** The event's timelines, newest start first. */
export async function listTimelinesOf(db: Db, eventId: string): Promise<TimelineRow[]> {
  const rows = await queryRows<TimelineRow>(db, sql`
    select ${timelineColumns} from timelines t where t.event_id = ${eventId} order by t.start_date desc, t.created_at desc`);
  return rows.map(toRow);
}

export async function isEventVisible(db: Db, args: { tenantId: string; eventId: string; viewerId: string | null; now: Date }): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`
    select e.id from events e where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId} and ${visibleTo(args.viewerId, args.now)}`);
  return rows.length > 0;
}

/** The timeline with its event's owner, locked for a change. */
export async function lockTimeline(db: Db, tenantId: string, id: string): Promise<(TimelineRow & { ownerId: string }) | undefined> {
  const [row] = await queryRows<TimelineRow & { ownerId: string }>(db, sql`
    select ${timelineColumns}, e.user_id as "ownerId"
    from timelines t join events e on e.id = t.event_id
    where t.tenant_id = ${tenantId} and t.id = ${id}
    for update of t`);
  return row && { ...toRow(row), ownerId: row.ownerId };
}

export async function setTimelineState(db: Db, id: string, state: TimelineState, from: TimelineState[]): Promise<TimelineRow | undefined> {
  const states = sql.join(from.map((s) => sql`${s}`), sql`, `);
  const [row] = await queryRows<TimelineRow>(db, sql`
    update timelines t set state = ${state} where t.id = ${id} and t.state in (${states}) returning ${timelineColumns}`);
  return row && toRow(row);
}

/** Closes the timeline's pending transitions without applying them (a cancel). */
export async function closeTransitions(db: Db, timelineId: string): Promise<void> {
  await db.execute(sql`update launch_transitions set done_at = now() where timeline_id = ${timelineId} and done_at is null`);
}

/**
 * Claims up to `limit` due transitions for `instance` until the lease runs out.
 * SKIP LOCKED lets instances claim side by side without waiting for each other.
 */
export async function claimDue(db: Db, args: { instance: string; leaseMs: number; limit: number }): Promise<TransitionRow[]> {
  return queryRows<TransitionRow>(db, sql`
    update launch_transitions
    set claimed_by = ${args.instance}, claimed_until = now() + make_interval(secs => ${args.leaseMs / 1000})
    where id in (
      select id from launch_transitions
      where done_at is null and due_at <= now() and (claimed_until is null or claimed_until < now())
      order by due_at
      limit ${args.limit}
      for update skip locked)
    returning id, timeline_id as "timelineId", tenant_id as "tenantId", event_id as "eventId", kind`);
}

/**
 * Marks a claimed transition done; false when this instance no longer holds it (its
 * lease ran out and another took it, or a cancel closed it). Run first in the
 * transaction that applies the change: the row lock serialises the two.
 */
export async function completeClaimed(db: Db, id: string, instance: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`
    update launch_transitions set done_at = now() where id = ${id} and claimed_by = ${instance} and done_at is null returning id`);
  return rows.length > 0;
}

export async function activateFlyers(db: Db, timeline: { eventId: string; flyerIds: string[] }): Promise<LaunchFlyerRow[]> {
  return queryRows<LaunchFlyerRow>(db, sql`
    update flyers f set is_activated = true
    where f.event_id = ${timeline.eventId} and f.id in (${uuidList(timeline.flyerIds)})
    returning ${flyerColumns}`);
}

/**
 * Turns off the timeline's flyers that no other active timeline still shows; returns
 * those now off (whether or not they were on, so a watcher always learns they stopped).
 */
export async function deactivateFlyers(db: Db, timeline: { id: string; eventId: string; flyerIds: string[] }): Promise<LaunchFlyerRow[]> {
  return queryRows<LaunchFlyerRow>(db, sql`
    update flyers f set is_activated = false
    where f.event_id = ${timeline.eventId} and f.id in (${uuidList(timeline.flyerIds)})
      and not exists (select 1 from timelines o where o.id <> ${timeline.id} and o.state = 'Active' and o.end_date > now() and f.id = any(o.flyer_ids))
    returning ${flyerColumns}`);
}

export async function findTimeline(db: Db, id: string): Promise<TimelineRow | undefined> {
  const [row] = await queryRows<TimelineRow>(db, sql`select ${timelineColumns} from timelines t where t.id = ${id}`);
  return row && toRow(row);
}

/**
 * Makes is_activated match the timelines: on exactly for flyers that an Active timeline
 * not past its end shows. Run at start, so a flag left behind by a crash is corrected.
 */
export async function recomputeActiveFlyers(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(db, sql`
    with shown as (
      select distinct unnest(t.flyer_ids) as id from timelines t where t.state = 'Active' and t.end_date > now())
    update flyers f set is_activated = (f.id in (select id from shown))
    where f.is_activated <> (f.id in (select id from shown))
    returning f.id`);
  return rows.length;
}
