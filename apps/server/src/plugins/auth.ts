import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/app-error.js';
import type { AuthInfo, TenantRef } from '../app-context.js';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
  return match[1];
}

/** Decorates requireAuth / optionalAuth, used as route preHandlers after the tenant is known. */
/** Checks a bearer token for a tenant (the auth module's authenticate, passed in by the app). */
export type Authenticate = (opts: { ctx: FastifyInstance['ctx']; tenant: TenantRef; token: string }) => Promise<AuthInfo>;

export const authPlugin = fp(async (app: FastifyInstance, { authenticate }: { authenticate: Authenticate }) => {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Log in first: this call needs a bearer token.');
    request.auth = await authenticate({ ctx: app.ctx, tenant: request.tenant, token });
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token) request.auth = await authenticate({ ctx: app.ctx, tenant: request.tenant, token });
  });
});

/** For handlers behind requireAuth: the AuthInfo is then always present. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthorized('Log in first: this call needs a bearer token.');
  return request.auth;
}
