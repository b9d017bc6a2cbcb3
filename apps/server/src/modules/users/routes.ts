import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, usersApi.search, { handler: (request) => service.search({ ctx, auth: authOf(request), ...request.body }) });
  route(app, usersApi.summary, { handler: (request) => service.summary({ ctx, auth: authOf(request) }) });
  route(app, usersApi.profile, { handler: (request) => service.getProfile({ ctx, auth: authOf(request) }) });
  route(app, usersApi.updateProfile, { handler: (request) => service.updateProfile({ ctx, auth: authOf(request), input: request.body }) });
  route(app, usersApi.getPublic, {
    handler: (request) => service.getPerson({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }),
  });
  route(app, usersApi.block, {
    handler: (request) => service.setBlock({ ctx, auth: authOf(request), userId: request.params.id, blocked: request.params.flag === '1' }),
  });
  route(app, usersApi.follow, { handler: (request) => service.follow({ ctx, auth: authOf(request), userId: request.query.userId }) });
  route(app, usersApi.unfollow, { handler: (request) => service.unfollow({ ctx, auth: authOf(request), userId: request.params.id }) });
  route(app, usersApi.get, {
    handler: (request) => service.getPerson({ ctx, tenant: request.tenant, id: request.params.id, viewerId: authOf(request).userId }),
  });
};
