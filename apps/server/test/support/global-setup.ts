import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { ensureCities } from '../../src/modules/geo/service.js';
import { firstStartDump, keepSnapshot } from './migrated-snapshot.js';
import { createScratchDatabase } from './scratch-database.js';

/** For the PGlite project: one migrated database with the gazetteer, dumped to a file every test file's databases start from. */
async function pgliteSnapshot(project: TestProject) {
  const database = await openDatabase({});
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  try {
    const bytes = await firstStartDump(database);
    await fs.writeFile(file, bytes);
    // The same dump for the databases tests make on disk (migrated-snapshot.ts), fresh from this run's migrations.
    await keepSnapshot(bytes);
  } finally {
    await database.close();
  }
  project.provide('databaseUrl', '');
  project.provide('pgliteSnapshot', file);
  return () => fs.rm(dir, { recursive: true, force: true });
}

/**
 * For the PostgreSQL project: a scratch database per run on the server TEST_DATABASE_URL
 * names, migrated once here so parallel test files never race on migrations; dropped afterwards.
 * It is copied from a template migrated here from empty (and given the gazetteer), which the scratch databases test files
 * make are copied from too (scratch-database.ts): copying takes a tenth of migrating.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  if (!server || project.config.name !== 'api-postgres') {
    project.provide('pgTemplate', '');
    return pgliteSnapshot(project);
  }
  const template = await createScratchDatabase('template', { server, template: '' });
  const templateName = new URL(template.databaseUrl!).pathname.slice(1);
  let scratch;
  try {
    // With the gazetteer a first start loads, as the PGlite dump has it (migrated-snapshot.ts).
    const database = await openDatabase(template);
    await ensureCities(database.db).finally(() => database.close());
    scratch = await createScratchDatabase('test', { server, template: templateName });
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide('databaseUrl', scratch.databaseUrl!);
  project.provide('pgliteSnapshot', '');
  project.provide('pgTemplate', templateName);
  return async () => {
    await scratch.drop();
    await template.drop();
  };
}
