import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from './schema.js';
import type { EventValues } from './repository.js';

// Events other servers published (modules/federation takes them in): found by their ActivityPub id.

export interface RemoteEventRef {
  id: string;
  userId: string;
}

export async function findByOrigin(db: Db, args: { tenantId: string; originId: string }): Promise<RemoteEventRef | undefined> {
  const [row] = await db
    .select({ id: events.id, userId: events.userId })
    .from(events)
    .where(and(eq(events.tenantId, args.tenantId), eq(events.originId, args.originId)))
    .for('update');
  return row;
}

export async function insertRemote(db: Db, values: EventValues & { tenantId: string; userId: string; slug: string; originId: string; originUrl: string }): Promise<string> {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

export async function updateRemote(db: Db, id: string, values: EventValues & { originUrl: string }, at: Date): Promise<void> {
  await db.update(events).set({ ...values, updatedAt: at }).where(eq(events.id, id));
}

/** What a remote deletion names: one account's events, or one server's (its origin, `https://host`); or just one of them. */
export type RemoteEventsScope = ({ userId: string } | { server: string }) & { originId?: string };

/** Deletes the remote events a scope names; answers how many went. */
export async function deleteRemote(db: Db, args: { tenantId: string } & RemoteEventsScope): Promise<number> {
  const scope = and(
    'server' in args ? sql`left(${events.originId}, ${args.server.length + 1}) = ${`${args.server}/`}` : eq(events.userId, args.userId),
    args.originId ? eq(events.originId, args.originId) : isNotNull(events.originId),
  );
  const rows = await db
    .delete(events)
    .where(and(eq(events.tenantId, args.tenantId), scope))
    .returning({ id: events.id });
  return rows.length;
}

/** Events from other servers that have ended: they are not kept (their origin keeps them). */
export async function deleteEndedRemote(db: Db, args: { tenantId: string; now: Date }): Promise<number> {
  const rows = await db
    .delete(events)
    .where(and(eq(events.tenantId, args.tenantId), isNotNull(events.originId), lt(events.endsAt, args.now)))
    .returning({ id: events.id });
  return rows.length;
}
