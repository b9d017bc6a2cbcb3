import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EventListSchema,
  EventSearchRequestSchema,
  EventSearchResultSchema,
  type EventSearchResult,
  EventTagSchema,
  IdSchema,
  OkSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as search from './search-service.js';
import * as service from './service.js';
import { tileRoutes } from './tile-routes.js';

const tags = ['events'];

// The hot search answers are built by the service (the search's as JSON text, which is sent as
// it is); validating them again with zod on every call cost more than the database work.
const plainJson = () => (data: unknown) => JSON.stringify(data);
const JSON_TYPE = 'application/json; charset=utf-8';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  await app.register(tileRoutes);

  app.post(routes.eventSearch, {
    serializerCompiler: plainJson,
    schema: {
      tags,
      summary: `Search published events in a box and date window (50 per page; the window defaults to 30 days from now)`,
      body: EventSearchRequestSchema,
      response: { 200: EventSearchResultSchema, ...problems },
    },
    // The answer is JSON text the database built: sent as it is, never parsed and serialised again.
    // The optional login is checked here rather than in a preHandler hook: one hook less on the hottest route.
    handler: async (request, reply) => {
      await app.optionalAuth(request);
      const answer = await search.searchEvents({ ctx, tenant: request.tenant, viewerId: request.auth?.userId ?? null, input: request.body ?? EventSearchRequestSchema.parse({}) });
      // Typed as the schema's object, which this text spells.
      return reply.header('content-type', JSON_TYPE).send(answer as unknown as EventSearchResult);
    },
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
