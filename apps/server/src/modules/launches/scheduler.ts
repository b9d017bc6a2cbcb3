import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ClaimLoop, newInstanceId } from '../../lib/claim-loop.js';
import { activateFlyers, deactivateFlyers, recomputeActiveFlyers, toFlyer, type FlyerRow } from '../flyers/service.js';
import * as repo from './repository.js';

export interface SchedulerOptions {
  /** How often the database is asked for due transitions. */
  pollMs: number;
  /** How long a claim holds; a crashed instance's claims are retried after it. */
  leaseMs: number;
  /** Transitions claimed per round. */
  batch: number;
  /** Names this instance in claimed_by. */
  instanceId: string;
}

export const DEFAULT_SCHEDULER_OPTIONS: Omit<SchedulerOptions, 'instanceId'> = { pollMs: 500, leaseMs: 30_000, batch: 50 };

/**
 * Applies launch transitions when they fall due. The schedule lives in the database,
 * so any instance may apply a transition and a restart loses none; the claim and the
 * conditional done_at make each one happen once.
 */
export class LaunchScheduler {
  private readonly loop: ClaimLoop<repo.TransitionRow>;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: SchedulerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new ClaimLoop({
      name: 'launches',
      pollMs: options.pollMs,
      batch: options.batch,
      log,
      claim: (limit) => repo.claimDue(ctx.db, { instance: options.instanceId, leaseMs: options.leaseMs, limit }),
      apply: (transition) => this.apply(transition),
    });
  }

  async start(): Promise<void> {
    const changed = await recomputeActiveFlyers(this.ctx.db);
    if (changed) this.log.info({ changed }, 'launches: corrected flyer activation from the timelines');
    // Overdue transitions (due while no instance ran) go in the first round, before the app reports ready.
    await this.loop.start();
  }

  /** Runs a round now instead of at the next poll (a launch was just created). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops polling and waits for a round in progress, so the database can close after. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async apply(transition: repo.TransitionRow): Promise<void> {
    let flyers: FlyerRow[] | undefined;
    try {
      flyers = await this.ctx.db.transaction(async (tx) => {
        if (!(await repo.completeClaimed(tx, transition.id, this.options.instanceId))) return undefined;
        const timeline = await repo.findTimeline(tx, transition.timelineId);
        if (!timeline) return undefined;
        if (transition.kind === 'start') {
          if (!(await repo.setTimelineState(tx, timeline.id, 'Active', ['Scheduled']))) return undefined;
          return activateFlyers(tx, timeline);
        }
        if (!(await repo.setTimelineState(tx, timeline.id, 'Done', ['Scheduled', 'Active']))) return undefined;
        return deactivateFlyers(tx, timeline);
      });
    } catch (error) {
      // Left claimed: it is tried again once the lease runs out.
      this.log.error({ err: error, transition: transition.id }, 'launches: applying a transition failed');
      return;
    }
    if (!flyers?.length) return;
    // Broadcast only after the commit, so watchers never see a change that rolled back.
    const name = transition.kind === 'start' ? 'FlyerStarted' : 'FlyerStopped';
    for (const flyer of flyers) {
      await this.ctx.realtime.toEvent(transition.tenantId, transition.eventId, name, toFlyer(flyer)).catch((error: unknown) => {
        this.log.warn({ err: error, flyer: flyer.id }, `launches: ${name} broadcast failed`);
      });
    }
  }
}

export { newInstanceId };
