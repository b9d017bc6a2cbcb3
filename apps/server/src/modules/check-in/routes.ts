import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkInApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, checkInApi.tickets, { handler: (request) => service.myTickets({ ctx, auth: authOf(request), eventId: request.params.id }) });
  route(app, checkInApi.door, { handler: (request) => service.door({ ctx, auth: authOf(request), eventId: request.params.id }) });
  route(app, checkInApi.scan, { handler: (request) => service.scanTickets({ ctx, auth: authOf(request), eventId: request.params.id, scans: request.body.scans }) });
  route(app, checkInApi.undo, { handler: (request) => service.undoCheckIn({ ctx, auth: authOf(request), eventId: request.params.id, ...request.body }) });
};
