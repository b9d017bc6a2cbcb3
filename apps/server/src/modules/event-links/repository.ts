import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { eventLinks } from './schema.js';
import { iso, visibleTo } from '../../db/fragments.js';

export async function insertLink(db: Db, values: { tenantId: string; eventId: string; userId: string; type: string }): Promise<string> {
  await db.insert(eventLinks).values(values).onConflictDoNothing();
  const [row] = await db
    .select({ id: eventLinks.id })
    .from(eventLinks)
    .where(and(eq(eventLinks.eventId, values.eventId), eq(eventLinks.userId, values.userId), eq(eventLinks.type, values.type)))
    .limit(1);
  return row.id;
}

/** Adds the link unless it exists, without reading its id back. */
export async function ensureLink(db: Db, values: { tenantId: string; eventId: string; userId: string; type: string }): Promise<void> {
  await db.insert(eventLinks).values(values).onConflictDoNothing();
}

/** Adds `type` links of one person to many events at once (those they have stay as they are). */
export async function ensureLinks(db: Db, args: { tenantId: string; userId: string; eventIds: string[]; type: string }): Promise<void> {
  if (!args.eventIds.length) return;
  await db
    .insert(eventLinks)
    .values(args.eventIds.map((eventId) => ({ tenantId: args.tenantId, eventId, userId: args.userId, type: args.type })))
    .onConflictDoNothing();
}

export async function deleteLinksOf(db: Db, args: { userId: string; eventIds: string[]; type: string }): Promise<void> {
  if (!args.eventIds.length) return;
  await db.delete(eventLinks).where(and(eq(eventLinks.userId, args.userId), eq(eventLinks.type, args.type), inArray(eventLinks.eventId, args.eventIds)));
}

export async function findLink(db: Db, tenantId: string, id: string) {
  const [row] = await db.select().from(eventLinks).where(and(eq(eventLinks.tenantId, tenantId), eq(eventLinks.id, id))).limit(1);
  return row;
}

export async function deleteLinkOf(db: Db, args: { eventId: string; userId: string; type: string }): Promise<void> {
  await db.delete(eventLinks).where(and(eq(eventLinks.eventId, args.eventId), eq(eventLinks.userId, args.userId), eq(eventLinks.type, args.type)));
}

export async function deleteLink(db: Db, id: string): Promise<void> {
  await db.delete(eventLinks).where(eq(eventLinks.id, id));
}

export interface LinkRow {
  id: string;
  eventId: string;
  userId: string;
  userName: string;
  type: 'Star' | 'Follow' | 'Attendee';
  created: string;
}

export async function searchLinks(
  db: Db,
  args: { tenantId: string; viewerId: string; now: Date; eventId: string | null; userId: string | null; type: string | null; limit: number; offset: number },
): Promise<{ total: number; rows: LinkRow[] }> {
  const where = and(
    eq(eventLinks.tenantId, args.tenantId),
    // Links to events the viewer may no longer see (back to draft) are not counted or listed.
    sql`exists(select 1 from events e where e.id = ${eventLinks.eventId} and ${visibleTo(args.viewerId, args.now)})`,
    args.eventId ? eq(eventLinks.eventId, args.eventId) : undefined,
    args.userId ? eq(eventLinks.userId, args.userId) : undefined,
    args.type ? eq(eventLinks.type, args.type) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(eventLinks).where(where);
  const rows = await db
    .select({
      id: eventLinks.id,
      eventId: eventLinks.eventId,
      userId: eventLinks.userId,
      userName: users.name,
      type: eventLinks.type,
      created: sql<string>`${iso(sql`${eventLinks.createdAt}`)}`,
    })
    .from(eventLinks)
    .innerJoin(users, eq(users.id, eventLinks.userId))
    .where(where)
    .orderBy(sql`${eventLinks.createdAt} desc`, eventLinks.id)
    .limit(args.limit)
    .offset(args.offset);
  return { total, rows: rows as LinkRow[] };
}
