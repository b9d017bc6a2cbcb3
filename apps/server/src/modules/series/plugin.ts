import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newInstanceId } from '../../lib/claim-loop.js';
import type { JobRelay } from '../../lib/job-trigger.js';
import { DEFAULT_SERIES_EXTENDER_OPTIONS, seriesExtender, type SeriesExtenderOptions } from './extender.js';

/** The series extender's settings (tests run its rounds); enabled unless false. */
export type SeriesPluginOptions = Partial<SeriesExtenderOptions> & { enabled?: boolean };

/** Adds series' next dates while the app runs; `relay` (the context's `series`) reaches it. */
export const seriesPlugin = fp(async (app: FastifyInstance, opts: SeriesPluginOptions & { relay: JobRelay }) => {
  const { enabled = true, relay, ...options } = opts;
  if (!enabled) return;
  const extender = seriesExtender(app.ctx, { ...DEFAULT_SERIES_EXTENDER_OPTIONS, instanceId: newInstanceId(), ...options }, app.log);
  relay.serve(extender);
  app.addHook('onReady', () => extender.start());
  // preClose: a round in progress commits before the database closes.
  app.addHook('preClose', () => extender.stop());
});
