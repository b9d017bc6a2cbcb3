import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../../src/db/client.js';
import { createScratchDatabase } from './scratch-database.js';

/** For the PGlite project: one migrated database, dumped to a file every test file's databases start from. */
async function pgliteSnapshot(project: TestProject) {
  const database = await openDatabase({});
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  try {
    await fs.writeFile(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
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
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  if (!server || project.config.name !== 'api-postgres') return pgliteSnapshot(project);
  const scratch = await createScratchDatabase('test', { server });
  project.provide('databaseUrl', scratch.databaseUrl!);
  project.provide('pgliteSnapshot', '');
  return () => scratch.drop();
}
