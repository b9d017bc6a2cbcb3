import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { readUpload } from '../../plugins/uploads.js';
import * as service from './service.js';

/** The calls that answer a whole event (with flyers and timelines). */
export const eventDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, eventsApi.get, { handler: (request) => service.getEvent({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }) });
  route(app, eventsApi.create, { handler: (request) => service.createEvent({ ctx, auth: authOf(request), input: request.body }) });
  route(app, eventsApi.update, { handler: (request) => service.updateEvent({ ctx, auth: authOf(request), input: request.body }) });
  route(app, eventsApi.cancel, { handler: (request) => service.cancelEvent({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, eventsApi.delete, { handler: (request) => service.deleteEvent({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, eventsApi.setThumbnail, {
    handler: async (request) => service.setThumbnail({ ctx, auth: authOf(request), id: request.params.id, data: await readUpload(request) }),
  });
  route(app, eventsApi.removeThumbnail, { handler: (request) => service.removeThumbnail({ ctx, auth: authOf(request), id: request.params.id }) });
};
