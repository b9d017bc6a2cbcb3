import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, notificationsApi.settings, { handler: (request) => service.getSettings({ ctx, auth: authOf(request) }) });
  route(app, notificationsApi.updateSettings, { handler: (request) => service.updateSettings({ ctx, auth: authOf(request), reminder: request.body.reminder }) });
  route(app, notificationsApi.pushKey, { handler: () => service.pushKey(ctx) });
  route(app, notificationsApi.pushSubscribe, { handler: (request) => service.subscribePush({ ctx, auth: authOf(request), input: request.body }) });
  route(app, notificationsApi.pushUnsubscribe, { handler: (request) => service.unsubscribePush({ ctx, auth: authOf(request), endpoint: request.body.endpoint }) });
};

/** The one-click unsubscribe of every message (RFC 8058): no sign-in and no tenant header, the signed link says who and what. */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // Mail clients post `List-Unsubscribe=One-Click` as a form; the link itself says everything.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
  route(app, notificationsApi.unsubscribe, { handler: (request) => service.unsubscribe({ ctx, token: request.params.token }) });
};
