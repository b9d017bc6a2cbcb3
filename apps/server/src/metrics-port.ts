import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './lib/metrics.js';
import { METRICS_REFUSED, metricsAuthorized } from './plugins/metrics.js';

/**
 * METRICS_PORT (and a ROLE=jobs instance's PORT): /metrics, and /livez and /readyz as the app
 * answers them, on a port of its own. /metrics asks for `token` when one is given (a jobs instance
 * with METRICS_TOKEN); METRICS_PORT is for a network only the scraper and the probes reach.
 * Anything else is 404.
 */
export async function serveMetricsPort(opts: { app: FastifyInstance; metrics: Metrics; port: number; host: string; token?: string }): Promise<http.Server> {
  const { app, metrics } = opts;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    void (async () => {
      if (request.method !== 'GET') return response.writeHead(405, { allow: 'GET' }).end();
      if (path === '/metrics' && opts.token && !metricsAuthorized(request.headers.authorization, opts.token)) {
        return response.writeHead(401, { 'content-type': 'application/problem+json', 'www-authenticate': 'Bearer' }).end(JSON.stringify(METRICS_REFUSED));
      }
      if (path === '/metrics') {
        // Read first: a failed read must still end the answer (a 500), not leave the scraper waiting.
        const text = await metrics.registry.metrics();
        return response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text);
      }
      if (path === '/livez' || path === '/readyz') {
        const answer = await app.inject({ method: 'GET', url: path });
        return response.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json'), 'cache-control': 'no-store' }).end(answer.body);
      }
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: this port serves /metrics, /livez and /readyz.');
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
