import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export const CLOSE_WAIT_MS = 2000;

export function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A Redis connection whose errors are logged without the URL (it may hold a password). */
export function redisConnection(url: string, role: string, log?: FastifyBaseLogger): Redis {
  const client = new Redis(url, { lazyConnect: false });
  client.on('error', (error: Error) => log?.warn({ role, err: error.message }, 'redis connection error'));
  return client;
}

/** Quits politely within a bounded wait, then cuts the sockets whatever happened: Redis may be gone. */
export async function closeRedis(...clients: Redis[]): Promise<void> {
  await withTimeout(Promise.allSettled(clients.map((c) => c.quit())), CLOSE_WAIT_MS);
  for (const client of clients) client.disconnect();
}
