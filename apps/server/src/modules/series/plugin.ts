import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newInstanceId } from '../../lib/claim-loop.js';
import type { JobRelay } from '../../lib/job-trigger.js';
import type { Metrics } from '../../lib/metrics.js';
import * as repo from './repository.js';
import { SERIES_WINDOW_DAYS } from '../../lib/series-rule.js';
import { DEFAULT_SERIES_EXTENDER_OPTIONS, seriesExtender, type SeriesExtenderOptions } from './extender.js';

/** The series extender's settings (tests run its rounds); enabled unless false. */
export type SeriesPluginOptions = Partial<SeriesExtenderOptions> & { enabled?: boolean };

/** Adds series' next dates while the app runs; `relay` (the context's `series`) reaches it. */
export const seriesPlugin = fp(async (app: FastifyInstance, opts: SeriesPluginOptions & { relay: JobRelay; metrics: Metrics }) => {
  const { enabled = true, relay, metrics, ...options } = opts;
  // Its backlog is reported wherever the queue runs, or whether it runs here at all.
  metrics.addJobQueue('series', () => repo.queueStats(app.ctx.db, new Date(app.ctx.now().getTime() + (SERIES_WINDOW_DAYS - 1) * 86_400_000)));
  if (!enabled) return;
  const extender = seriesExtender(app.ctx, { ...DEFAULT_SERIES_EXTENDER_OPTIONS, instanceId: newInstanceId(), ...options }, app.log);
  relay.serve(extender);
  app.addHook('onReady', () => extender.start());
  // preClose: a round in progress commits before the database closes.
  app.addHook('preClose', () => extender.stop());
});
