import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventSearchRequestSchema, eventsApi, type EventSearchResult } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as search from './search-service.js';
import * as service from './service.js';
import { tileRoutes } from './tile-routes.js';

// The hot search answers are built by the service (the search's as JSON text, which is sent as
// it is); validating them again with zod on every call cost more than the database work.
const plainJson = () => (data: unknown) => JSON.stringify(data);
const JSON_TYPE = 'application/json; charset=utf-8';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  await app.register(tileRoutes);

  route(app, eventsApi.search, {
    serializerCompiler: plainJson,
    // The answer is JSON text the database built: sent as it is, never parsed and serialised again.
    // The optional login is checked here rather than in a preHandler hook (the entry has no `auth`):
    // one hook less on the hottest route.
    handler: async (request, reply) => {
      await app.optionalAuth(request);
      const answer = await search.searchEvents({ ctx, tenant: request.tenant, viewerId: request.auth?.userId ?? null, input: request.body ?? EventSearchRequestSchema.parse({}) });
      // Typed as the schema's object, which this text spells.
      return reply.header('content-type', JSON_TYPE).send(answer as unknown as EventSearchResult);
    },
  });

  route(app, eventsApi.partners, {
    handler: (request) =>
      search.eventPartners({ ctx, tenant: request.tenant, viewerId: request.auth?.userId ?? null, input: request.body ?? EventSearchRequestSchema.parse({}) }),
  });
  route(app, eventsApi.mine, { handler: (request) => service.myEvents({ ctx, auth: authOf(request) }) });
  route(app, eventsApi.following, { handler: (request) => service.followedEvents({ ctx, auth: authOf(request) }) });
  route(app, eventsApi.live, { handler: (request) => service.liveEvents({ ctx, auth: authOf(request) }) });
  route(app, eventsApi.ofPerson, {
    handler: (request) => service.publicEventsOf({ ctx, tenant: request.tenant, userId: request.params.id, ...request.query }),
  });
  route(app, eventsApi.tag, { handler: (request) => service.tagEvent({ ctx, auth: authOf(request), ...request.body }) });
  route(app, eventsApi.untag, { handler: (request) => service.untagEvent({ ctx, auth: authOf(request), ...request.params }) });
};
