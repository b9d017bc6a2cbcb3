import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { launchesApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const launchRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, launchesApi.create, { handler: (request) => service.launch({ ctx, auth: authOf(request), input: request.body }) });
  route(app, launchesApi.ofEvent, {
    handler: (request) => service.listEventTimelines({ ctx, tenant: request.tenant, eventId: request.params.eventId, viewerId: request.auth?.userId ?? null }),
  });
  route(app, launchesApi.cancel, { handler: (request) => service.cancelLaunch({ ctx, auth: authOf(request), id: request.params.id }) });
};
