import type { Server } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { Readiness } from './lib/readiness.js';
import { Metrics } from './lib/metrics.js';
import { serveMetricsPort } from './metrics-port.js';
import { loadJwtSecret } from './lib/jwt-key.js';
import { loggerOptions } from './logger.js';
import { seedDemo } from './modules/demo/seed.js';
import { seedDemoEvents } from './modules/demo/events-seed.js';
import { seedShowcase } from './modules/demo/showcase-seed.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (config.ROLE !== 'all' && !config.DATABASE_URL) {
    process.stderr.write(`ROLE=${config.ROLE} needs DATABASE_URL: the embedded database belongs to one process, which runs every role (ROLE=all).\n`);
    process.exit(2);
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'db'),
    log,
  });
  log.info({ database: database.kind }, 'database ready');
  if (database.kind === 'pglite') {
    log.info(
      'The embedded database keeps every committed change through a crash or restart of this process, but not through a power cut or an operating-system crash (PGlite writes without fsync). For a server that must survive those, set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const jwtSecret = await loadJwtSecret(config.dataDir, config.JWT);
  const readiness = new Readiness();
  const metrics = new Metrics();
  const app = await buildApp({ config, database, jwtSecret, readiness, metrics, logger: loggerOptions(config.LOG_LEVEL) });

  if (config.SEED_DEMO) {
    for (const [key, id] of app.ctx.tenants) {
      await seedDemo(app.ctx, { id, key }, app.log);
      await seedDemoEvents(app.ctx, { id, key }, app.log);
      await seedShowcase(app.ctx, { id, key }, app.log);
    }
  }

  // Bounded shutdown: drain (/readyz answers 503 for SHUTDOWN_DRAIN_MS while the rest is still
  // served, so a balancer that checks it stops sending here), stop listening and linger for
  // SHUTDOWN_LINGER_MS (a balancer that does not check is refused and goes elsewhere; the
  // connections it holds are served, each closed after its answer), then tell hub clients to
  // reconnect elsewhere, let requests and the scheduler's transaction finish, close the database;
  // exit by the deadline whatever is still open. A second signal exits at once.
  let closing = false;
  // A jobs instance answers only its probes and metrics, on PORT; another may add METRICS_PORT.
  let sideServer: Server | undefined;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    readiness.drain();
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_LINGER_MS + config.SHUTDOWN_TIMEOUT_MS);
    sleep(config.SHUTDOWN_DRAIN_MS)
      .then(() => readiness.stopListening(app.server))
      .then(() => sleep(config.SHUTDOWN_LINGER_MS))
      .then(() => new Promise<void>((resolve) => (sideServer ? sideServer.close(() => resolve()) : resolve())))
      .then(() => app.close())
      .then(
      () => {
        clearTimeout(deadline);
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (config.ROLE === 'jobs') {
    // The schedulers start when the app is ready; no API, web app or hub is served.
    await app.ready();
    sideServer = await serveMetricsPort({ app, metrics, port: config.PORT, host: config.HOST, token: config.METRICS_TOKEN });
    app.log.info(`Hubbub jobs instance (launches, notifications, series): /livez, /readyz and /metrics on http://${config.HOST}:${config.PORT}`);
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });
  if (config.METRICS_PORT) {
    sideServer = await serveMetricsPort({ app, metrics, port: config.METRICS_PORT, host: config.HOST });
    app.log.info(`metrics on http://${config.HOST}:${config.METRICS_PORT}/metrics`);
  }
  const shown = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST}:${config.PORT}`;
  app.log.info(`Hubbub is running on ${shown} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error) => {
  process.stderr.write(`Hubbub failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
