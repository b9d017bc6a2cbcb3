import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, TenantRef } from '../../app-context.js';
import * as repo from './repository.js';

/** What every Fedify callback is given: the app, and the tenant that federates (the site's). */
export interface FederationData {
  app: AppContext;
  tenant: TenantRef;
  log: FastifyBaseLogger;
}

/** Whether an admin blocked this actor or its server (modules/federation/service.ts). */
export function blockedActor(data: FederationData, actor: URL): Promise<boolean> {
  return repo.isBlocked(data.app.db, { tenantId: data.tenant.id, actor: actor.href });
}
