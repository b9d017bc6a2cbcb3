import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { escapeLike } from '../../db/fragments.js';
import { cities } from './schema.js';

export interface CityRow {
  id: number;
  name: string;
  state: string | null;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
  distanceKm: number | null;
}

export async function countCities(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cities);
  return row.n;
}

export async function insertCities(db: Db, rows: (typeof cities.$inferInsert)[]): Promise<void> {
  await db.insert(cities).values(rows).onConflictDoNothing();
}

const columns = sql`id, name, state, country, lat as latitude, lng as longitude, population`;

/**
 * Prefix matches first (largest cities first), then fuzzy matches by trigram
 * word similarity, which the GIN index serves through the <% operator.
 */
export async function searchCities(db: Db, args: { name: string; state: string | null; limit: number }): Promise<CityRow[]> {
  const name = args.name.toLowerCase();
  const prefix = `${escapeLike(name)}%`;
  const stateFilter = args.state ? sql`and (upper(state) = ${args.state.toUpperCase()} or upper(country) = ${args.state.toUpperCase()})` : sql``;
  const result = await queryRows<CityRow>(db, sql`
    select ${columns}, null::float8 as "distanceKm"
    from ${cities}
    where (lower(name) like ${prefix} or ${name} <% lower(name)) ${stateFilter}
    order by (lower(name) like ${prefix}) desc,
             case when lower(name) like ${prefix} then 0 else word_similarity(${name}, lower(name)) end desc,
             population desc, id
    limit ${args.limit}`);
  return result;
}

// Great-circle distance in km; the ordering itself uses the GiST index on point.
const distanceKm = (lat: number, lng: number) => sql`
  (6371 * 2 * asin(sqrt(
    power(sin(radians(lat - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lng - ${lng}) / 2), 2))))`;

export async function nearestCities(db: Db, args: { latitude: number; longitude: number; limit: number }): Promise<CityRow[]> {
  // The index finds candidates by flat degrees; the true great-circle order is settled on them.
  const result = await queryRows<CityRow>(db, sql`
    select * from (
      select ${columns}, ${distanceKm(args.latitude, args.longitude)} as "distanceKm"
      from ${cities}
      order by location <-> point(${args.longitude}, ${args.latitude}), id
      limit ${Math.max(50, args.limit * 5)}) nearest
    order by "distanceKm", id
    limit ${args.limit}`);
  return result;
}

export async function citiesInBox(
  db: Db,
  args: { minLat: number; maxLat: number; minLng: number; maxLng: number; limit: number },
): Promise<CityRow[]> {
  const lngFilter =
    args.minLng <= args.maxLng
      ? sql`lng between ${args.minLng} and ${args.maxLng}`
      : sql`(lng >= ${args.minLng} or lng <= ${args.maxLng})`;
  const result = await queryRows<CityRow>(db, sql`
    select ${columns}, null::float8 as "distanceKm"
    from ${cities}
    where lat between ${args.minLat} and ${args.maxLat} and ${lngFilter}
    order by population desc, id
    limit ${args.limit}`);
  return result;
}
