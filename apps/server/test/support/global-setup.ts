import type { TestProject } from 'vitest/node';
import { createScratchDatabase } from './scratch-database.js';

/**
 * For the PostgreSQL project: a scratch database per run on the server TEST_DATABASE_URL
 * names, migrated once here so parallel test files never race on migrations; dropped afterwards.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  if (!server || project.config.name !== 'api-postgres') {
    project.provide('databaseUrl', '');
    return;
  }
  const scratch = await createScratchDatabase('test', { server });
  project.provide('databaseUrl', scratch.databaseUrl!);
  return () => scratch.drop();
}
