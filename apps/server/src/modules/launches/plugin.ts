import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SCHEDULER_OPTIONS, LaunchScheduler, newInstanceId, type SchedulerOptions } from './scheduler.js';

/** Runs the launch scheduler while the app runs (spec 3 Timeline / launch). */
export const schedulerPlugin = fp(async (app: FastifyInstance, opts: Partial<SchedulerOptions> & { enabled?: boolean }) => {
  const { enabled = true, ...options } = opts;
  if (!enabled) return;
  const scheduler = new LaunchScheduler(app.ctx, { ...DEFAULT_SCHEDULER_OPTIONS, instanceId: newInstanceId(), ...options }, app.log);
  app.ctx.launches = scheduler;
  app.addHook('onReady', () => scheduler.start());
  // preClose: before the database closes in onClose, and a round in progress finishes first.
  app.addHook('preClose', () => scheduler.stop());
});
