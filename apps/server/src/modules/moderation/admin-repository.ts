import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { escapeLike, iso, isPublished } from '../../db/fragments.js';

// What the admin console reads: events, people and live sessions whatever their state. Reads
// only; the changes go through the modules that own the tables.

const hiddenJson = sql`case when e.hidden_at is null then null else json_build_object('by', e.hidden_by, 'reason', e.hidden_reason, 'at', ${iso(sql`e.hidden_at`)}) end`;

/** Open reports on a target by reason, most frequent first. */
const reasonsOf = (targetType: string, targetId: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(json_build_object('reason', r.reason, 'count', r.n) order by r.n desc, r.reason), '[]'::json)
       from (select reason, count(*)::int as n from reports where target_type = ${targetType} and target_id = ${targetId} and status = 'open' group by reason) r)`;

const openCount = (targetType: string, targetId: ReturnType<typeof sql>) =>
  sql`(select count(*)::int from reports where target_type = ${targetType} and target_id = ${targetId} and status = 'open')`;

export interface AdminEventRow {
  id: string;
  name: string;
  status: 0 | 1 | 2 | 3;
  startDate: string;
  endDate: string;
  timeZone: string;
  venue: string | null;
  description: string | null;
  published: boolean;
  thumbnailPath: string | null;
  hidden: { by: 'moderator' | 'suspension'; reason: string; at: string } | null;
  host: { id: string; name: string; email: string; suspended: boolean };
  flyers: { id: string; name: string; isActivated: boolean; openReports: number }[];
  openReports: number;
  reasons: { reason: string; count: number }[];
}

export async function findAdminEvent(db: Db, args: { tenantId: string; id: string; now: Date }): Promise<AdminEventRow | undefined> {
  const [row] = await queryRows<AdminEventRow>(
    db,
    sql`select e.id, e.name, e.status::int as status, ${iso(sql`e.starts_at`)} as "startDate", ${iso(sql`e.ends_at`)} as "endDate", e.time_zone as "timeZone",
          e.venue, e.content_json as description, ${isPublished(args.now)} as published, e.thumbnail_path as "thumbnailPath", ${hiddenJson} as hidden,
          json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'suspended', u.suspended_at is not null) as host,
          (select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'isActivated', f.is_activated, 'openReports', ${openCount('flyer', sql`f.id`)}) order by f.created_at), '[]'::json)
             from flyers f where f.event_id = e.id) as flyers,
          ${openCount('event', sql`e.id`)} as "openReports", ${reasonsOf('event', sql`e.id`)} as reasons
        from events e join users u on u.id = e.user_id
        where e.tenant_id = ${args.tenantId} and e.id = ${args.id}`,
  );
  return row;
}

export interface PersonSummaryRow {
  id: string;
  email: string;
  name: string;
  plan: string;
  roles: string[];
  /** For the configured-admin rule (auth's isConfiguredAdmin); not part of the answer. */
  tenantId: string;
  emailVerifiedAt: Date | null;
  suspended: boolean;
  created: string;
  events: number;
  openReports: number;
  total: number;
}

const personColumns = sql`u.id, u.email, u.name, u.plan, u.roles, u.tenant_id as "tenantId", u.email_verified_at as "emailVerifiedAt", u.suspended_at is not null as suspended, ${iso(sql`u.created_at`)} as created,
  (select count(*)::int from events e where e.user_id = u.id) as events, ${openCount('user', sql`u.id`)} as "openReports"`;

/** People whose email or name contains the text (case-insensitive), newest first. */
export function searchPeople(db: Db, args: { tenantId: string; text?: string; limit: number; offset: number }): Promise<PersonSummaryRow[]> {
  const pattern = args.text ? `%${escapeLike(args.text.toLowerCase())}%` : undefined;
  return queryRows<PersonSummaryRow>(
    db,
    sql`select ${personColumns}, count(*) over ()::int as total
        from users u
        where u.tenant_id = ${args.tenantId} ${pattern ? sql`and (lower(u.email) like ${pattern} or lower(u.name) like ${pattern})` : sql``}
        order by u.created_at desc, u.id limit ${args.limit} offset ${args.offset}`,
  );
}

export interface PersonRow extends Omit<PersonSummaryRow, 'total'> {
  addOns: string[];
  emailVerified: boolean;
  hasPassword: boolean;
  providers: string[];
  suspension: { reason: string; at: string } | null;
  subscription: { source: string; status: string } | null;
  sessions: { id: string; created: string; revoked: string | null; revokedReason: string | null }[];
  eventList: { id: string; name: string; startDate: string; endDate: string | null; status: 0 | 1 | 2 | 3; hidden: AdminEventRow['hidden'] }[];
  reasons: { reason: string; count: number }[];
}

export async function findPerson(db: Db, args: { tenantId: string; id: string; listMax: number }): Promise<PersonRow | undefined> {
  const [row] = await queryRows<PersonRow>(
    db,
    sql`select ${personColumns}, u.add_ons as "addOns", u.email_verified_at is not null as "emailVerified", u.password_hash is not null as "hasPassword",
          (select coalesce(array_agg(x.provider order by x.provider), '{}') from external_identities x where x.user_id = u.id) as providers,
          case when u.suspended_at is null then null else json_build_object('reason', u.suspended_reason, 'at', ${iso(sql`u.suspended_at`)}) end as suspension,
          (select json_build_object('source', s.source, 'status', s.status) from subscriptions s where s.user_id = u.id) as subscription,
          (select coalesce(json_agg(x order by x.created desc), '[]'::json) from (
             select s.id, ${iso(sql`s.created_at`)} as created, case when s.revoked_at is null then null else ${iso(sql`s.revoked_at`)} end as revoked,
               s.revoked_reason as "revokedReason"
             from sessions s where s.user_id = u.id order by s.created_at desc limit ${args.listMax}) x) as sessions,
          (select coalesce(json_agg(x order by x."startDate" desc), '[]'::json) from (
             select e.id, e.name, ${iso(sql`e.starts_at`)} as "startDate", ${iso(sql`e.ends_at`)} as "endDate", e.status::int as status, ${hiddenJson} as hidden
             from events e where e.user_id = u.id order by e.starts_at desc limit ${args.listMax}) x) as "eventList",
          ${reasonsOf('user', sql`u.id`)} as reasons
        from users u where u.tenant_id = ${args.tenantId} and u.id = ${args.id}`,
  );
  return row;
}

export interface LiveRow {
  eventId: string;
  name: string;
  startDate: string;
  host: { id: string; name: string };
}

/** Events whose live session runs now, soonest start first. */
export function liveEvents(db: Db, tenantId: string, limit: number): Promise<LiveRow[]> {
  return queryRows<LiveRow>(
    db,
    sql`select e.id as "eventId", e.name, ${iso(sql`e.starts_at`)} as "startDate", json_build_object('id', u.id, 'name', u.name) as host
        from events e join users u on u.id = e.user_id
        where e.tenant_id = ${tenantId} and e.status = 1 order by e.starts_at, e.id limit ${limit}`,
  );
}
