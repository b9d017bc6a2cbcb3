import type { FastifyRequest } from 'fastify';
import { tenantMissing, tenantUnknown } from '../lib/app-error.js';

/** Resolves X-Tenant for API routes; tenants are fixed at start from TENANTS. */
export function createTenantHook(tenants: Map<string, string>) {
  return async (request: FastifyRequest) => {
    const raw = request.headers['x-tenant'];
    const key = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
    if (!key) throw tenantMissing('Send the X-Tenant header with the tenant key, for example "X-Tenant: hubbub".');
    const id = tenants.get(key);
    if (!id) throw tenantUnknown(key);
    request.tenant = { id, key };
  };
}
