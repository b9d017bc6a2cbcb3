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
