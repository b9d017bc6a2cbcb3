import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagsApi } from '@hubbub/contract';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, tagsApi.categories, { handler: (request) => service.categories({ ctx, tenant: request.tenant }) });
  route(app, tagsApi.search, { handler: (request) => service.search({ ctx, tenant: request.tenant, ...request.body }) });
};
