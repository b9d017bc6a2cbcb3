import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobRelay } from '../../lib/job-trigger.js';
import type { Metrics } from '../../lib/metrics.js';
import * as repo from './repository.js';
import { DEFAULT_SCHEDULER_OPTIONS, LaunchScheduler, newInstanceId, type SchedulerOptions } from './scheduler.js';

/** Launch scheduler settings (tests shorten the poll); enabled unless false. */
export type SchedulerPluginOptions = Partial<SchedulerOptions> & { enabled?: boolean };

/** Runs the launch scheduler while the app runs (spec 3 Timeline / launch); `relay` (the context's `launches`) reaches it. */
export const schedulerPlugin = fp(async (app: FastifyInstance, opts: SchedulerPluginOptions & { relay: JobRelay; metrics: Metrics }) => {
  const { enabled = true, relay, metrics, ...options } = opts;
  // Its backlog is reported wherever the queue runs, or whether it runs here at all.
  metrics.addJobQueue('launches', () => repo.queueStats(app.ctx.db));
  if (!enabled) return;
  const scheduler = new LaunchScheduler(app.ctx, { ...DEFAULT_SCHEDULER_OPTIONS, instanceId: newInstanceId(), ...options }, app.log);
  relay.serve(scheduler);
  app.addHook('onReady', () => scheduler.start());
  // preClose: before the database closes in onClose, and a round in progress finishes first.
  app.addHook('preClose', () => scheduler.stop());
});
