import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seriesApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, seriesApi.create, {
    handler: async (request, reply) => reply.code(201).send(await service.createSeries({ ctx, auth: authOf(request), ...request.body })),
  });
  route(app, seriesApi.edit, { handler: (request) => service.editSeries({ ctx, auth: authOf(request), id: request.params.id, edit: request.body }) });
  route(app, seriesApi.follow, { handler: (request) => service.followSeries({ ctx, auth: authOf(request), id: request.params.id, following: true }) });
  route(app, seriesApi.unfollow, { handler: (request) => service.followSeries({ ctx, auth: authOf(request), id: request.params.id, following: false }) });
  route(app, seriesApi.settings, { handler: (request) => service.setSeriesSettings({ ctx, auth: authOf(request), id: request.params.id, ...request.body }) });
  route(app, seriesApi.go, { handler: (request) => service.goEveryDate({ ctx, auth: authOf(request), id: request.params.id, ...request.body }) });
  route(app, seriesApi.leave, { handler: (request) => service.leaveEveryDate({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, seriesApi.split, {
    handler: async (request, reply) => reply.code(201).send(await service.splitSeries({ ctx, auth: authOf(request), id: request.params.id, ...request.body })),
  });
  route(app, seriesApi.copyTimeline, {
    handler: async (request, reply) => reply.code(201).send(await service.copySeriesTimeline({ ctx, auth: authOf(request), id: request.params.id, ...request.body })),
  });
  route(app, seriesApi.get, {
    handler: (request) => service.getSeries({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }),
  });
};
