import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { events } from '../../db/schema.js';
import { flyers } from './schema.js';
import { uuidList, visibleTo } from '../../db/fragments.js';

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

/** A flyer of the tenant (who may change it is its event's business: requireEventRole). */
export async function findFlyer(db: Db, tenantId: string, id: string): Promise<FlyerRow | undefined> {
  const [row] = await db
    .select(columns)
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

export async function countFlyersOf(db: Db, eventId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(flyers).where(eq(flyers.eventId, eventId));
  return row.n;
}

export async function insertFlyer(
  db: Db,
  values: { tenantId: string; eventId: string; userId: string; name: string; contentType: string | null; contentJson: string },
): Promise<FlyerRow> {
  const [row] = await db.insert(flyers).values(values).returning(columns);
  return row;
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

// ---- Launches switch flyers on and off (the launches module owns the timelines) ----

const flyerColumns = sql`f.id, f.event_id as "eventId", f.name, f.content_type as "contentType",
  f.content_json as "contentJson", f.image_path as "imagePath", f.is_activated as "isActivated"`;

/** The flyers showing in the event's buzz now, in the host's order. */
export async function listActiveFlyers(db: Db, eventId: string): Promise<FlyerRow[]> {
  return db
    .select(columns)
    .from(flyers)
    .innerJoin(events, eq(events.id, flyers.eventId))
    .where(and(eq(flyers.eventId, eventId), eq(flyers.isActivated, true)))
    .orderBy(...inFlyerOrder);
}

export async function activateFlyers(db: Db, timeline: { eventId: string; flyerIds: string[] }): Promise<FlyerRow[]> {
  return queryRows<FlyerRow>(db, sql`
    update flyers f set is_activated = true
    where f.event_id = ${timeline.eventId} and f.id in (${uuidList(timeline.flyerIds)})
    returning ${flyerColumns}`);
}

/**
 * Turns off the timeline's flyers that no other active timeline still shows; returns
 * those now off (whether or not they were on, so a watcher always learns they stopped).
 */
export async function deactivateFlyers(db: Db, timeline: { id: string; eventId: string; flyerIds: string[] }): Promise<FlyerRow[]> {
  return queryRows<FlyerRow>(db, sql`
    update flyers f set is_activated = false
    where f.event_id = ${timeline.eventId} and f.id in (${uuidList(timeline.flyerIds)})
      and not exists (select 1 from timelines o where o.id <> ${timeline.id} and o.state = 'Active' and o.end_date > now() and f.id = any(o.flyer_ids))
    returning ${flyerColumns}`);
}

/**
 * Makes is_activated match the timelines: on exactly for flyers that an Active timeline
 * not past its end shows. Run at start, so a flag left behind by a crash is corrected.
 */
export async function recomputeActiveFlyers(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(db, sql`
    with shown as (
      select distinct unnest(t.flyer_ids) as id from timelines t where t.state = 'Active' and t.end_date > now())
    update flyers f set is_activated = (f.id in (select id from shown))
    where f.is_activated <> (f.id in (select id from shown))
    returning f.id`);
  return rows.length;
}

export async function flyersOfEvent(db: Db, args: { tenantId: string; eventId: string; ids: string[] }): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`
    select id from flyers
    where tenant_id = ${args.tenantId} and event_id = ${args.eventId} and id in (${uuidList(args.ids)})`);
  return rows.map((r) => r.id);
}
