import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { appliedMigrations, committedMigrations, type Db } from '../db/client.js';
import { withDeadline } from '../lib/deadline.js';
import type { Readiness } from '../lib/readiness.js';
import { problem } from '../lib/problem.js';

/** A check that has not answered by then counts as failed: a balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

export interface HealthOptions {
  db: Db;
  readiness: Readiness;
  /** The rate limiter's Redis connection (REDIS_URL), when there is one. */
  redis?: Redis;
}

/**
 * GET /livez: the process answers. GET /readyz: it should be sent work: the database answers and
 * has this build's migrations, Redis answers when configured, and the instance is not draining.
 * Both are cheap, answer without a tenant, are logged at debug like every request line, and are
 * outside every rate limit (the limits are per account and per sign-in, not per path).
 */
export const healthPlugin = fp(async (app: FastifyInstance, options: HealthOptions) => {
  const expected = committedMigrations();
  const notReady = (reply: FastifyReply, detail: string) =>
    reply.code(503).header('cache-control', 'no-store').send(problem(503, 'not_ready', 'Not ready', detail));

  // Once the listener is closed, each answer closes its connection, so a balancer's kept-alive
  // connections are gone before the app closes the idle ones. While draining they are kept: a
  // balancer that does not read /readyz (nginx) then reuses them instead of opening new connections,
  // which would be in the accept queue when the listener closes.
  app.addHook('onSend', async (_request, reply) => {
    if (options.readiness.lingering) reply.header('connection', 'close');
  });

  app.get('/livez', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'live' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (options.readiness.draining) return notReady(reply, 'This instance is shutting down.');
    try {
      const applied = await withDeadline(appliedMigrations(options.db), CHECK_TIMEOUT_MS, 'The database');
      if (applied < expected) return notReady(reply, `The database has ${applied} of this build's ${expected} migrations.`);
    } catch (error) {
      // The reason goes to the log; the probe's answer names no host or user.
      request.log.warn({ err: error }, 'not ready: the database');
      return notReady(reply, 'The database cannot be reached.');
    }
    if (options.redis) {
      try {
        await withDeadline(options.redis.ping(), CHECK_TIMEOUT_MS, 'Redis');
      } catch (error) {
        request.log.warn({ err: error }, 'not ready: Redis');
        return notReady(reply, 'Redis cannot be reached.');
      }
    }
    return reply.header('cache-control', 'no-store').send({ status: 'ready', database: 'ok', redis: options.redis ? 'ok' : 'not configured' });
  });
});
