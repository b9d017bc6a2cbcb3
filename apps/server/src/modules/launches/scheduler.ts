import type { FastifyBaseLogger } from 'fastify';
import type { HubServerEventPayload } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { ClaimLoop, newInstanceId } from '../../lib/claim-loop.js';
import type { JobTrigger } from '../../lib/job-trigger.js';
import { keepEventRunning } from '../events/service.js';
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
  /**
   * Looping rounds between two vacuums of the schedule's tables. A loop updates the same rows for
   * ever; the embedded database has no autovacuum, so without this their dead versions would pile up.
   */
  vacuumEveryRounds: number;
}

export const DEFAULT_SCHEDULER_OPTIONS: Omit<SchedulerOptions, 'instanceId'> = { pollMs: 500, leaseMs: 30_000, batch: 50, vacuumEveryRounds: 200 };

/**
 * Applies launch transitions when they fall due. The schedule lives in the database,
 * so any instance may apply a transition and a restart loses none; the claim and the
 * conditional done_at make each one happen once.
 */
export class LaunchScheduler implements JobTrigger {
  private readonly loop: ClaimLoop<repo.TransitionRow>;
  private loopRounds = 0;

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
      beforeRound: () => this.vacuumIfDue(),
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

  /** Runs a round now and waits for it (through the context's JobTrigger: tests). */
  runNow(): Promise<void> {
    return this.loop.runNow();
  }

  /** Stops polling and waits for a round in progress, so the database can close after. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async vacuumIfDue(): Promise<void> {
    if (this.loopRounds < this.options.vacuumEveryRounds) return;
    this.loopRounds = 0;
    await repo.vacuumSchedule(this.ctx.db).catch((error: unknown) => this.log.warn({ err: error }, 'launches: vacuum failed'));
  }

  private async apply(transition: repo.TransitionRow): Promise<void> {
    let applied: { flyers: FlyerRow[]; announcement: string | null; looped?: boolean } | undefined;
    try {
      applied = await this.ctx.db.transaction(async (tx) => {
        if (!(await repo.completeClaimed(tx, transition.id, this.options.instanceId))) return undefined;
        const timeline = await repo.findTimeline(tx, transition.timelineId);
        if (!timeline) return undefined;
        if (transition.kind === 'start') {
          if (!(await repo.setTimelineState(tx, timeline.id, 'Active', ['Scheduled']))) return undefined;
          return { flyers: await activateFlyers(tx, timeline), announcement: timeline.announcement };
        }
        if (timeline.repeatEverySeconds) return { flyers: await this.nextRound(tx, timeline), announcement: null, looped: true };
        if (!(await repo.setTimelineState(tx, timeline.id, 'Done', ['Scheduled', 'Active']))) return undefined;
        return { flyers: await deactivateFlyers(tx, timeline), announcement: null };
      });
    } catch (error) {
      // Left claimed: it is tried again once the lease runs out.
      this.log.error({ err: error, transition: transition.id }, 'launches: applying a transition failed');
      return;
    }
    if (transition.kind === 'stop' && applied?.looped) this.loopRounds++;
    if (!applied?.flyers.length) return;
    // Broadcast only after the commit, so watchers never see a change that rolled back.
    const name = transition.kind === 'start' ? 'FlyerStarted' : 'FlyerStopped';
    for (const flyer of applied.flyers) await this.broadcast(transition, name, toFlyer(flyer), flyer.id);
    if (applied.announcement) {
      const notice = { eventId: transition.eventId, title: 'From the host', message: applied.announcement, level: 'info' as const };
      await this.broadcast(transition, 'EventNotification', notice, transition.timelineId);
    }
  }

  /** A looping launch's stop: its flyers go off, and the same rows schedule the next round. */
  private async nextRound(tx: Parameters<typeof repo.rearmLoop>[0], timeline: repo.TimelineRow): Promise<FlyerRow[]> {
    const wasActive = timeline.state === 'Active';
    const next = await repo.rearmLoop(tx, timeline.id);
    if (next) await keepEventRunning({ db: tx, eventId: timeline.eventId, through: next.endDate, now: this.ctx.now() });
    return wasActive ? deactivateFlyers(tx, timeline) : [];
  }

  private async broadcast<K extends 'FlyerStarted' | 'FlyerStopped' | 'EventNotification'>(
    transition: repo.TransitionRow,
    name: K,
    payload: HubServerEventPayload<K>,
    subject: string,
  ): Promise<void> {
    await this.ctx.realtime.toEvent(transition.tenantId, transition.eventId, name, payload).catch((error: unknown) => {
      this.log.warn({ err: error, subject }, `launches: ${name} broadcast failed`);
    });
  }
}

export { newInstanceId };
