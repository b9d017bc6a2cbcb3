import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, accountApi.get, { handler: (request) => service.account({ ctx, auth: authOf(request) }) });
  route(app, accountApi.manifest, { handler: () => service.manifest(ctx) });
  route(app, accountApi.usage, { handler: (request) => service.usage({ ctx, auth: authOf(request) }) });
};
