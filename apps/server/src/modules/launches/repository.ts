import { sql } from 'drizzle-orm';
import type { EventRole, TimelineState } from '@hubbub/contract';
import { queryRows, type Db } from '../../db/client.js';
import { eventRoleOf, uuidList } from '../../db/fragments.js';

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
  repeatEverySeconds: number | null;
  announcement: string | null;
}

export interface TransitionRow {
  id: string;
  timelineId: string;
  tenantId: string;
  eventId: string;
  kind: 'start' | 'stop';
}

// Both drivers hand back timestamps differently inside raw SQL; casting to text and
// parsing keeps one shape. flyer_ids::text[] avoids the driver's uuid[] parsing gaps.
const timelineColumns = sql`t.id, t.tenant_id as "tenantId", t.event_id as "eventId", t.user_id as "userId",
  t.launch_date as "launchDate", t.start_date as "startDate", t.end_date as "endDate",
  t.flyer_ids::text[] as "flyerIds", t.state, t.repeat_every_seconds as "repeatEverySeconds", t.announcement`;


function toRow(raw: TimelineRow): TimelineRow {
  return { ...raw, launchDate: new Date(raw.launchDate), startDate: new Date(raw.startDate), endDate: new Date(raw.endDate) };
}

export async function insertTimeline(
  db: Db,
  values: {
    tenantId: string;
    eventId: string;
    userId: string;
    launchDate: Date;
    startDate: Date;
    endDate: Date;
    flyerIds: string[];
    repeatEverySeconds?: number | null;
    announcement?: string | null;
  },
): Promise<TimelineRow> {
  const [row] = await queryRows<TimelineRow>(db, sql`
    insert into timelines as t (tenant_id, event_id, user_id, launch_date, start_date, end_date, flyer_ids, repeat_every_seconds, announcement)
    values (${values.tenantId}, ${values.eventId}, ${values.userId}, ${values.launchDate.toISOString()}, ${values.startDate.toISOString()},
      ${values.endDate.toISOString()}, array[${uuidList(values.flyerIds)}]::uuid[], ${values.repeatEverySeconds ?? null}, ${values.announcement ?? null})
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

/** The timeline with its event's owner, locked for a change. */
/** A launch, locked for a change, with the viewer's role at its event (fragments.eventRoleOf). */
export async function lockTimeline(db: Db, args: { tenantId: string; id: string; viewerId: string }): Promise<(TimelineRow & { role: EventRole | null }) | undefined> {
  const [row] = await queryRows<TimelineRow & { role: EventRole | null }>(db, sql`
    select ${timelineColumns}, ${eventRoleOf(args.viewerId)} as role
    from timelines t join events e on e.id = t.event_id
    where t.tenant_id = ${args.tenantId} and t.id = ${args.id}
    for update of t`);
  return row && { ...toRow(row), role: row.role };
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

/**
 * Schedules a looping launch's next round once it stopped: its dates move by whole periods to the
 * first round that ends after now (rounds missed while no instance ran are skipped), and its two
 * transition rows are armed again instead of new ones being added.
 */
export async function rearmLoop(db: Db, timelineId: string): Promise<TimelineRow | undefined> {
  const [row] = await queryRows<TimelineRow>(db, sql`
    with shift as (
      select id, make_interval(secs => repeat_every_seconds * (floor(extract(epoch from now() - end_date) / repeat_every_seconds) + 1)) as by
      from timelines where id = ${timelineId} and repeat_every_seconds > 0)
    update timelines t set state = 'Scheduled', launch_date = t.launch_date + shift.by, start_date = t.start_date + shift.by, end_date = t.end_date + shift.by
    from shift where t.id = shift.id
    returning ${timelineColumns}`);
  if (!row) return undefined;
  await db.execute(sql`
    update launch_transitions lt
    set due_at = case lt.kind when 'start' then t.start_date else t.end_date end, done_at = null, claimed_by = null, claimed_until = null
    from timelines t where t.id = lt.timeline_id and lt.timeline_id = ${timelineId}`);
  return toRow(row);
}

/** A timeline by id; with `tenantId`, only that tenant's. */
export async function findTimeline(db: Db, id: string, tenantId?: string): Promise<TimelineRow | undefined> {
  const [row] = await queryRows<TimelineRow>(db, sql`select ${timelineColumns} from timelines t where t.id = ${id} ${tenantId ? sql`and t.tenant_id = ${tenantId}` : sql``}`);
  return row && toRow(row);
}


/** The event's launches still to run or running, locked (moderators stopping its live session cancel them). */
export async function lockOpenTimelinesOf(db: Db, eventId: string): Promise<TimelineRow[]> {
  const rows = await queryRows<TimelineRow>(db, sql`
    select ${timelineColumns} from timelines t where t.event_id = ${eventId} and t.state in ('Scheduled', 'Active') order by t.start_date for update of t`);
  return rows.map(toRow);
}

/** A person's events with launches still to run or running (a suspension or a deletion cancels them). */
export async function eventsWithOpenLaunchesOf(db: Db, args: { tenantId: string; userId: string }): Promise<string[]> {
  const rows = await queryRows<{ eventId: string }>(db, sql`
    select distinct t.event_id as "eventId" from timelines t join events e on e.id = t.event_id
    where e.tenant_id = ${args.tenantId} and e.user_id = ${args.userId} and t.state in ('Scheduled', 'Active')`);
  return rows.map((r) => r.eventId);
}

/** The tables a looping launch rewrites each round; VACUUM cannot run inside a transaction. */
export async function vacuumSchedule(db: Db): Promise<void> {
  await db.execute(sql`vacuum launch_transitions, timelines, flyers`);
}

/** The schedule's backlog: transitions due and not done, and how late the oldest of them is (/metrics). */
export async function queueStats(db: Db): Promise<{ due: number; lagSeconds: number }> {
  const [row] = await queryRows<{ due: number; lagSeconds: number }>(db, sql`
    select count(*)::int as due, coalesce(extract(epoch from now() - min(due_at)), 0)::float8 as "lagSeconds"
    from launch_transitions where done_at is null and due_at <= now()`);
  return row;
}
