import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { GoingAnswers } from '@hubbub/contract';
import { series, seriesFollowers, seriesGoers, seriesTimelines } from './schema.js';

export type SeriesRow = typeof series.$inferSelect;

export async function insertSeries(
  db: Db,
  values: { tenantId: string; userId: string; rule: string; timeZone: string; startsAt: Date; datesUntil: Date | null; everyDate?: boolean },
): Promise<string> {
  const [row] = await db.insert(series).values(values).returning({ id: series.id });
  return row.id;
}

export async function findSeries(db: Db, tenantId: string, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select()
    .from(series)
    .where(and(eq(series.tenantId, tenantId), eq(series.id, id)))
    .limit(1);
  return row;
}

/**
 * Claims series whose made dates end within the window (`dueBefore`) and that have fewer than
 * `ahead` dates to come, for this instance until the lease runs out; SKIP LOCKED lets instances
 * claim side by side.
 */
export function claimDue(db: Db, args: { instance: string; leaseMs: number; limit: number; now: Date; dueBefore: Date; ahead: number }): Promise<SeriesRow[]> {
  const now = args.now.toISOString();
  return queryRows<SeriesRow>(
    db,
    sql`update series set claimed_by = ${args.instance}, claimed_until = ${now}::timestamptz + make_interval(secs => ${args.leaseMs / 1000})
        where id in (
          select s.id from series s
          where s.dates_until is not null and s.dates_until < ${args.dueBefore.toISOString()}::timestamptz
            and (s.claimed_until is null or s.claimed_until < ${now}::timestamptz)
            and (select count(*) from events e where e.series_id = s.id and e.rule_date > ${now}::timestamptz) < ${args.ahead}
          order by s.dates_until limit ${args.limit} for update skip locked)
        returning id, tenant_id as "tenantId", user_id as "userId", rule, time_zone as "timeZone", starts_at as "startsAt",
          dates_until as "datesUntil", every_date as "everyDate", claimed_by as "claimedBy", claimed_until as "claimedUntil", created_at as "createdAt", updated_at as "updatedAt"`,
  ).then((rows) => rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt), datesUntil: row.datesUntil && new Date(row.datesUntil) })));
}

/** Records how far the series' dates now go and ends the claim, if it is still this instance's; false when another took it over. */
export async function extended(db: Db, args: { id: string; instance: string; datesUntil: Date | null; now: Date }): Promise<boolean> {
  const rows = await db
    .update(series)
    .set({ datesUntil: args.datesUntil, claimedBy: null, claimedUntil: null, updatedAt: args.now })
    .where(and(eq(series.id, args.id), eq(series.claimedBy, args.instance)))
    .returning({ id: series.id });
  return rows.length > 0;
}

export async function setFollower(db: Db, args: { seriesId: string; userId: string; following: boolean }): Promise<void> {
  if (args.following) await db.insert(seriesFollowers).values({ seriesId: args.seriesId, userId: args.userId }).onConflictDoNothing();
  else await db.delete(seriesFollowers).where(and(eq(seriesFollowers.seriesId, args.seriesId), eq(seriesFollowers.userId, args.userId)));
}

export async function isFollower(db: Db, seriesId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: seriesFollowers.userId })
    .from(seriesFollowers)
    .where(and(eq(seriesFollowers.seriesId, seriesId), eq(seriesFollowers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function followersOf(db: Db, seriesId: string): Promise<string[]> {
  const rows = await db.select({ userId: seriesFollowers.userId }).from(seriesFollowers).where(eq(seriesFollowers.seriesId, seriesId));
  return rows.map((r) => r.userId);
}

export function findSeriesMany(db: Db, tenantId: string, ids: string[]): Promise<SeriesRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(series)
    .where(and(eq(series.tenantId, tenantId), inArray(series.id, ids)));
}

/**
 * Locks the series row for the rest of the transaction: the extender making dates and a person
 * going to every date (or the host turning that off) take it first, so a new date never misses a
 * goer who said Going while it was being made.
 */
export async function lockSeries(db: Db, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id)).for('update');
  return row;
}

/** Whether people may go to every date; turning it off lets go of who did (the places they took stay). */
export async function setEveryDate(db: Db, args: { id: string; everyDate: boolean; now: Date }): Promise<void> {
  await db.update(series).set({ everyDate: args.everyDate, updatedAt: args.now }).where(eq(series.id, args.id));
  if (!args.everyDate) await db.delete(seriesGoers).where(eq(seriesGoers.seriesId, args.id));
}

export interface GoerRow {
  userId: string;
  guests: number;
  answers: GoingAnswers;
}

export async function setGoer(db: Db, args: { seriesId: string } & GoerRow): Promise<void> {
  await db
    .insert(seriesGoers)
    .values(args)
    .onConflictDoUpdate({ target: [seriesGoers.seriesId, seriesGoers.userId], set: { guests: args.guests, answers: args.answers } });
}

export async function removeGoer(db: Db, args: { seriesId: string; userId: string }): Promise<void> {
  await db.delete(seriesGoers).where(and(eq(seriesGoers.seriesId, args.seriesId), eq(seriesGoers.userId, args.userId)));
}

export async function isGoer(db: Db, seriesId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: seriesGoers.userId })
    .from(seriesGoers)
    .where(and(eq(seriesGoers.seriesId, seriesId), eq(seriesGoers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Who goes to every date, first come first: new dates seat them in that order. */
export async function goersOf(db: Db, seriesId: string): Promise<GoerRow[]> {
  const rows = await db
    .select({ userId: seriesGoers.userId, guests: seriesGoers.guests, answers: seriesGoers.answers })
    .from(seriesGoers)
    .where(eq(seriesGoers.seriesId, seriesId))
    .orderBy(seriesGoers.createdAt, seriesGoers.userId);
  return rows.map((r) => ({ ...r, answers: r.answers as GoingAnswers }));
}

/** The series stops at its last date before a split: its rule ends there and no dates are added. */
export async function endRule(db: Db, args: { id: string; rule: string; now: Date }): Promise<void> {
  await db.update(series).set({ rule: args.rule, datesUntil: null, claimedBy: null, claimedUntil: null, updatedAt: args.now }).where(eq(series.id, args.id));
}

/** Who follows the series, and who goes to every date, follow and go to the series split from it too. */
export async function copyMembers(db: Db, args: { fromId: string; toId: string }): Promise<void> {
  await db.execute(sql`insert into series_followers (series_id, user_id, created_at)
    select ${args.toId}, user_id, created_at from series_followers where series_id = ${args.fromId} on conflict do nothing`);
  await db.execute(sql`insert into series_goers (series_id, user_id, guests, answers, created_at)
    select ${args.toId}, user_id, guests, answers, created_at from series_goers where series_id = ${args.fromId} on conflict do nothing`);
  await db.execute(sql`insert into series_timelines (series_id, timeline_id, source_starts_at, created_at)
    select ${args.toId}, timeline_id, source_starts_at, created_at from series_timelines where series_id = ${args.fromId} on conflict do nothing`);
}

/** The launch comes to every date the scheduler adds later (again: its base is the latest choice). */
export async function repeatTimeline(db: Db, args: { seriesId: string; timelineId: string; sourceStartsAt: Date }): Promise<void> {
  await db
    .insert(seriesTimelines)
    .values(args)
    .onConflictDoUpdate({ target: [seriesTimelines.seriesId, seriesTimelines.timelineId], set: { sourceStartsAt: args.sourceStartsAt } });
}

export function repeatingTimelines(db: Db, seriesId: string): Promise<{ timelineId: string; sourceStartsAt: Date }[]> {
  return db
    .select({ timelineId: seriesTimelines.timelineId, sourceStartsAt: seriesTimelines.sourceStartsAt })
    .from(seriesTimelines)
    .where(eq(seriesTimelines.seriesId, seriesId))
    .orderBy(seriesTimelines.createdAt);
}

/** Open-ended series whose dates end before `dueBefore`: what the extender has to do (/metrics). */
export async function queueStats(db: Db, dueBefore: Date): Promise<{ due: number; lagSeconds: number }> {
  const [row] = await queryRows<{ due: number; lagSeconds: number }>(db, sql`
    select count(*)::int as due, coalesce(extract(epoch from ${dueBefore.toISOString()}::timestamptz - min(dates_until)), 0)::float8 as "lagSeconds"
    from series where dates_until is not null and dates_until < ${dueBefore.toISOString()}::timestamptz`);
  return row;
}
