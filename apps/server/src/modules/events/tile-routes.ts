import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventsApi } from '@hubbub/contract';
import { route } from '../../plugins/endpoint-route.js';
import * as tiles from './tile-service.js';

/** How long anyone may keep an anonymous tile without asking again: a new event shows within a minute. */
const TILE_MAX_AGE_S = 60;

export const tileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, eventsApi.tile, {
    // Tiles come compressed from the tile cache (see tile-service.ts).
    compress: false,
    schema: {
      response: {
        200: z.any().describe('A Mapbox vector tile (application/vnd.mapbox-vector-tile), extent 4096'),
        304: z.undefined().describe('Not modified: the If-None-Match tag is still current'),
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
      if (!answer.tile) {
        // Set as a property: route() types reply.code() with the entry's success statuses only.
        reply.statusCode = 304;
        return reply.send();
      }
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      return reply.type('application/vnd.mapbox-vector-tile').send(answer.tile);
    },
  });
};
