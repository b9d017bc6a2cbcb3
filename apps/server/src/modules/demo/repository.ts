// Reads for the demo seed; everything it writes goes through the owning modules' services.
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cities, events, tags, users } from '../../db/schema.js';

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

export async function tagsByName(db: Db, tenantId: string) {
  return db.select({ id: tags.id, name: tags.name, isCategory: tags.isCategory }).from(tags).where(eq(tags.tenantId, tenantId));
}

export async function countEventsOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(events).where(eq(events.userId, userId));
  return row.n;
}

/** The soonest events of other hosts starting after `after` within about 30 km of a point. */
export async function upcomingEventsNear(db: Db, opts: { tenantId: string; notBy: string; lat: number; lng: number; after: Date; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.tenantId, opts.tenantId),
        ne(events.userId, opts.notBy),
        gt(events.startsAt, opts.after),
        sql`abs(${events.lat} - ${opts.lat}) < 0.3 and abs(${events.lng} - ${opts.lng}) < 0.4`,
      ),
    )
    .orderBy(events.startsAt)
    .limit(opts.limit);
  return rows.map((r) => r.id);
}
