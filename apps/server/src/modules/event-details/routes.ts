import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventCreateSchema, EventSchema, EventUpdateSchema, IdParamsSchema, OkSchema, ProblemSchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { readUpload } from '../../plugins/uploads.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['events'];

/** The calls that answer a whole event (with flyers and timelines). */
export const eventDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(routes.event, {
    preHandler: app.optionalAuth,
    schema: { tags, summary: 'One event', params: IdParamsSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.getEvent({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }),
  });

  app.post(routes.eventCreate, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: "Create an event (within the plan's eventCapacity)", body: EventCreateSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.createEvent({ ctx, auth: authOf(request), input: request.body }),
  });

  app.post(routes.eventUpdate, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Update one of your events', body: EventUpdateSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.updateEvent({ ctx, auth: authOf(request), input: request.body }),
  });

  app.delete(routes.event, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Delete one of your events', params: IdParamsSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.deleteEvent({ ctx, auth: authOf(request), id: request.params.id }),
  });

  app.post(routes.eventThumbnail, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Upload the thumbnail (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB)',
      consumes: ['multipart/form-data'],
      params: IdParamsSchema,
      response: { 200: EventSchema, 413: ProblemSchema, 415: ProblemSchema, ...problems },
    },
    handler: async (request) => service.setThumbnail({ ctx, auth: authOf(request), id: request.params.id, data: await readUpload(request) }),
  });

  app.delete(routes.eventThumbnail, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Remove the thumbnail', params: IdParamsSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.removeThumbnail({ ctx, auth: authOf(request), id: request.params.id }),
  });
};
