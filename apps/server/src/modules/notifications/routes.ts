import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  ProblemSchema,
  PushKeySchema,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
  UnsubscribeParamsSchema,
  UnsubscribeResultSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(routes.notificationSettings, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Your reminder choice and every calendar with its email alert', response: { 200: NotificationSettingsSchema, ...problems } },
    handler: (request) => service.getSettings({ ctx, auth: authOf(request) }),
  });
  app.post(routes.notificationSettings, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Reminders before the events you follow or attend (off, 1h, 1d), by email; a canceled one sends a notice',
      body: NotificationSettingsUpdateSchema,
      response: { 200: NotificationSettingsSchema, ...problems },
    },
    handler: (request) => service.updateSettings({ ctx, auth: authOf(request), reminder: request.body.reminder }),
  });
  app.get(routes.pushKey, {
    schema: { tags, summary: "The server's web push (VAPID) public key, for PushManager.subscribe", response: { 200: PushKeySchema } },
    handler: () => service.pushKey(ctx),
  });
  app.post(routes.pushSubscriptions, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary:
        "This browser gets your alerts and reminders as web push too (its PushSubscription; a known push service's endpoint). An endpoint another account registered moves only with the same keys (the same browser); otherwise 409 conflict",
      body: PushSubscriptionSchema,
      response: { 200: NotificationSettingsSchema, 409: ProblemSchema, ...problems },
    },
    handler: (request) => service.subscribePush({ ctx, auth: authOf(request), input: request.body }),
  });
  app.delete(routes.pushSubscriptions, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'This browser stops getting web push', body: PushUnsubscribeSchema, response: { 200: NotificationSettingsSchema, ...problems } },
    handler: (request) => service.unsubscribePush({ ctx, auth: authOf(request), endpoint: request.body.endpoint }),
  });
};

/** The one-click unsubscribe of every message (RFC 8058): no sign-in and no tenant header, the signed link says who and what. */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // Mail clients post `List-Unsubscribe=One-Click` as a form; the link itself says everything.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
  app.post(routes.unsubscribe, {
    schema: {
      tags,
      summary: 'Turns off what an email link names (reminders, or one calendar’s alerts); 400 code_invalid for a link this server did not sign',
      params: UnsubscribeParamsSchema,
      response: { 200: UnsubscribeResultSchema, 400: ProblemSchema },
    },
    handler: (request) => service.unsubscribe({ ctx, token: request.params.token }),
  });
};
