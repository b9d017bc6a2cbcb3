import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coHostsApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const coHostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, coHostsApi.list, { handler: (request) => service.coHosts({ ctx, auth: authOf(request), eventId: request.params.id }) });
  route(app, coHostsApi.invite, { handler: (request) => service.inviteCoHost({ ctx, auth: authOf(request), eventId: request.params.id, ...request.body }) });
  route(app, coHostsApi.remove, { handler: (request) => service.removeCoHost({ ctx, auth: authOf(request), eventId: request.params.id, coHostId: request.params.coHostId }) });
  route(app, coHostsApi.accept, { handler: (request) => service.acceptCoHost({ ctx, auth: authOf(request), eventId: request.params.id, token: request.body.token }) });
};
