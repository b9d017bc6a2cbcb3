import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problem } from '../lib/problem.js';
import type { Metrics } from '../lib/metrics.js';

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** /metrics is served on the app's port only with this bearer token (METRICS_TOKEN). */
  token?: string;
}

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function metricsAuthorized(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (given === undefined) return false;
  // Bytes, not characters: a token of the same length in characters may be longer in UTF-8.
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The 401 answer's Problem, the same on the app's port and on a jobs instance's. */
export const METRICS_REFUSED = problem(401, 'unauthenticated', 'Unauthenticated', 'The metrics need the bearer token set in METRICS_TOKEN.');

/** Counts and times every answer by its route pattern (not its path: ids would make a series each); serves /metrics when a token is set. */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsPluginOptions) => {
  const { metrics, token } = options;
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAuthorized(request.headers.authorization, token)) return reply.code(401).header('www-authenticate', 'Bearer').send(METRICS_REFUSED);
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
});
