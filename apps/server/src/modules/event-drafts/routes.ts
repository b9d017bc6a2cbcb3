import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventDraftsApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const eventDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, eventDraftsApi.get, { handler: (request) => service.getDraft({ ctx, auth: authOf(request) }) });
  route(app, eventDraftsApi.save, { handler: (request) => service.saveDraft({ ctx, auth: authOf(request), input: request.body }) });
  route(app, eventDraftsApi.delete, { handler: (request) => service.deleteDraft({ ctx, auth: authOf(request) }) });
};
