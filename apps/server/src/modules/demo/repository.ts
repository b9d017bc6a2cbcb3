// Reads for the demo seed; everything it writes goes through the owning modules' services.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cities, tags, users } from '../../db/schema.js';

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
