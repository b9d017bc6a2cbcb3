import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminEventSchema,
  AdminIdParamsSchema,
  AdminPeoplePageSchema,
  AdminPeopleQuerySchema,
  AdminPersonSchema,
  AdminPlanChangeSchema,
  AdminRoleChangeSchema,
  LiveNowSchema,
  ModerationReasonSchema,
  OkSchema,
  ProblemSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as events from './admin-events.js';
import * as people from './admin-people.js';
import { liveNow } from './service.js';

const tags = ['admin'];
const withConflict = { ...problems, 409: ProblemSchema };
const eventActions = [
  [routes.adminEventHide, events.hideEvent, 'Hides the event from everyone but its owner (search, map, buzz, its page); a live session stops'],
  [routes.adminEventUnhide, events.unhideEvent, 'Shows a hidden event again'],
  [routes.adminEventCancel, events.cancelEvent, 'Cancels the event; a live session stops'],
  [routes.adminEventStop, events.stopEvent, "Stops the event's live session: every watcher gets EventStopped and the flyers on screen stop"],
] as const;
const personActions = [
  [routes.adminPersonSuspend, people.suspendPerson, 'Suspends the person: no sign-in or refresh, sessions revoked, hub connections closed, events hidden'],
  [routes.adminPersonLift, people.liftSuspension, 'Lifts a suspension; the events hidden with it come back'],
] as const;

/** The admin console's API: each call checks the Admin role in the database and says why in the audit log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const preHandler = app.requireAuth;

  app.get(routes.adminEvent, {
    preHandler,
    schema: { tags, security, summary: 'An event in context, whatever its state: host, flyers, open reports (Admin role)', params: AdminIdParamsSchema, response: { 200: AdminEventSchema, ...problems } },
    handler: (request) => events.getAdminEvent({ ctx, auth: authOf(request), id: request.params.id }),
  });
  for (const [url, action, summary] of eventActions) {
    app.post(url, {
      preHandler,
      schema: { tags, security, summary: `${summary} (Admin role)`, params: AdminIdParamsSchema, body: ModerationReasonSchema, response: { 200: AdminEventSchema, ...withConflict } },
      handler: (request) => action({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason }),
    });
  }

  app.get(routes.adminPeople, {
    preHandler,
    schema: { tags, security, summary: 'People by email or name, newest first (Admin role)', querystring: AdminPeopleQuerySchema, response: { 200: AdminPeoplePageSchema, ...problems } },
    handler: (request) => people.searchPeople({ ctx, auth: authOf(request), query: request.query }),
  });
  app.get(routes.adminPerson, {
    preHandler,
    schema: { tags, security, summary: 'A person: plan, roles, sign-in methods, sessions, events, reports (Admin role)', params: AdminIdParamsSchema, response: { 200: AdminPersonSchema, ...problems } },
    handler: (request) => people.getPerson({ ctx, auth: authOf(request), id: request.params.id }),
  });
  for (const [url, action, summary] of personActions) {
    app.post(url, {
      preHandler,
      schema: { tags, security, summary: `${summary} (Admin role)`, params: AdminIdParamsSchema, body: ModerationReasonSchema, response: { 200: AdminPersonSchema, ...withConflict } },
      handler: (request) => action({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason }),
    });
  }
  app.post(routes.adminPersonRole, {
    preHandler,
    schema: {
      tags,
      security,
      summary: 'Grants or removes the Admin role; nobody removes their own (409 last_admin) (Admin role)',
      params: AdminIdParamsSchema,
      body: AdminRoleChangeSchema,
      response: { 200: AdminPersonSchema, ...withConflict },
    },
    handler: (request) => people.setAdminRole({ ctx, auth: authOf(request), id: request.params.id, admin: request.body.admin, reason: request.body.reason }),
  });
  app.post(routes.adminPersonPlan, {
    preHandler,
    schema: { tags, security, summary: 'Sets a plan and add-ons by hand, with or without billing (Admin role)', params: AdminIdParamsSchema, body: AdminPlanChangeSchema, response: { 200: AdminPersonSchema, ...withConflict } },
    handler: (request) => people.setPersonPlan({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason, input: request.body }),
  });
  app.post(routes.adminPersonDelete, {
    preHandler,
    schema: { tags, security, summary: 'Deletes the account with everything it owns, files included (Admin role)', params: AdminIdParamsSchema, body: ModerationReasonSchema, response: { 200: OkSchema, ...withConflict } },
    handler: async (request) => {
      await people.deletePerson({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason, log: request.log });
      return { ok: true as const };
    },
  });

  app.get(routes.adminLive, {
    preHandler,
    schema: { tags, security, summary: 'Events whose live session runs now, with their watchers (Admin role)', response: { 200: LiveNowSchema, ...problems } },
    handler: (request) => liveNow({ ctx, auth: authOf(request) }),
  });
};
