import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { NO_USER, escapeLike, isListed } from '../../db/fragments.js';
import { events } from '../../db/schema.js';
import { userBlocks, userFollows, users } from './schema.js';

export interface PersonRow {
  id: string;
  name: string;
  bio: string | null;
  location: string | null;
  website: string | null;
  createdAt: Date;
  eventCount: number;
  followerCount: number;
  followingCount: number;
  isFollowing: boolean;
  isFollower: boolean;
  isBlocked: boolean;
}

export async function findPerson(db: Db, args: { tenantId: string; id: string; viewerId: string | null; now: Date }): Promise<PersonRow | undefined> {
  const { tenantId, id } = args;
  const viewer = args.viewerId ?? NO_USER;
  // Qualified on purpose: inside a subquery a bare "id" binds to the inner table.
  const person = sql.raw('"users"."id"');
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      bio: users.bio,
      location: users.location,
      website: users.website,
      createdAt: users.createdAt,
      eventCount: sql<number>`(select count(*)::int from ${events} e where e.user_id = ${person} and ${isListed(args.now)})`,
      followerCount: sql<number>`(select count(*)::int from ${userFollows} f where f.followee_id = ${person})`,
      followingCount: sql<number>`(select count(*)::int from ${userFollows} f where f.follower_id = ${person})`,
      isFollowing: sql<boolean>`exists(select 1 from ${userFollows} f where f.follower_id = ${viewer} and f.followee_id = ${person})`,
      isFollower: sql<boolean>`exists(select 1 from ${userFollows} f where f.follower_id = ${person} and f.followee_id = ${viewer})`,
      isBlocked: sql<boolean>`exists(select 1 from ${userBlocks} b where b.blocker_id = ${viewer} and b.blocked_id = ${person})`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function findProfile(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      bio: users.bio,
      location: users.location,
      website: users.website,
      listedInDirectory: users.listedInDirectory,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function updateProfile(
  db: Db,
  tenantId: string,
  id: string,
  values: { name: string; bio: string | null; location: string | null; website: string | null; listedInDirectory?: boolean },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function userExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).limit(1);
  return Boolean(row);
}

export async function isBlocking(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return Boolean(row);
}

export async function insertFollow(db: Db, tenantId: string, followerId: string, followeeId: string): Promise<void> {
  await db.insert(userFollows).values({ tenantId, followerId, followeeId }).onConflictDoNothing();
}

export async function deleteFollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.delete(userFollows).where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)));
}

/** Blocking also ends the follows in both directions, in one transaction. */
export async function insertBlock(db: Db, tenantId: string, blockerId: string, blockedId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userBlocks).values({ tenantId, blockerId, blockedId }).onConflictDoNothing();
    await tx.delete(userFollows).where(and(eq(userFollows.followerId, blockedId), eq(userFollows.followeeId, blockerId)));
    await tx.delete(userFollows).where(and(eq(userFollows.followerId, blockerId), eq(userFollows.followeeId, blockedId)));
  });
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followeeId, followeeId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The people directory: people who chose to be listed or who host a public event (published, not
 * hidden; their name is on it anyway), never a suspended account.
 */
const inDirectory = (now: Date) =>
  sql`${users.suspendedAt} is null and (${users.listedInDirectory} or exists(select 1 from ${events} e where e.user_id = ${users.id} and ${isListed(now)}))`;

/** People of the directory whose name or location matches, hiding those who blocked the viewer. */
export async function searchPeople(
  db: Db,
  args: { tenantId: string; viewerId: string; text: string; limit: number; offset: number; now: Date },
) {
  const pattern = `%${escapeLike(args.text.toLowerCase())}%`;
  const where = and(
    eq(users.tenantId, args.tenantId),
    ne(users.id, args.viewerId),
    sql`${users.emailVerifiedAt} is not null`,
    inDirectory(args.now),
    sql`not exists(select 1 from ${userBlocks} b where b.blocker_id = ${users.id} and b.blocked_id = ${args.viewerId})`,
    args.text ? sql`(lower(${users.name}) like ${pattern} or lower(coalesce(${users.location}, '')) like ${pattern})` : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      location: users.location,
      isFollowing: sql<boolean>`exists(select 1 from ${userFollows} f where f.follower_id = ${args.viewerId} and f.followee_id = ${users.id})`,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(args.limit)
    .offset(args.offset);
  return { total, rows };
}

export async function countSummary(db: Db, userId: string) {
  const [row] = await db
    .select({
      eventCount: sql<number>`(select count(*)::int from ${events} e where e.user_id = ${userId})`,
      followerCount: sql<number>`(select count(*)::int from ${userFollows} f where f.followee_id = ${userId})`,
      followingCount: sql<number>`(select count(*)::int from ${userFollows} f where f.follower_id = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return row;
}
