import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { goingApi } from '@hubbub/contract';
import { contentDisposition } from '../../lib/html-file.js';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { attendeesCsv } from './csv.js';
import * as invitations from './invitation-service.js';
import * as service from './service.js';

export const goingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, goingApi.get, {
    handler: (request) => service.goingSummary({ ctx, tenant: request.tenant, eventId: request.params.id, viewerId: request.auth?.userId ?? null }),
  });
  route(app, goingApi.say, { handler: (request) => service.sayGoing({ ctx, auth: authOf(request), eventId: request.params.id, ...request.body }) });
  route(app, goingApi.leave, { handler: (request) => service.leaveGoing({ ctx, auth: authOf(request), eventId: request.params.id }) });
  route(app, goingApi.confirm, { handler: (request) => service.confirmSeat({ ctx, auth: authOf(request), eventId: request.params.id }) });
  route(app, goingApi.settings, {
    handler: (request) => service.updateGoingSettings({ ctx, auth: authOf(request), eventId: request.params.id, settings: request.body }),
  });
  route(app, goingApi.people, { handler: (request) => service.goingPeople({ ctx, auth: authOf(request), eventId: request.params.id, ...request.query }) });
  route(app, goingApi.decide, {
    handler: (request) => service.decideRequest({ ctx, auth: authOf(request), eventId: request.params.id, userId: request.params.userId, ...request.body }),
  });
  route(app, goingApi.message, { handler: (request) => service.messageGoing({ ctx, auth: authOf(request), eventId: request.params.id, ...request.body }) });
  route(app, goingApi.invitations, { handler: (request) => invitations.goingInvitations({ ctx, auth: authOf(request), eventId: request.params.id }) });
  route(app, goingApi.visibility, {
    handler: (request) => invitations.setGoingVisibility({ ctx, auth: authOf(request), eventId: request.params.id, ...request.body }),
  });
  route(app, goingApi.invite, { handler: (request) => invitations.inviteByEmail({ ctx, auth: authOf(request), eventId: request.params.id, emails: request.body.emails }) });
  route(app, goingApi.uninvite, {
    handler: (request) => invitations.uninvite({ ctx, auth: authOf(request), eventId: request.params.id, invitationId: request.params.invitationId }),
  });
  route(app, goingApi.accept, { handler: (request) => invitations.acceptInvitation({ ctx, auth: authOf(request), eventId: request.params.id, token: request.body.token }) });
  route(app, goingApi.export, {
    schema: { response: { 200: z.any().describe('text/csv, as an attachment') } },
    handler: async (request, reply) => {
      const { rows, questions } = await service.allGoingPeople({ ctx, auth: authOf(request), eventId: request.params.id });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attendees.csv'))
        .header('cache-control', 'private, no-store')
        .send(attendeesCsv(rows, questions));
    },
  });
};
