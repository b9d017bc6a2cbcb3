import { tenantMissing, tenantUnknown } from './app-error.js';

/**
 * The tenant a request names (X-Tenant for the API, `?tenant=` for the hub), checked
 * against those fixed at start; `missing` tells the caller where to put it.
 */
export function resolveTenant(tenants: Map<string, string>, raw: string | null | undefined, missing: string): { id: string; key: string } {
  const key = raw?.trim().toLowerCase();
  if (!key) throw tenantMissing(missing);
  const id = tenants.get(key);
  if (!id) throw tenantUnknown(key);
  return { id, key };
}

/** The tenant with this id, for work that starts from a stored row rather than a request (feeds, jobs). */
export function tenantById(tenants: Map<string, string>, id: string): { id: string; key: string } | undefined {
  for (const [key, tenantId] of tenants) if (tenantId === id) return { id, key };
  return undefined;
}
