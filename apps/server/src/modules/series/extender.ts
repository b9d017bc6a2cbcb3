import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ClaimLoop } from '../../lib/claim-loop.js';
import { SERIES_MAX_DATES, SERIES_WINDOW_DAYS } from '../../lib/series-rule.js';
import * as repo from './repository.js';
import { extendSeries } from './service.js';

export interface SeriesExtenderOptions {
  instanceId: string;
  /** How often series are looked at; a day's slack in the window means hourly is plenty. */
  pollMs: number;
  leaseMs: number;
  batch: number;
}

export const DEFAULT_SERIES_EXTENDER_OPTIONS = { pollMs: 3_600_000, leaseMs: 120_000, batch: 20 };

const DAY = 86_400_000;

/**
 * Keeps every open-ended series' dates reaching SERIES_WINDOW_DAYS ahead: a series is due once its
 * made dates end a day short of the window and it has fewer than SERIES_MAX_DATES to come.
 */
export function seriesExtender(ctx: AppContext, options: SeriesExtenderOptions, log: FastifyBaseLogger): ClaimLoop<repo.SeriesRow> {
  const { instanceId: instance, leaseMs } = options;
  return new ClaimLoop<repo.SeriesRow>({
    name: 'series extender',
    pollMs: options.pollMs,
    batch: options.batch,
    log,
    claim: (limit) => {
      const now = ctx.now();
      const dueBefore = new Date(now.getTime() + (SERIES_WINDOW_DAYS - 1) * DAY);
      return repo.claimDue(ctx.db, { instance, leaseMs, limit, now, dueBefore, ahead: SERIES_MAX_DATES });
    },
    apply: (series) => extendSeries({ ctx, series, instance, log }),
  });
}
