import type { KvKey, KvStore, KvStoreSetOptions, MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

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
  instance: string;
  /** How often the table is asked for due messages when nothing was enqueued here. */
  pollMs: number;
  /** How long a claimed message is this instance's before another may take it (a crash mid-delivery). */
  leaseMs: number;
  log: FastifyBaseLogger;
}

/**
 * Fedify's queue in federation_queue: deliveries and received activities, each handled at least
 * once by one instance. Fedify retries a failed delivery itself (it enqueues it again, delayed), so
 * a message's row goes once its handler has run, whatever the outcome.
 */
export class SqlMessageQueue implements MessageQueue {
  private wake: (() => void) | undefined;

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
    await repo.enqueue(this.db, messages, new Date(this.now().getTime() + delay));
    if (delay === 0) this.wake?.();
  }

  async listen(handler: (message: unknown) => Promise<void> | void, options: MessageQueueListenOptions = {}): Promise<void> {
    const { signal } = options;
    while (!signal?.aborted) {
      let claimed: { id: number; message: unknown }[] = [];
      try {
        claimed = await repo.claim(this.db, { instance: this.options.instance, leaseMs: this.options.leaseMs, limit: 10, now: this.now() });
      } catch (error) {
        this.options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'federation queue: could not claim');
      }
      for (const { id, message } of claimed) {
        try {
          await handler(message);
        } catch (error) {
          this.options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'federation queue: a message failed');
        }
        await repo.done(this.db, id).catch(() => undefined);
      }
      if (claimed.length) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, this.options.pollMs);
        function finish() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', finish);
          resolve();
        }
        this.wake = finish;
        signal?.addEventListener('abort', finish, { once: true });
      });
      this.wake = undefined;
    }
  }
}
