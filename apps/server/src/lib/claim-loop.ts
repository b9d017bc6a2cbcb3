import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnreachable } from '../db/client.js';
import { safeError } from './safe-error.js';

/**
 * The durable job facility's engine, shared by the launch scheduler and the notification jobs:
 * work lives in a database table as rows with a due time; each round claims due rows for this
 * instance with a lease (SELECT … FOR UPDATE SKIP LOCKED, so instances claim side by side), applies
 * them, and each apply marks its row done only if the claim is still its own. A restart loses
 * nothing (the rows stay), and a crashed instance's claims are retried once the lease runs out.
 */
export interface ClaimLoopOptions<T> {
  name: string;
  /** How often the table is asked for due rows when nothing wakes the loop. */
  pollMs: number;
  /** Claims up to `limit` due rows for this round. */
  claim(limit: number): Promise<T[]>;
  /** Applies one claimed row; a throw leaves it claimed, to be retried after the lease. */
  apply(item: T): Promise<void>;
  /** Runs before each round's claims (e.g. enqueueing what fell due). */
  beforeRound?(): Promise<void>;
  batch: number;
  log: FastifyBaseLogger;
}

export class ClaimLoop<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** The last round found the database away (told once until it answers again). */
  private unreachable = false;

  constructor(private readonly options: ClaimLoopOptions<T>) {}

  /** Starts polling; the first round (overdue work) completes before this returns. */
  async start(): Promise<void> {
    this.stopped = false;
    this.wake();
    await this.running;
  }

  /** Runs a round now instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.round().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollMs);
      }
    });
  }

  /** Runs a round now and waits until no round is running (one in progress counts, and a round after it). */
  async runNow(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  /** Stops polling and waits for a round in progress, so the database can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async round(): Promise<void> {
    const { name, log, batch } = this.options;
    try {
      await this.options.beforeRound?.();
      for (;;) {
        const claimed = await this.options.claim(batch);
        for (const item of claimed) {
          if (this.stopped) return; // Unapplied claims are retried by whoever runs after the lease.
          try {
            await this.options.apply(item);
          } catch (error) {
            log.error({ err: safeError(error as Error) }, `${name}: applying a claimed job failed; it is retried after its lease`);
          }
        }
        if (claimed.length < batch || this.stopped) break;
      }
      if (this.unreachable) log.info(`${name}: the database answers again`);
      this.unreachable = false;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) {
        log.error({ err: safeError(error as Error) }, `${name}: a round failed`);
      } else if (!this.unreachable) {
        // A database restart or failover: said once, not every poll, and the rounds go on.
        this.unreachable = true;
        log.warn(`${name}: the database cannot be reached; trying again every round`);
      }
    }
  }
}

export function newInstanceId(): string {
  return `${process.pid}-${randomUUID().slice(0, 8)}`;
}
