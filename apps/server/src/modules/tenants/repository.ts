import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tenants } from './schema.js';

/** Creates missing tenants and returns key → id for all of the given keys. */
export async function ensureTenants(db: Db, keys: string[]): Promise<Map<string, string>> {
  await db.insert(tenants).values(keys.map((key) => ({ key }))).onConflictDoNothing();
  const rows = await db.select({ id: tenants.id, key: tenants.key }).from(tenants).where(inArray(tenants.key, keys));
  return new Map(rows.map((r) => [r.key, r.id]));
}
