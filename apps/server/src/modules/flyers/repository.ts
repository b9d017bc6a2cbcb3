import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { events, flyers } from '../../db/schema.js';
import { visibleTo } from '../events/repository.js';

export interface FlyerRow {
  id: string;
  eventId: string;
  name: string;
  contentType: string | null;
  contentJson: string;
  imagePath: string | null;
  isActivated: boolean;
}

const columns = {
  id: flyers.id,
  eventId: flyers.eventId,
  name: flyers.name,
  contentType: flyers.contentType,
  contentJson: flyers.contentJson,
  imagePath: flyers.imagePath,
  isActivated: flyers.isActivated,
};

// The host's order first; ids missing from flyer_order (none should be) go last, oldest first.
const inFlyerOrder = [sql`array_position(${events.flyerOrder}, ${flyers.id}) nulls last`, asc(flyers.createdAt), asc(flyers.id)];

/** A flyer with the owner of its event, who alone may change it. */
export async function findFlyer(db: Db, tenantId: string, id: string): Promise<(FlyerRow & { ownerId: string }) | undefined> {
  const [row] = await db
    .select({ ...columns, ownerId: events.userId })
    .from(flyers)
    .innerJoin(events, eq(events.id, flyers.eventId))
    .where(and(eq(flyers.tenantId, tenantId), eq(flyers.id, id)))
    .limit(1);
  return row;
}

export async function listFlyersOf(db: Db, eventId: string): Promise<FlyerRow[]> {
  return db
    .select(columns)
    .from(flyers)
    .innerJoin(events, eq(events.id, flyers.eventId))
    .where(eq(flyers.eventId, eventId))
    .orderBy(...inFlyerOrder);
}

/** The event's flyers when the viewer may see the event; undefined when the event is unknown or hidden. */
export async function listVisibleFlyers(db: Db, args: { tenantId: string; eventId: string; viewerId: string | null; now: Date }): Promise<FlyerRow[] | undefined> {
  // One query: the left join keeps a row for a visible event without flyers.
  const rows = await queryRows<Omit<FlyerRow, 'id'> & { id: string | null }>(db, sql`
    select f.id, e.id as "eventId", f.name, f.content_type as "contentType", f.content_json as "contentJson",
      f.image_path as "imagePath", f.is_activated as "isActivated"
    from events e left join flyers f on f.event_id = e.id
    where e.tenant_id = ${args.tenantId} and e.id = ${args.eventId} and ${visibleTo(args.viewerId, args.now)}
    order by array_position(e.flyer_order, f.id) nulls last, f.created_at, f.id`);
  if (!rows.length) return undefined;
  return rows.filter((r): r is FlyerRow => r.id !== null);
}

/** Locks the event so two creates cannot both slip under the flyer capacity. */
export async function lockEvent(db: Db, eventId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from ${events} where id = ${eventId} for update`);
  return rows.length > 0;
}

export async function countFlyersOf(db: Db, eventId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(flyers).where(eq(flyers.eventId, eventId));
  return row.n;
}

export async function insertFlyer(
  db: Db,
  values: { tenantId: string; eventId: string; userId: string; name: string; contentType: string; contentJson: string },
): Promise<FlyerRow> {
  const [row] = await db.insert(flyers).values(values).returning(columns);
  return row;
}

export async function appendToOrder(db: Db, eventId: string, flyerId: string): Promise<void> {
  await db.update(events).set({ flyerOrder: sql`array_append(${events.flyerOrder}, ${flyerId}::uuid)` }).where(eq(events.id, eventId));
}

export async function removeFromOrder(db: Db, eventId: string, flyerId: string): Promise<void> {
  await db.update(events).set({ flyerOrder: sql`array_remove(${events.flyerOrder}, ${flyerId}::uuid)` }).where(eq(events.id, eventId));
}

export async function updateFlyer(db: Db, id: string, values: { name: string; contentType: string; contentJson: string }, at: Date): Promise<void> {
  await db.update(flyers).set({ ...values, updatedAt: at }).where(eq(flyers.id, id));
}

export async function setImage(db: Db, id: string, imagePath: string | null, at: Date): Promise<void> {
  await db.update(flyers).set({ imagePath, updatedAt: at }).where(eq(flyers.id, id));
}

export async function deleteFlyer(db: Db, id: string): Promise<void> {
  await db.delete(flyers).where(eq(flyers.id, id));
}

/** Image files of an event's flyers, to remove once the event is deleted (the rows go by cascade). */
export async function imagePathsOf(db: Db, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ imagePath: flyers.imagePath })
    .from(flyers)
    .where(and(eq(flyers.eventId, eventId), sql`${flyers.imagePath} is not null`));
  return rows.map((r) => r.imagePath!);
}
