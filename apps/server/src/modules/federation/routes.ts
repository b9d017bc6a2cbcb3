import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { federationApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

/** The admins' fediverse screen: the site's handle and followers, the accounts it follows, and the blocks (each call checks the Admin role). */
export const federationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, federationApi.person, { handler: (request) => service.personHandle({ ctx, tenant: request.tenant, id: request.params.id }) });
  route(app, federationApi.overview, { handler: (request) => service.federationOverview({ ctx, auth: authOf(request) }) });
  route(app, federationApi.block, { handler: (request) => service.blockRemote({ ctx, auth: authOf(request), input: request.body }) });
  route(app, federationApi.follow, { handler: (request) => service.followRemote({ ctx, auth: authOf(request), input: request.body }) });
  route(app, federationApi.unfollow, { handler: (request) => service.unfollowRemote({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, federationApi.unblock, { handler: (request) => service.liftBlock({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason }) });
};
