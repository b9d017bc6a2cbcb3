import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventLinksApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

/** `attendance` is modules/going's (see Attendance), passed in by app.ts. */
export const eventLinkRoutes: FastifyPluginAsyncZod<{ attendance: service.Attendance }> = async (app, { attendance }) => {
  const ctx = app.ctx;
  route(app, eventLinksApi.search, { handler: (request) => service.searchLinks({ ctx, auth: authOf(request), ...request.body }) });
  route(app, eventLinksApi.create, { handler: (request) => service.createLink({ ctx, auth: authOf(request), ...request.body, attendance }) });
  route(app, eventLinksApi.delete, { handler: (request) => service.deleteLink({ ctx, auth: authOf(request), id: request.params.id, attendance }) });
};
