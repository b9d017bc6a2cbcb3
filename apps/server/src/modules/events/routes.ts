import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EventListSchema,
  EventPointsResultSchema,
  EventSearchRequestSchema,
  EventSearchResultSchema,
  EventTagSchema,
  EventTileParamsSchema,
  EventTileQuerySchema,
  IdSchema,
  OkSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['events'];
/** How long anyone may keep an anonymous tile without asking again: a new event shows within a minute. */
const TILE_MAX_AGE_S = 60;

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

  app.get(routes.eventTiles, {
    preHandler: app.optionalAuth,
    // Vector tiles are not in @fastify/compress's default list of compressible types.
    compress: { customTypes: /^application\/vnd\.mapbox-vector-tile$/, encodings: ['br', 'gzip'] },
    schema: {
      tags,
      summary: `Events as a Mapbox vector tile: layer "events", one point per grid cell with its exact count (and the event's id when alone); the search's filters as query parameters`,
      params: EventTileParamsSchema,
      querystring: EventTileQuerySchema,
      response: {
        200: z.any().describe('A Mapbox vector tile (application/vnd.mapbox-vector-tile), extent 4096'),
        304: z.undefined().describe('Not modified: the If-None-Match tag is still current'),
        ...problems,
      },
    },
    handler: async (request, reply) => {
      const viewerId = request.auth?.userId ?? null;
      const answer = await service.eventTile({
        ctx,
        tenant: request.tenant,
        viewerId,
        tile: request.params,
        query: request.query,
        ifNoneMatch: request.headers['if-none-match'],
      });
      // A signed-in viewer's tiles hold their drafts: theirs alone, and checked again each time.
      reply
        .header('etag', answer.etag)
        .header('cache-control', viewerId ? 'private, no-cache' : `public, max-age=${TILE_MAX_AGE_S}`)
        .header('vary', 'X-Tenant, Authorization');
      if (!answer.tile) return reply.code(304).send();
      return reply.type('application/vnd.mapbox-vector-tile').send(answer.tile);
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
