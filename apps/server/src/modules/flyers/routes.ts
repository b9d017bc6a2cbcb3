import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventIdParamsSchema, FlyerCreateSchema, FlyerListSchema, FlyerSchema, FlyerUpdateSchema, IdParamsSchema, OkSchema, ProblemSchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { readUpload } from '../../plugins/uploads.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['flyers'];

export const flyerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.flyerCreate, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: "Create a flyer for one of your events (within the plan's flyerCapacity per event); contentJson is FlyerContent v1, JSON-encoded",
      body: FlyerCreateSchema,
      response: { 200: FlyerSchema, ...problems },
    },
    handler: (request) => service.createFlyer({ ctx, auth: authOf(request), input: request.body }),
  });

  app.post(routes.flyerUpdate, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Update one of your flyers', body: FlyerUpdateSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.updateFlyer({ ctx, auth: authOf(request), input: request.body }),
  });

  app.delete(routes.flyer, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Delete one of your flyers', params: IdParamsSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.deleteFlyer({ ctx, auth: authOf(request), id: request.params.id }),
  });

  app.get(routes.eventFlyers, {
    preHandler: app.optionalAuth,
    schema: { tags, summary: "An event's flyers in the host's order", params: EventIdParamsSchema, response: { 200: FlyerListSchema, ...problems } },
    handler: (request) => service.listEventFlyers({ ctx, tenant: request.tenant, eventId: request.params.eventId, viewerId: request.auth?.userId ?? null }),
  });

  app.post(routes.flyerImage, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Upload the flyer image (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB)',
      consumes: ['multipart/form-data'],
      params: IdParamsSchema,
      response: { 200: FlyerSchema, 413: ProblemSchema, 415: ProblemSchema, ...problems },
    },
    handler: async (request) => service.setImage({ ctx, auth: authOf(request), id: request.params.id, data: await readUpload(request) }),
  });

  app.delete(routes.flyerImage, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Remove the flyer image', params: IdParamsSchema, response: { 200: FlyerSchema, ...problems } },
    handler: (request) => service.removeImage({ ctx, auth: authOf(request), id: request.params.id }),
  });
};
