import type { FastifyRequest } from 'fastify';
import { resolveTenant } from '../lib/tenants.js';

/** Resolves X-Tenant for API routes; tenants are fixed at start from TENANTS. */
export function createTenantHook(tenants: Map<string, string>) {
  return async (request: FastifyRequest) => {
    const raw = request.headers['x-tenant'];
    request.tenant = resolveTenant(tenants, Array.isArray(raw) ? raw[0] : raw, 'Send the X-Tenant header with the tenant key, for example "X-Tenant: hubbub".');
  };
}
