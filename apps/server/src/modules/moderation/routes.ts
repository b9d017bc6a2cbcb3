import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOverviewSchema,
  AuditLogSchema,
  AuditQuerySchema,
  ModerationReasonSchema,
  OkSchema,
  ProblemSchema,
  ReportCreateSchema,
  ReportQueueSchema,
  ReportReceiptSchema,
  ReportTargetParamsSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const withConflict = { ...problems, 409: ProblemSchema };

/** Reports from everyone; the admin API (every call checks the Admin role in the database). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.report, {
    preHandler: app.requireAuth,
    schema: {
      tags: ['moderation'],
      security,
      summary: 'Report an event, a flyer or a person (one open report per target; 409 conflict for a second)',
      body: ReportCreateSchema,
      response: { 200: ReportReceiptSchema, ...withConflict },
    },
    handler: (request) => service.createReport({ ctx, auth: authOf(request), input: request.body }),
  });

  const tags = ['admin'];
  app.get(routes.adminReports, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Open reports grouped by target, most reported first (Admin role)', response: { 200: ReportQueueSchema, ...problems } },
    handler: (request) => service.reportQueue({ ctx, auth: authOf(request) }),
  });

  app.post(routes.adminReportDismiss, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: "Dismiss a target's open reports, with a reason for the audit log (Admin role)",
      params: ReportTargetParamsSchema,
      body: ModerationReasonSchema,
      response: { 200: OkSchema, ...problems },
    },
    handler: (request) =>
      service.dismissReports({ ctx, auth: authOf(request), targetType: request.params.targetType, targetId: request.params.targetId, reason: request.body.reason }),
  });

  app.get(routes.adminAudit, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'The audit log, newest first, filterable by action and target (Admin role)', querystring: AuditQuerySchema, response: { 200: AuditLogSchema, ...problems } },
    handler: (request) => service.auditLog({ ctx, auth: authOf(request), query: request.query }),
  });

  app.get(routes.adminOverview, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Counts now, and sign-ups and events created per day for 30 days (Admin role)', response: { 200: AdminOverviewSchema, ...problems } },
    handler: (request) => service.overview({ ctx, auth: authOf(request) }),
  });
};
