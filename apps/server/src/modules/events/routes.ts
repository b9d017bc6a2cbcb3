import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EventListSchema,
  EventPointsResultSchema,
  EventSearchRequestSchema,
  EventSearchResultSchema,
  EventTagSchema,
  IdSchema,
  OkSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['events'];

// The hot search answers are built field by field by the service; validating them again
// with zod on every call cost more than the database work, so they are only stringified.
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.eventSearch, {
    preHandler: app.optionalAuth,
    serializerCompiler: plainJson,
    schema: {
      tags,
      summary: `Search published events in a box and date window (50 per page; the window defaults to 30 days from now)`,
      body: EventSearchRequestSchema,
      response: { 200: EventSearchResultSchema, ...problems },
    },
    handler: (request) => service.searchEvents({ ctx, tenant: request.tenant, viewerId: request.auth?.userId ?? null, input: request.body ?? EventSearchRequestSchema.parse({}) }),
  });

  app.post(routes.eventPoints, {
    preHandler: app.optionalAuth,
    serializerCompiler: plainJson,
    schema: { tags, summary: 'Every event of a search as [id, longitude, latitude], for map clusters', body: EventSearchRequestSchema, response: { 200: EventPointsResultSchema, ...problems } },
    handler: (request) => service.searchPoints({ ctx, tenant: request.tenant, viewerId: request.auth?.userId ?? null, input: request.body ?? EventSearchRequestSchema.parse({}) }),
  });

  app.get(routes.eventMine, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Your events, drafts included, soonest first', response: { 200: EventListSchema, ...problems } },
    handler: (request) => service.myEvents({ ctx, auth: authOf(request) }),
  });

  app.get(routes.eventFollowing, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Events you follow, soonest first', response: { 200: EventListSchema, ...problems } },
    handler: (request) => service.followedEvents({ ctx, auth: authOf(request) }),
  });

  app.post(routes.eventTag, {
    preHandler: app.requireAuth,
    schema: { tags: ['tags'], security, summary: 'Tag one of your events', body: EventTagSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.tagEvent({ ctx, auth: authOf(request), ...request.body }),
  });

  app.delete(routes.eventTagDelete, {
    preHandler: app.requireAuth,
    schema: {
      tags: ['tags'],
      security,
      summary: 'Remove a tag from one of your events',
      params: z.object({ eventId: IdSchema, tagId: IdSchema }),
      response: { 200: OkSchema, ...problems },
    },
    handler: (request) => service.untagEvent({ ctx, auth: authOf(request), ...request.params }),
  });
};
