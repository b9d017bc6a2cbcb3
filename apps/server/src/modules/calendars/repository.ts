import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { calendars } from './schema.js';

export type CalendarRow = typeof calendars.$inferSelect;

/**
 * Locks the owner's row so two creates cannot both slip under the capacity. NO KEY UPDATE, not
 * UPDATE: it must not block the foreign-key checks (FOR KEY SHARE) of the owner's other writes, or
 * an edit of one of their events that waits on this create's event_versions row deadlocks with it.
 */
export async function lockOwner(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select id from ${users} where id = ${userId} for no key update`);
}

export async function countOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(calendars).where(eq(calendars.userId, userId));
  return row.n;
}

export async function insertCalendar(
  db: Db,
  values: {
    tenantId: string;
    userId: string;
    name: string;
    kind: string;
    query: unknown;
    feedToken: string;
    alert: string;
    nextAlertAt: Date | null;
    alertsSince: Date | null;
    includeDrafts: boolean;
  },
): Promise<CalendarRow> {
  const [row] = await db.insert(calendars).values(values).returning();
  return row;
}

export function listOf(db: Db, tenantId: string, userId: string): Promise<CalendarRow[]> {
  return db
    .select()
    .from(calendars)
    .where(and(eq(calendars.tenantId, tenantId), eq(calendars.userId, userId)))
    .orderBy(desc(calendars.createdAt), desc(calendars.id));
}

export async function findOwn(db: Db, args: { tenantId: string; userId: string; id: string }): Promise<CalendarRow | undefined> {
  const [row] = await db
    .select()
    .from(calendars)
    .where(and(eq(calendars.tenantId, args.tenantId), eq(calendars.userId, args.userId), eq(calendars.id, args.id)))
    .limit(1);
  return row;
}

export async function updateCalendar(
  db: Db,
  id: string,
  changes: { name?: string; query?: unknown; feedToken?: string; alert?: string; nextAlertAt?: Date | null; alertsSince?: Date | null; includeDrafts?: boolean; at: Date },
): Promise<CalendarRow> {
  const { at, ...set } = changes;
  const [row] = await db
    .update(calendars)
    .set({ ...set, updatedAt: at })
    .where(eq(calendars.id, id))
    .returning();
  return row;
}

export async function deleteOwn(db: Db, args: { tenantId: string; userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(calendars)
    .where(and(eq(calendars.tenantId, args.tenantId), eq(calendars.userId, args.userId), eq(calendars.id, args.id)))
    .returning({ id: calendars.id });
  return rows.length > 0;
}

export async function findByToken(db: Db, token: string): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).where(eq(calendars.feedToken, token)).limit(1);
  return row;
}

/**
 * What a personal calendar depends on besides events: the person's follows of events (following), their seats (going)
 * or of people and the blocks between them (hosts). Changes when one is added or removed.
 */
export async function relationStamp(db: Db, userId: string, kind: 'following' | 'hosts' | 'going'): Promise<string> {
  const query =
    kind === 'following' || kind === 'going'
      ? sql`select count(*)::int || ':' || coalesce(max(created_at)::text, '') as stamp from event_links where user_id = ${userId} and type = ${kind === 'going' ? 'Attendee' : 'Follow'}`
      : sql`select (select count(*)::int || ':' || coalesce(max(created_at)::text, '') from user_follows where follower_id = ${userId})
              || '/' || (select count(*)::int || ':' || coalesce(max(created_at)::text, '') from user_blocks where blocked_id = ${userId}) as stamp`;
  const [row] = await queryRows<{ stamp: string }>(db, query);
  return row.stamp;
}

/**
 * Takes the calendars whose digest fell due: moves each one's next_alert_at past now by whole
 * periods (a day or a week) and answers them with the due time taken. Row locks skipped by other
 * instances make each due time taken once.
 */
export function takeDueAlerts(db: Db, now: Date, limit: number): Promise<{ id: string; tenantId: string; dueAt: string }[]> {
  return queryRows(
    db,
    sql`with due as (
          select id, next_alert_at, case when alert = 'weekly' then 604800 else 86400 end as step
          from calendars where next_alert_at <= ${now} and alert <> 'off' order by next_alert_at limit ${limit} for update skip locked)
        update calendars c set next_alert_at = due.next_alert_at + make_interval(secs => due.step * (floor(extract(epoch from ${now}::timestamptz - due.next_alert_at) / due.step) + 1))
        from due where c.id = due.id
        returning c.id, c.tenant_id as "tenantId", to_char(due.next_alert_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "dueAt"`,
  );
}

export async function findById(db: Db, id: string): Promise<CalendarRow | undefined> {
  const [row] = await db.select().from(calendars).where(eq(calendars.id, id)).limit(1);
  return row;
}

export async function alertsOf(db: Db, tenantId: string, userId: string): Promise<{ id: string; name: string; alert: string }[]> {
  return db
    .select({ id: calendars.id, name: calendars.name, alert: calendars.alert })
    .from(calendars)
    .where(and(eq(calendars.tenantId, tenantId), eq(calendars.userId, userId)))
    .orderBy(desc(calendars.createdAt), desc(calendars.id));
}
