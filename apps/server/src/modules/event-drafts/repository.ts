import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventDrafts } from './schema.js';

export type EventDraftRow = typeof eventDrafts.$inferSelect;

export async function findDraft(db: Db, tenantId: string, userId: string): Promise<EventDraftRow | undefined> {
  const [row] = await db
    .select()
    .from(eventDrafts)
    .where(and(eq(eventDrafts.userId, userId), eq(eventDrafts.tenantId, tenantId)));
  return row;
}

export async function upsertDraft(db: Db, values: { tenantId: string; userId: string; content: unknown; at: Date }): Promise<EventDraftRow> {
  const [row] = await db
    .insert(eventDrafts)
    .values({ tenantId: values.tenantId, userId: values.userId, content: values.content, updatedAt: values.at })
    .onConflictDoUpdate({ target: eventDrafts.userId, set: { content: values.content, updatedAt: values.at } })
    .returning();
  return row;
}

export async function deleteDraft(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.delete(eventDrafts).where(and(eq(eventDrafts.userId, userId), eq(eventDrafts.tenantId, tenantId)));
}
