import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

/** Reports from everyone; the report queue, the audit log and the overview (every admin call checks the Admin role in the database). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, moderationApi.report, { handler: (request) => service.createReport({ ctx, auth: authOf(request), input: request.body }) });
  route(app, moderationApi.reports, { handler: (request) => service.reportQueue({ ctx, auth: authOf(request) }) });
  route(app, moderationApi.reportDismiss, {
    handler: (request) =>
      service.dismissReports({ ctx, auth: authOf(request), targetType: request.params.targetType, targetId: request.params.targetId, reason: request.body.reason }),
  });
  route(app, moderationApi.audit, { handler: (request) => service.auditLog({ ctx, auth: authOf(request), query: request.query }) });
  route(app, moderationApi.overview, { handler: (request) => service.overview({ ctx, auth: authOf(request) }) });
};
