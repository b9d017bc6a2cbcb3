import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newInstanceId } from '../../lib/claim-loop.js';
import type { JobRelay } from '../../lib/job-trigger.js';
import { DEFAULT_NOTIFICATION_OPTIONS, NotificationWorker, type NotificationOptions } from './worker.js';

/** The alerts and reminders sender's settings (tests shorten the poll); enabled unless false. */
export type NotificationsPluginOptions = Partial<NotificationOptions> & { enabled?: boolean };

/** Sends alerts and reminders while the app runs; `relay` (the context's `notifications`) reaches the sender. */
export const notificationsPlugin = fp(async (app: FastifyInstance, opts: NotificationsPluginOptions & { relay: JobRelay }) => {
  const { enabled = true, relay, ...options } = opts;
  if (!enabled) return;
  const worker = new NotificationWorker(app.ctx, { ...DEFAULT_NOTIFICATION_OPTIONS, instanceId: newInstanceId(), ...options }, app.log);
  relay.serve(worker);
  app.addHook('onReady', () => worker.start());
  // preClose: a round in progress finishes (its message is sent and marked) before the database closes.
  app.addHook('preClose', () => worker.stop());
});
