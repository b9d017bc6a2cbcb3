import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from './schema.js';

// The account side of the users table: sign-up, verification, passwords. Profiles and relations are in repository.ts.

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, tenantId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.email, email))).limit(1);
  return row;
}

export async function findUserById(db: Db, tenantId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: { tenantId: string; email: string; name: string; passwordHash: string | null; emailVerifiedAt?: Date | null; plan?: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function markEmailVerified(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ emailVerifiedAt: at, updatedAt: at }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string | null, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

export async function countUsers(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.tenantId, tenantId));
  return row.n;
}

export async function setPlan(db: Db, userIds: string[], plan: string): Promise<void> {
  await db.update(users).set({ plan }).where(inArray(users.id, userIds));
}

/** What the account may use now: written only by modules/subscription, beside the subscription it comes from. */
export async function setEntitlements(db: Db, userId: string, plan: string, addOns: string[], at: Date): Promise<void> {
  await db.update(users).set({ plan, addOns, updatedAt: at }).where(eq(users.id, userId));
}

/** Moderators suspend an account (with why) or lift the suspension (null). */
export async function setSuspension(db: Db, userId: string, suspension: { at: Date; reason: string } | null): Promise<void> {
  await db
    .update(users)
    .set(suspension ? { suspendedAt: suspension.at, suspendedReason: suspension.reason, updatedAt: suspension.at } : { suspendedAt: null, suspendedReason: null })
    .where(eq(users.id, userId));
}

export async function setRoles(db: Db, userId: string, roles: string[], at: Date): Promise<void> {
  await db.update(users).set({ roles, updatedAt: at }).where(eq(users.id, userId));
}

/** Deletes the account; what it owns goes by cascade (files are the caller's to remove). */
export async function deleteUser(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId))).returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The account standing for a remote actor (modules/federation), made at its first use: its name
 * and handle follow what its server says. The handle is its `email` (what a host's list shows);
 * a second actor with the same handle (an account moved) keeps its address there instead.
 */
export async function upsertRemoteAccount(db: Db, args: { tenantId: string; actor: string; name: string; handle: string }): Promise<string> {
  const existing = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, args.tenantId), eq(users.remoteActor, args.actor))).limit(1);
  if (existing[0]) {
    await db.update(users).set({ name: args.name }).where(eq(users.id, existing[0].id));
    return existing[0].id;
  }
  const taken = await findUserByEmail(db, args.tenantId, args.handle);
  const [row] = await db
    .insert(users)
    .values({ tenantId: args.tenantId, email: taken ? args.actor : args.handle, name: args.name, remoteActor: args.actor })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (row) return row.id;
  // Another instance made it meanwhile.
  const [made] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, args.tenantId), eq(users.remoteActor, args.actor))).limit(1);
  if (!made) throw new Error('The remote account could not be made.');
  return made.id;
}

