import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { cities, eventTags, events, tags, users } from '../../db/schema.js';

export async function countTenantEvents(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(events).where(eq(events.tenantId, tenantId));
  return row.n;
}

export async function largestCities(db: Db, country: string, limit: number) {
  return db
    .select({ name: cities.name, state: cities.state, lat: cities.lat, lng: cities.lng, population: cities.population })
    .from(cities)
    .where(eq(cities.country, country))
    .orderBy(sql`${cities.population} desc`, cities.id)
    .limit(limit);
}

export async function usersByEmail(db: Db, tenantId: string, emails: string[]) {
  return db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.tenantId, tenantId), inArray(users.email, emails)));
}

export async function setPlan(db: Db, userIds: string[], plan: string): Promise<void> {
  await db.update(users).set({ plan }).where(inArray(users.id, userIds));
}

export async function tagsByName(db: Db, tenantId: string) {
  return db.select({ id: tags.id, name: tags.name, isCategory: tags.isCategory }).from(tags).where(eq(tags.tenantId, tenantId));
}

export async function insertEvents(db: Db, rows: (typeof events.$inferInsert)[]): Promise<string[]> {
  const inserted = await db.insert(events).values(rows).returning({ id: events.id });
  return inserted.map((r) => r.id);
}

export async function insertEventTags(db: Db, rows: { eventId: string; tagId: string }[]): Promise<void> {
  if (rows.length) await db.insert(eventTags).values(rows).onConflictDoNothing();
}

/** Same document as events/repository refreshSearchText, for a whole tenant at once. */
export async function refreshAllSearchText(db: Db, tenantId: string): Promise<void> {
  await queryRows(db, sql`
    update events e set search_text = to_tsvector('simple', concat_ws(' ', e.name, e.venue, e.area->>'name', e.area->>'city', e.area->>'state',
      (select string_agg(t.name, ' ') from event_tags et join tags t on t.id = et.tag_id where et.event_id = e.id)))
    where e.tenant_id = ${tenantId}`);
}
