import type { KvKey, KvStore, KvStoreSetOptions, MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { safeError } from '../../lib/safe-error.js';
import * as repo from './repository.js';
import { guarded } from './safe-fetch.js';

// Fedify's store and queue over the app's data layer, so federation runs on the embedded database
// and on PostgreSQL alike (@fedify/postgres needs a TCP PostgreSQL and LISTEN/NOTIFY).

/** Fedify's key-value store in federation_kv: replayed activity ids, cached documents and keys. */
export class SqlKvStore implements KvStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    return (await repo.kvGet(this.db, JSON.stringify(key), this.now())) as T | undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttl = options?.ttl?.total('millisecond');
    await repo.kvSet(this.db, JSON.stringify(key), value, ttl === undefined ? null : new Date(this.now().getTime() + ttl));
  }

  async delete(key: KvKey): Promise<void> {
    await repo.kvDelete(this.db, JSON.stringify(key));
  }
}

export interface QueueOptions {
  /** Which of Fedify's queues this is: inbox, outbox or fanout (one table, a column apart). */
  queue: 'inbox' | 'outbox' | 'fanout';
  instance: string;
  /** Messages handled at once by this instance: a slow peer holds one worker, not the queue. */
  workers: number;
  /** How often the table is asked for due messages when nothing was enqueued here. */
  pollMs: number;
  /** How long a claimed message is this instance's before another may take it (a crash mid-delivery). */
  leaseMs: number;
  /** Whether fetches may reach private addresses (FEDERATION_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivate: boolean;
  log: FastifyBaseLogger;
}

/** A handler that failed outright runs again later, up to this many times. */
const MAX_ATTEMPTS = 8;
const backoffMs = (attempts: number) => Math.min(3_600_000, 10_000 * 2 ** attempts);

/**
 * One of Fedify's queues in federation_queue: received activities, deliveries or fan-outs, each
 * handled at least once by one instance (claimed with a lease), every fetch it makes guarded
 * (safe-fetch.ts). Fedify retries a failed delivery itself, as a new message; a handler that
 * fails outright (its retry could not be enqueued) is tried again later, a few times.
 */
export class SqlMessageQueue implements MessageQueue {
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly options: QueueOptions,
  ) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const delay = Math.max(0, options?.delay?.total('millisecond') ?? 0);
    await repo.enqueue(this.db, this.options.queue, messages, new Date(this.now().getTime() + delay));
    if (delay === 0) for (const wake of this.wakers) wake();
  }

  async listen(handler: (message: unknown) => Promise<void> | void, options: MessageQueueListenOptions = {}): Promise<void> {
    await Promise.all(Array.from({ length: this.options.workers }, () => this.work(handler, options.signal)));
  }

  private async work(handler: (message: unknown) => Promise<void> | void, signal: AbortSignal | undefined): Promise<void> {
    const { instance, log, queue } = this.options;
    while (!signal?.aborted) {
      const claimed = await repo.claim(this.db, { queue, instance, leaseMs: this.options.leaseMs, now: this.now() }).catch((error: unknown) => {
        log.warn({ err: safeError(error as Error), queue }, 'federation: could not claim a queued message');
        return undefined;
      });
      if (claimed) {
        try {
          await guarded(this.options.allowPrivate, async () => handler(claimed.message));
          await repo.done(this.db, { id: claimed.id, instance });
        } catch (error) {
          log.warn({ err: safeError(error as Error), queue, attempts: claimed.attempts + 1 }, 'federation: a queued message failed');
          const retry = claimed.attempts + 1 < MAX_ATTEMPTS;
          await (retry
            ? repo.retryLater(this.db, { id: claimed.id, instance, runAt: new Date(this.now().getTime() + backoffMs(claimed.attempts)) })
            : repo.done(this.db, { id: claimed.id, instance })
          ).catch(() => undefined);
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', finish);
          this.wakers.delete(finish);
          resolve();
        };
        const timer = setTimeout(finish, this.options.pollMs);
        this.wakers.add(finish);
        signal?.addEventListener('abort', finish, { once: true });
      });
    }
  }
}
