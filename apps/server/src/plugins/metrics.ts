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

const sameSecret = (given: string, token: string) => given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));

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
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !sameSecret(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send(problem(401, 'unauthenticated', 'Unauthenticated', 'The metrics need the bearer token set in METRICS_TOKEN.'));
    }
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
});
