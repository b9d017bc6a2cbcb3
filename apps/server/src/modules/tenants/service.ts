import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

/** Creates the configured tenants that are missing; answers key → id for all of them (read once at start). */
export function ensureTenants(db: Db, keys: string[]): Promise<Map<string, string>> {
  return repo.ensureTenants(db, keys);
}
