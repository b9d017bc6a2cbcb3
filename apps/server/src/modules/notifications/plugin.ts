import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newInstanceId } from '../../lib/claim-loop.js';
import type { JobRelay } from '../../lib/job-trigger.js';
import type { Metrics } from '../../lib/metrics.js';
import * as repo from './repository.js';
import { DEFAULT_NOTIFICATION_OPTIONS, NotificationWorker, type NotificationOptions } from './worker.js';

/** The alerts and reminders sender's settings (tests shorten the poll); enabled unless false. */
export type NotificationsPluginOptions = Partial<NotificationOptions> & { enabled?: boolean };

/** Sends alerts and reminders while the app runs; `relay` (the context's `notifications`) reaches the sender. */
export const notificationsPlugin = fp(async (app: FastifyInstance, opts: NotificationsPluginOptions & { relay: JobRelay; metrics: Metrics }) => {
  const { enabled = true, relay, metrics, ...options } = opts;
  // Its backlog is reported wherever the queue runs, or whether it runs here at all.
  metrics.addJobQueue('notifications', () => repo.queueStats(app.ctx.db, app.ctx.now()));
  if (!enabled) return;
  const worker = new NotificationWorker(app.ctx, { ...DEFAULT_NOTIFICATION_OPTIONS, instanceId: newInstanceId(), ...options }, app.log);
  relay.serve(worker);
  app.addHook('onReady', () => worker.start());
  // preClose: a round in progress finishes (its message is sent and marked) before the database closes.
  app.addHook('preClose', () => worker.stop());
});
