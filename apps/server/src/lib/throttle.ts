import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimited, type AppError } from './app-error.js';

/** A budget: `points` within `durationS` seconds, and what to tell whoever used it up. */
export interface LimitSpec {
  points: number;
  durationS: number;
  message: string;
}


function wait(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 90) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/**
 * Named budgets counted per key (an IP, an account), in memory or in Redis so that every
 * instance counts together. Attempts are counted with `hit`; failures are looked at with
 * `check` before the work and counted with `fail` after it, so successes do not use them up.
 */
export class Throttle<Name extends string> {
  private readonly limiters = new Map<Name, RateLimiterAbstract>();

  constructor(
    private readonly specs: Record<Name, LimitSpec>,
    redis?: Redis,
  ) {
    for (const [name, spec] of Object.entries(specs) as [Name, LimitSpec][]) {
      const options = { keyPrefix: `hubbub:limit:${name}`, points: spec.points, duration: spec.durationS };
      // While Redis is away (a restart), each instance counts on its own in memory rather than
      // failing or holding the request; counting goes back to Redis once it answers again.
      const limiter = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
      this.limiters.set(name, limiter);
    }
  }

  private refuse(name: Name, res: RateLimiterRes): AppError {
    return rateLimited(`${this.specs[name].message} Try again in ${wait(res.msBeforeNext)}.`, Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
  }

  /** Refuses when the key's budget is already used up; counts nothing. */
  async check(name: Name, key: string): Promise<void> {
    const res = await this.limiters.get(name)!.get(key);
    if (res && res.consumedPoints >= this.specs[name].points) throw this.refuse(name, res);
  }

  /** Counts an attempt; refuses the one past the budget. */
  async hit(name: Name, key: string): Promise<void> {
    try {
      await this.limiters.get(name)!.consume(key);
    } catch (rejected) {
      if (rejected instanceof RateLimiterRes) throw this.refuse(name, rejected);
      throw rejected;
    }
  }

  /** Counts a failure without refusing this request (its answer is already decided). */
  async fail(name: Name, key: string): Promise<void> {
    await this.limiters.get(name)!.penalty(key);
  }

  /** Forgets the key's count (a success ends a run of failures). */
  async clear(name: Name, key: string): Promise<void> {
    await this.limiters.get(name)!.delete(key);
  }
}
