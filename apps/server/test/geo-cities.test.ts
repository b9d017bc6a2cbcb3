import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { geoApi } from '@hubbub/contract';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { countCities } from '../src/modules/geo/repository.js';
import { ensureCities } from '../src/modules/geo/service.js';
import { build } from './support/build.js';
import { call } from './support/api.js';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database.js';

// Every other file starts from a database that already holds the gazetteer (migrated-snapshot.ts):
// here a server's first start on a database without it loads it, once.
let scratch: ScratchDatabase;
let database: Database;
beforeAll(async () => {
  scratch = await createScratchDatabase('cities', { server: inject('databaseUrl') || undefined });
  database = await openDatabase(scratch);
  // A PGlite scratch database comes from the dump, with the gazetteer; a PostgreSQL one from the bare template.
  await queryRows(database.db, sql`delete from cities`);
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

it('a first start loads the city gazetteer (US towns and the world’s larger cities) once, and search finds them', async () => {
  expect(await countCities(database.db)).toBe(0);
  const t = await build({ database });
  try {
    const loaded = await countCities(database.db);
    expect(loaded).toBeGreaterThan(20_000);
    await ensureCities(database.db);
    expect(await countCities(database.db)).toBe(loaded);
    const res = await call(t.app, 'GET', `${geoApi.cities.path}?search=lander`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining({ name: 'Lander', state: 'WY' }));
  } finally {
    await t.close();
  }
});
