import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventIdParamsSchema, IdParamsSchema, LaunchRequestSchema, ProblemSchema, TimelineListSchema, TimelineSchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['launches'];

export const launchRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.launch, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: "Launch flyers of one of your events: they show in the buzz from startDate to endDate (a start of now launches at once)",
      body: LaunchRequestSchema,
      response: { 200: TimelineSchema, ...problems },
    },
    handler: (request) => service.launch({ ctx, auth: authOf(request), input: request.body }),
  });

  app.get(routes.eventTimelines, {
    preHandler: app.optionalAuth,
    schema: { tags, summary: "An event's timeline: its launches, latest start first", params: EventIdParamsSchema, response: { 200: TimelineListSchema, ...problems } },
    handler: (request) => service.listEventTimelines({ ctx, tenant: request.tenant, eventId: request.params.eventId, viewerId: request.auth?.userId ?? null }),
  });

  app.delete(routes.cancelLaunch, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Cancel one of your launches; an active one stops its flyers now',
      params: IdParamsSchema,
      response: { 200: TimelineSchema, 409: ProblemSchema, ...problems },
    },
    handler: (request) => service.cancelLaunch({ ctx, auth: authOf(request), id: request.params.id }),
  });
};
