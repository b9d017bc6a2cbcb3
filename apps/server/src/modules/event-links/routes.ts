import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventLinkCreateSchema, EventLinkSearchResultSchema, EventLinkSearchSchema, IdParamsSchema, IdResultSchema, OkSchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['event links'];

export const eventLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.post(routes.eventLinkSearch, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Your links, or the links of an event you host', body: EventLinkSearchSchema, response: { 200: EventLinkSearchResultSchema, ...problems } },
    handler: (request) => service.searchLinks({ ctx, auth: authOf(request), ...request.body }),
  });
  app.post(routes.eventLink, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Star, follow or attend an event; returns the link id', body: EventLinkCreateSchema, response: { 200: IdResultSchema, ...problems } },
    handler: (request) => service.createLink({ ctx, auth: authOf(request), ...request.body }),
  });
  app.delete(routes.eventLinkDelete, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Remove one of your links (200 means success)', params: IdParamsSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.deleteLink({ ctx, auth: authOf(request), id: request.params.id }),
  });
};
