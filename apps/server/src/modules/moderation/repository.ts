import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { iso, visibleTo } from '../../db/fragments.js';

export interface ReportRow {
  id: string;
  targetType: 'event' | 'flyer' | 'user' | 'chat';
  targetId: string;
  reason: string;
  created: string;
}

/** Whether the reporter can see the target: a visible event, a flyer of one, a person of the tenant (a remote reporter, null: as a visitor). */
export async function targetVisible(db: Db, args: { tenantId: string; viewerId: string | null; targetType: string; targetId: string; now: Date }): Promise<boolean> {
  const { tenantId, viewerId, targetId, now } = args;
  const query =
    args.targetType === 'event'
      ? sql`select 1 from events e where e.tenant_id = ${tenantId} and e.id = ${targetId} and ${visibleTo(viewerId, now)}`
      : args.targetType === 'flyer'
        ? sql`select 1 from flyers f join events e on e.id = f.event_id where e.tenant_id = ${tenantId} and f.id = ${targetId} and ${visibleTo(viewerId, now)}`
        : args.targetType === 'chat'
          ? // A chat message of an event the reporter can see, from someone who did not block them (they could not see it).
            sql`select 1 from chat_messages m join events e on e.id = m.event_id where m.tenant_id = ${tenantId} and m.id = ${targetId} and ${visibleTo(viewerId, now)}
                and not exists(select 1 from user_blocks b where b.blocker_id = m.user_id and b.blocked_id = ${viewerId})`
          : sql`select 1 from users u where u.tenant_id = ${tenantId} and u.id = ${targetId}`;
  return (await queryRows(db, query)).length > 0;
}

/** A new open report, or undefined when this reporter already has one open on the target. */
export async function insertReport(
  db: Db,
  r: { tenantId: string; reporterId: string; targetType: string; targetId: string; reason: string; note: string | null; now: Date },
): Promise<ReportRow | undefined> {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`insert into reports (tenant_id, reporter_id, target_type, target_id, reason, note, created_at)
        values (${r.tenantId}, ${r.reporterId}, ${r.targetType}, ${r.targetId}, ${r.reason}, ${r.note}, ${r.now})
        on conflict (reporter_id, target_type, target_id) where status = 'open' do nothing
        returning id, target_type as "targetType", target_id as "targetId", reason, ${iso(sql`created_at`)} as created`,
  );
  return row;
}

/** A report flagged from another server (an ActivityPub Flag); undefined when that actor has one open on the target already. */
export async function insertRemoteReport(
  db: Db,
  r: { tenantId: string; reporterActor: string; targetType: string; targetId: string; note: string | null; now: Date },
): Promise<ReportRow | undefined> {
  const [row] = await queryRows<ReportRow>(
    db,
    sql`insert into reports (tenant_id, reporter_actor, target_type, target_id, reason, note, created_at)
        values (${r.tenantId}, ${r.reporterActor}, ${r.targetType}, ${r.targetId}, 'other', ${r.note}, ${r.now})
        on conflict (reporter_actor, target_type, target_id) where status = 'open' and reporter_actor is not null do nothing
        returning id, target_type as "targetType", target_id as "targetId", reason, ${iso(sql`created_at`)} as created`,
  );
  return row;
}

export interface GroupRow {
  targetType: 'event' | 'flyer' | 'user' | 'chat';
  targetId: string;
  targetName: string | null;
  eventId: string | null;
  reporters: number;
  reasons: { reason: string; count: number }[];
  notes: string[];
  firstReported: string;
  lastReported: string;
}

/** Open reports grouped by target, most reported first, with the target's name and event. */
export function openReportGroups(db: Db, tenantId: string, limit: number): Promise<GroupRow[]> {
  return queryRows<GroupRow>(
    db,
    sql`with open as (select * from reports where tenant_id = ${tenantId} and status = 'open'),
      groups as (
        select target_type, target_id, count(distinct coalesce(reporter_id::text, reporter_actor))::int as reporters, min(created_at) as first_at, max(created_at) as last_at,
          (select coalesce(json_agg(json_build_object('reason', reason, 'count', n) order by n desc, reason), '[]')
             from (select reason, count(*)::int as n from open o2 where o2.target_type = o.target_type and o2.target_id = o.target_id group by reason) r) as reasons,
          -- A note from the fediverse says whose it is: the queue has no other way to tell it from one made here.
          coalesce((array_agg(case when reporter_actor is null then note else 'From ' || reporter_actor || coalesce(': ' || note, '') end order by created_at desc)
            filter (where note is not null or reporter_actor is not null))[1:5], '{}') as notes
        from open o group by target_type, target_id)
      select g.target_type as "targetType", g.target_id as "targetId", g.reporters, g.reasons, g.notes,
        ${iso(sql`g.first_at`)} as "firstReported", ${iso(sql`g.last_at`)} as "lastReported",
        coalesce(e.name, f.name, u.name, cu.name || ': ' || c.text) as "targetName",
        coalesce(e.id, f.event_id, c.event_id) as "eventId"
      from groups g
        left join events e on g.target_type = 'event' and e.id = g.target_id
        left join flyers f on g.target_type = 'flyer' and f.id = g.target_id
        left join users u on g.target_type = 'user' and u.id = g.target_id
        left join chat_messages c on g.target_type = 'chat' and c.id = g.target_id
        left join users cu on cu.id = c.user_id
      order by g.reporters desc, g.last_at desc
      limit ${limit}`,
  );
}

export async function countOpenReports(db: Db, tenantId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reports where tenant_id = ${tenantId} and status = 'open'`);
  return row?.n ?? 0;
}

/** Closes the open reports on a target; answers how many. */
export async function resolveReports(db: Db, args: { tenantId: string; targetType: string; targetId: string; status: 'dismissed' | 'actioned'; by: string; now: Date }): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update reports set status = ${args.status}, resolved_at = ${args.now}, resolved_by = ${args.by}
        where tenant_id = ${args.tenantId} and target_type = ${args.targetType} and target_id = ${args.targetId} and status = 'open' returning id`,
  );
  return rows.length;
}

/** Closes as actioned the open reports on an event and on its flyers; answers how many. */
export async function resolveEventReports(db: Db, args: { tenantId: string; eventId: string; by: string; now: Date }): Promise<number> {
  const rows = await queryRows(
    db,
    sql`update reports set status = 'actioned', resolved_at = ${args.now}, resolved_by = ${args.by}
        where tenant_id = ${args.tenantId} and status = 'open'
          and ((target_type = 'event' and target_id = ${args.eventId})
            or (target_type = 'flyer' and target_id in (select id from flyers where event_id = ${args.eventId})))
        returning id`,
  );
  return rows.length;
}

export async function insertAudit(
  db: Db,
  a: { tenantId: string; actorId: string; action: string; targetType: string; targetId: string; reason: string; before: unknown; after: unknown; now: Date },
): Promise<void> {
  await queryRows(
    db,
    sql`insert into audit_log (tenant_id, actor_id, action, target_type, target_id, reason, before, after, created_at)
        values (${a.tenantId}, ${a.actorId}, ${a.action}, ${a.targetType}, ${a.targetId}, ${a.reason}, ${JSON.stringify(a.before ?? null)}::jsonb, ${JSON.stringify(a.after ?? null)}::jsonb, ${a.now})`,
  );
}

export interface AuditRow {
  id: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  before: unknown;
  after: unknown;
  created: string;
  total: number;
}

export function auditEntries(db: Db, args: { tenantId: string; action?: string; targetId?: string; limit: number; offset: number }): Promise<AuditRow[]> {
  return queryRows<AuditRow>(
    db,
    sql`select a.id, a.actor_id as "actorId", u.name as "actorName", a.action, a.target_type as "targetType", a.target_id as "targetId", a.reason,
          a.before, a.after, ${iso(sql`a.created_at`)} as created, count(*) over ()::int as total
        from audit_log a left join users u on u.id = a.actor_id
        where a.tenant_id = ${args.tenantId}
          ${args.action ? sql`and a.action = ${args.action}` : sql``}
          ${args.targetId ? sql`and a.target_id = ${args.targetId}` : sql``}
        order by a.created_at desc, a.id desc limit ${args.limit} offset ${args.offset}`,
  );
}

export interface OverviewCounts {
  people: number;
  events: number;
  liveSessions: number;
  openReports: number;
}

export async function overviewCounts(db: Db, tenantId: string): Promise<OverviewCounts> {
  const [row] = await queryRows<OverviewCounts>(
    db,
    sql`select (select count(*)::int from users where tenant_id = ${tenantId} and remote_actor is null) as people,
      (select count(*)::int from events where tenant_id = ${tenantId}) as events,
      (select count(*)::int from events where tenant_id = ${tenantId} and status = 1) as "liveSessions",
      (select count(*)::int from reports where tenant_id = ${tenantId} and status = 'open') as "openReports"`,
  );
  return row;
}

/** Sign-ups and events created per UTC day from `from` (a midnight) on, days without any included as 0. */
export function dailyCounts(db: Db, args: { tenantId: string; from: Date; days: number }): Promise<{ day: string; signUps: number; eventsCreated: number }[]> {
  return queryRows(
    db,
    sql`with days as (select generate_series(0, ${args.days - 1}::int) as n),
        u as (select floor(extract(epoch from created_at - ${args.from}::timestamptz) / 86400)::int as n, count(*)::int as c
              from users where tenant_id = ${args.tenantId} and remote_actor is null and created_at >= ${args.from} group by 1),
        e as (select floor(extract(epoch from created_at - ${args.from}::timestamptz) / 86400)::int as n, count(*)::int as c
              from events where tenant_id = ${args.tenantId} and created_at >= ${args.from} group by 1)
      select to_char((${args.from}::timestamptz at time zone 'UTC') + d.n * interval '1 day', 'YYYY-MM-DD') as day,
        coalesce(u.c, 0) as "signUps", coalesce(e.c, 0) as "eventsCreated"
      from days d left join u on u.n = d.n left join e on e.n = d.n order by d.n`,
  );
}
