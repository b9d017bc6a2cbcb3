import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, homeApi.get, { handler: (request) => service.getHome({ ctx, auth: authOf(request), timeZone: request.query.timeZone }) });
};
