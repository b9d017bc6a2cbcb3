import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventTileParamsSchema, EventTileQuerySchema, routes } from '@hubbub/contract';
import { problems } from '../../plugins/route-schema.js';
import * as tiles from './tile-service.js';

const tags = ['events'];
/** How long anyone may keep an anonymous tile without asking again: a new event shows within a minute. */
const TILE_MAX_AGE_S = 60;

export const tileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(routes.eventTiles, {
    preHandler: app.optionalAuth,
    // Tiles come compressed from the tile cache (see tile-service.ts).
    compress: false,
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
      const answer = await tiles.eventTile({
        ctx,
        tenant: request.tenant,
        viewerId,
        tile: request.params,
        query: request.query,
        ifNoneMatch: request.headers['if-none-match'],
        acceptEncoding: request.headers['accept-encoding'],
      });
      // A signed-in viewer's tiles hold their drafts: theirs alone, and checked again each time.
      reply
        .header('etag', answer.etag)
        .header('cache-control', viewerId ? 'private, no-cache' : `public, max-age=${TILE_MAX_AGE_S}`)
        .header('vary', 'X-Tenant, Authorization, Accept-Encoding');
      if (!answer.tile) return reply.code(304).send();
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      return reply.type('application/vnd.mapbox-vector-tile').send(answer.tile);
    },
  });
};
