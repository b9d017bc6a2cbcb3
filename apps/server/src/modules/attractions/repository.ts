import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attractions } from './schema.js';

export interface AttractionRow {
  id: string;
  eventId: string;
  name: string;
  kind: string;
  description: string;
  link: string | null;
  picturePath: string | null;
  setTime: Date | null;
}

export type AttractionValues = Pick<AttractionRow, 'name' | 'kind' | 'description' | 'link' | 'setTime'>;

const columns = {
  id: attractions.id,
  eventId: attractions.eventId,
  name: attractions.name,
  kind: attractions.kind,
  description: attractions.description,
  link: attractions.link,
  picturePath: attractions.picturePath,
  setTime: attractions.setTime,
};

const inOrder = [asc(attractions.position), asc(attractions.createdAt), asc(attractions.id)];

/** An event's line-up in the host's order. */
export function listOf(db: Db, eventId: string): Promise<AttractionRow[]> {
  return db.select(columns).from(attractions).where(eq(attractions.eventId, eventId)).orderBy(...inOrder);
}

/** Several events' line-ups at once (the search's partners, the feeds), each in the host's order. */
export function listOfEvents(db: Db, eventIds: string[]): Promise<AttractionRow[]> {
  if (!eventIds.length) return Promise.resolve([]);
  return db
    .select(columns)
    .from(attractions)
    .where(inArray(attractions.eventId, eventIds))
    .orderBy(asc(attractions.eventId), ...inOrder);
}

export async function findAttraction(db: Db, tenantId: string, id: string): Promise<AttractionRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(attractions)
    .where(and(eq(attractions.tenantId, tenantId), eq(attractions.id, id)))
    .limit(1);
  return row;
}

/** How many the event has, and the position after the last (under the event's row lock). */
export async function countAndNext(db: Db, eventId: string): Promise<{ count: number; next: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, next: sql<number>`coalesce(max(${attractions.position}) + 1, 0)::int` })
    .from(attractions)
    .where(eq(attractions.eventId, eventId));
  return row;
}

export async function insertAttraction(db: Db, values: AttractionValues & { tenantId: string; eventId: string; position: number }): Promise<AttractionRow> {
  const [row] = await db.insert(attractions).values(values).returning(columns);
  return row;
}

export async function updateAttraction(db: Db, id: string, values: AttractionValues): Promise<AttractionRow> {
  const [row] = await db.update(attractions).set(values).where(eq(attractions.id, id)).returning(columns);
  return row;
}

export async function setPicture(db: Db, id: string, picturePath: string | null): Promise<AttractionRow> {
  const [row] = await db.update(attractions).set({ picturePath }).where(eq(attractions.id, id)).returning(columns);
  return row;
}

export async function deleteAttraction(db: Db, id: string): Promise<void> {
  await db.delete(attractions).where(eq(attractions.id, id));
}

/** Numbers the line-up 0, 1, 2... in the order of `ids` (every attraction of the event, checked by the caller). */
export async function setOrder(db: Db, eventId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const positions = sql.join(
    ids.map((id, i) => sql`(${id}::uuid, ${i}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${attractions} a set position = v.position from (values ${positions}) as v(id, position) where a.id = v.id and a.event_id = ${eventId}`,
  );
}

/** Pictures of an event's line-up, to remove once the event is deleted (the rows go by cascade). */
export async function picturePathsOf(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ picturePath: attractions.picturePath })
    .from(attractions)
    .where(and(eq(attractions.eventId, eventId), sql`${attractions.picturePath} is not null`));
  return rows.map((r) => r.picturePath!);
}
