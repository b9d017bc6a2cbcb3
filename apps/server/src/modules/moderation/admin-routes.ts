import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as events from './admin-events.js';
import * as people from './admin-people.js';
import { liveNow } from './service.js';

const eventActions = [
  [moderationApi.eventHide, events.hideEvent],
  [moderationApi.eventUnhide, events.unhideEvent],
  [moderationApi.eventCancel, events.cancelEvent],
  [moderationApi.eventStop, events.stopEvent],
] as const;
const personActions = [
  [moderationApi.personSuspend, people.suspendPerson],
  [moderationApi.personLift, people.liftSuspension],
] as const;

/** The admin console's calls about events, people and live sessions: each checks the Admin role in the database and says why in the audit log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, moderationApi.event, { handler: (request) => events.getAdminEvent({ ctx, auth: authOf(request), id: request.params.id }) });
  for (const [endpoint, action] of eventActions) {
    route(app, endpoint, { handler: (request) => action({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason }) });
  }

  route(app, moderationApi.people, { handler: (request) => people.searchPeople({ ctx, auth: authOf(request), query: request.query }) });
  route(app, moderationApi.person, { handler: (request) => people.getPerson({ ctx, auth: authOf(request), id: request.params.id }) });
  for (const [endpoint, action] of personActions) {
    route(app, endpoint, { handler: (request) => action({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason }) });
  }
  route(app, moderationApi.personRole, {
    handler: (request) => people.setAdminRole({ ctx, auth: authOf(request), id: request.params.id, admin: request.body.admin, reason: request.body.reason }),
  });
  route(app, moderationApi.personPlan, {
    handler: (request) => people.setPersonPlan({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason, input: request.body }),
  });
  route(app, moderationApi.personDelete, {
    handler: async (request) => {
      await people.deletePerson({ ctx, auth: authOf(request), id: request.params.id, reason: request.body.reason, log: request.log });
      return { ok: true as const };
    },
  });

  route(app, moderationApi.live, { handler: (request) => liveNow({ ctx, auth: authOf(request) }) });
};
