import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { externalAuthRequests, externalIdentities, sessionProviderTokens } from './schema.js';

export type Intent = 'login' | 'link';
export type RequestRow = typeof externalAuthRequests.$inferSelect;
export type IdentityRow = typeof externalIdentities.$inferSelect;
export type SessionTokensRow = typeof sessionProviderTokens.$inferSelect;

export async function insertRequest(
  db: Db,
  values: {
    tenantId: string;
    provider: string;
    intent: Intent;
    userId?: string;
    sessionId?: string;
    stateHash: string;
    bindingHash: string;
    nonce: string;
    codeVerifier: string;
    returnTo: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(externalAuthRequests).values(values);
}

/** Attempts that can no longer be used; kept a while so a late replay meets "used" rather than nothing. */
export async function purgeRequests(db: Db, expiredBefore: Date): Promise<void> {
  await db.delete(externalAuthRequests).where(lt(externalAuthRequests.expiresAt, expiredBefore));
}

/**
 * Claims a live attempt in one statement: its state, from the browser that started it (the
 * binding cookie), for this tenant, provider and intent (and, connecting, the same session), unused and unexpired. A request from
 * another browser matches nothing, so it cannot use up the real attempt.
 */
export async function consumeRequest(
  db: Db,
  args: { tenantId: string; provider: string; intent: Intent; userId?: string; sessionId?: string; stateHash: string; bindingHash: string; at: Date },
): Promise<RequestRow | undefined> {
  const [row] = await db
    .update(externalAuthRequests)
    .set({ usedAt: args.at })
    .where(
      and(
        eq(externalAuthRequests.stateHash, args.stateHash),
        eq(externalAuthRequests.bindingHash, args.bindingHash),
        eq(externalAuthRequests.tenantId, args.tenantId),
        eq(externalAuthRequests.provider, args.provider),
        eq(externalAuthRequests.intent, args.intent),
        // A connection finishes in the session that started it.
        args.userId ? eq(externalAuthRequests.userId, args.userId) : undefined,
        args.sessionId ? eq(externalAuthRequests.sessionId, args.sessionId) : undefined,
        isNull(externalAuthRequests.usedAt),
        gt(externalAuthRequests.expiresAt, args.at),
      ),
    )
    .returning();
  return row;
}

export async function findIdentity(db: Db, args: { tenantId: string; provider: string; subject: string }): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.tenantId, args.tenantId), eq(externalIdentities.provider, args.provider), eq(externalIdentities.subject, args.subject)))
    .limit(1);
  return row;
}

export async function listIdentities(db: Db, tenantId: string, userId: string): Promise<IdentityRow[]> {
  return db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.tenantId, tenantId), eq(externalIdentities.userId, userId)))
    .orderBy(asc(externalIdentities.linkedAt));
}

/** A user's identities, locked until the transaction ends: two removals at once cannot both take the last way in. */
export async function lockIdentities(db: Db, tenantId: string, userId: string): Promise<IdentityRow[]> {
  return db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.tenantId, tenantId), eq(externalIdentities.userId, userId)))
    .for('update');
}

export async function insertIdentity(
  db: Db,
  values: { tenantId: string; userId: string; provider: string; subject: string; issuer: string; providerTenant: string | null; email: string | null; trusted: boolean; at: Date },
): Promise<IdentityRow> {
  const { at, ...rest } = values;
  const [row] = await db.insert(externalIdentities).values({ ...rest, linkedAt: at, lastUsedAt: at }).returning();
  return row;
}

export async function touchIdentity(db: Db, id: string, values: { email: string | null; at: Date; trusted?: boolean }): Promise<void> {
  await db
    .update(externalIdentities)
    .set({ email: values.email, lastUsedAt: values.at, ...(values.trusted ? { trusted: true } : {}) })
    .where(eq(externalIdentities.id, id));
}

export async function deleteIdentity(db: Db, id: string): Promise<void> {
  await db.delete(externalIdentities).where(eq(externalIdentities.id, id));
}

/** Drops the identities that never proved the account's email (its owner has just proven it another way). */
export async function deleteUntrustedIdentities(db: Db, userId: string): Promise<void> {
  await db.delete(externalIdentities).where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.trusted, false)));
}

export async function deleteUserIdentity(db: Db, args: { tenantId: string; userId: string; provider: string }): Promise<boolean> {
  const rows = await db
    .delete(externalIdentities)
    .where(and(eq(externalIdentities.tenantId, args.tenantId), eq(externalIdentities.userId, args.userId), eq(externalIdentities.provider, args.provider)))
    .returning({ id: externalIdentities.id });
  return rows.length > 0;
}

/** Keeps a session's provider tokens (one set per provider: a newer sign-in replaces it). */
export async function saveSessionTokens(
  db: Db,
  values: { sessionId: string; provider: string; sealedAccessToken: string; sealedRefreshToken: string | null; logoutHint: string | null; expiresAt: Date | null },
): Promise<void> {
  const { sessionId: _sessionId, provider: _provider, ...update } = values;
  await db
    .insert(sessionProviderTokens)
    .values(values)
    .onConflictDoUpdate({ target: [sessionProviderTokens.sessionId, sessionProviderTokens.provider], set: { ...update, createdAt: sql`now()` } });
}

/** Drops the provider tokens of sessions that ended another way than logout (refresh token reuse, password reset) a while ago. */
export async function purgeEndedSessionTokens(db: Db, endedBefore: Date): Promise<void> {
  const ended = db.select({ id: sessions.id }).from(sessions).where(lt(sessions.revokedAt, endedBefore));
  await db.delete(sessionProviderTokens).where(inArray(sessionProviderTokens.sessionId, ended));
}

/** Removes and returns a session's provider tokens, so two logouts never revoke twice. */
export async function takeSessionTokens(db: Db, sessionId: string): Promise<SessionTokensRow[]> {
  return db.delete(sessionProviderTokens).where(eq(sessionProviderTokens.sessionId, sessionId)).returning();
}

/** Removes the provider's tokens of every session of a user (the provider was disconnected); returns them for revocation. */
export async function takeUserProviderTokens(db: Db, userId: string, provider: string): Promise<SessionTokensRow[]> {
  const ofUser = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  return db
    .delete(sessionProviderTokens)
    .where(and(eq(sessionProviderTokens.provider, provider), inArray(sessionProviderTokens.sessionId, ofUser)))
    .returning();
}
