import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, userBlocks } from '../../db/schema.js';

/** True when blockerId has blocked blockedId (spec: blocked users do not see the blocker's events live). */
export async function isBlockedBy(db: Db, args: { blockerId: string; blockedId: string }): Promise<boolean> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, args.blockerId), eq(userBlocks.blockedId, args.blockedId)))
    .limit(1);
  return rows.length > 0;
}

/** The live session moves the event's status: Started while it runs, Completed once stopped. */
export async function setEventStatus(db: Db, eventId: string, status: number, at: Date): Promise<void> {
  await db.update(events).set({ status, updatedAt: at }).where(eq(events.id, eventId));
}
