import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** Resolves X-Tenant for API routes; tenants are fixed at start from TENANTS. */
export function createTenantHook(tenants: Map<string, string>) {
  return async (request: FastifyRequest) => {
    const raw = request.headers['x-tenant'];
    const key = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase();
    if (!key) throw new AppError(400, 'Missing tenant', 'Send the X-Tenant header with the tenant key, for example "X-Tenant: hubbub".');
    const id = tenants.get(key);
    if (!id) throw new AppError(400, 'Unknown tenant', `The tenant "${key.slice(0, 40)}" does not exist on this server.`);
    request.tenant = { id, key };
  };
}
