import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { flyersApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { readUpload } from '../../plugins/uploads.js';
import * as service from './service.js';

export const flyerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, flyersApi.create, { handler: (request) => service.createFlyer({ ctx, auth: authOf(request), input: request.body }) });
  route(app, flyersApi.update, { handler: (request) => service.updateFlyer({ ctx, auth: authOf(request), input: request.body }) });
  route(app, flyersApi.delete, { handler: (request) => service.deleteFlyer({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, flyersApi.ofEvent, {
    handler: (request) => service.listEventFlyers({ ctx, tenant: request.tenant, eventId: request.params.eventId, viewerId: request.auth?.userId ?? null }),
  });
  route(app, flyersApi.setImage, { handler: async (request) => service.setImage({ ctx, auth: authOf(request), id: request.params.id, data: await readUpload(request) }) });
  route(app, flyersApi.removeImage, { handler: (request) => service.removeImage({ ctx, auth: authOf(request), id: request.params.id }) });
};
