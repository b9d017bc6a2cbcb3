import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { prepareStatement, queryPrepared, type Db } from '../../db/client.js';
import { refreshTokens, sessions, userSecrets } from './schema.js';

export type SecretPurpose = 'verify' | 'reset';

export async function insertSecret(
  db: Db,
  values: { tenantId: string; userId: string; purpose: SecretPurpose; tokenHash: string; codeHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(userSecrets).values(values).returning({ id: userSecrets.id });
  return row.id;
}

/** Retires earlier unused secrets of the same purpose, so only the newest email works. */
export async function retireSecrets(db: Db, userId: string, purpose: SecretPurpose, at: Date): Promise<void> {
  await db
    .update(userSecrets)
    .set({ usedAt: at })
    .where(and(eq(userSecrets.userId, userId), eq(userSecrets.purpose, purpose), isNull(userSecrets.usedAt)));
}

/**
 * Claims a live secret by its token hash or code hash in one statement, so two
 * concurrent uses cannot both succeed. Returns the secret's id and owner, or undefined.
 */
export async function consumeSecret(
  db: Db,
  args: { tenantId: string; purpose: SecretPurpose; hash: string; at: Date },
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .update(userSecrets)
    .set({ usedAt: args.at })
    .where(
      and(
        eq(userSecrets.tenantId, args.tenantId),
        eq(userSecrets.purpose, args.purpose),
        isNull(userSecrets.usedAt),
        sql`${userSecrets.expiresAt} > ${args.at.toISOString()}`,
        sql`(${userSecrets.tokenHash} = ${args.hash} or ${userSecrets.codeHash} = ${args.hash})`,
      ),
    )
    .returning({ id: userSecrets.id, userId: userSecrets.userId });
  return row;
}

export async function insertSession(db: Db, values: { tenantId: string; userId: string }): Promise<string> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row.id;
}

export async function insertRefreshToken(db: Db, values: { sessionId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export interface RefreshTokenLookup {
  id: string;
  sessionId: string;
  userId: string;
  tenantId: string;
  expiresAt: Date;
  usedAt: Date | null;
  /** The sealed token that replaced this one, while it may still be answered with (see rotateRefreshToken). */
  successorSealed: string | null;
  sessionRevokedAt: Date | null;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenLookup | undefined> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      userId: sessions.userId,
      tenantId: sessions.tenantId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      successorSealed: refreshTokens.successorSealed,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Replaces a live refresh token by its successor in one transaction: marks it used, keeps the
 * successor sealed beside it, and stores the successor. False, with nothing written, when another
 * request replaced it first (PostgreSQL makes the second update wait for the first and then find
 * the row used). Successors kept by the session's older tokens are wiped: those tokens are now two
 * rotations behind and answer no more.
 */
export async function replaceRefreshToken(
  db: Db,
  args: { id: string; sessionId: string; at: Date; successor: { tokenHash: string; expiresAt: Date }; successorSealed: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: args.at, successorSealed: args.successorSealed })
      .where(and(eq(refreshTokens.id, args.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length !== 1) return false;
    await tx.insert(refreshTokens).values({ sessionId: args.sessionId, ...args.successor });
    await tx
      .update(refreshTokens)
      .set({ successorSealed: null })
      .where(and(eq(refreshTokens.sessionId, args.sessionId), ne(refreshTokens.id, args.id), isNotNull(refreshTokens.successorSealed)));
    return true;
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string, reason: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at, revokedReason: reason }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function isSessionLive(db: Db, args: { sessionId: string; userId: string; tenantId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.id, args.sessionId), eq(sessions.userId, args.userId), eq(sessions.tenantId, args.tenantId), isNull(sessions.revokedAt)),
    )
    .limit(1);
  return Boolean(row);
}

/** Ids only ever reach the array literal below in this form (they come from signed tokens, but one odd id must not fail a whole batch). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const liveAmong = prepareStatement(sql`select s.id, s.user_id as "userId" from sessions s
  where s.tenant_id = ${sql.placeholder('tenantId')}::uuid and s.id = any(${sql.placeholder('ids')}::uuid[]) and s.revoked_at is null`);

/**
 * Which of these sessions of a tenant are live (not revoked), with their owners, in one prepared
 * statement: the hub checks a crowd of connections at once (auth/service.ts, liveSessions).
 */
export async function liveSessionsAmong(db: Db, args: { tenantId: string; sessionIds: string[] }): Promise<{ id: string; userId: string }[]> {
  const ids = [...new Set(args.sessionIds.filter((id) => UUID.test(id)))];
  if (!ids.length) return [];
  // An array literal: both drivers pass it as text, which a prepared statement on PGlite needs.
  return queryPrepared<{ id: string; userId: string }>(db, liveAmong, { tenantId: args.tenantId, ids: `{${ids.join(',')}}` });
}
