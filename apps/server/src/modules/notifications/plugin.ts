import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newInstanceId } from '../../lib/claim-loop.js';
import { DEFAULT_NOTIFICATION_OPTIONS, NotificationWorker, type NotificationOptions } from './worker.js';

/** Sends alerts and reminders while the app runs. */
export const notificationsPlugin = fp(async (app: FastifyInstance, opts: Partial<NotificationOptions> & { enabled?: boolean }) => {
  const { enabled = true, ...options } = opts;
  if (!enabled) return;
  const worker = new NotificationWorker(app.ctx, { ...DEFAULT_NOTIFICATION_OPTIONS, instanceId: newInstanceId(), ...options }, app.log);
  app.ctx.notifications = worker;
  app.addHook('onReady', () => worker.start());
  // preClose: a round in progress finishes (its message is sent and marked) before the database closes.
  app.addHook('preClose', () => worker.stop());
});
