import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { loadJwtSecret } from './lib/jwt-key.js';
import { loggerOptions } from './logger.js';
import { seedDemo } from './modules/demo/seed.js';
import { seedDemoEvents } from './modules/demo/events-seed.js';

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
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'db'),
  });
  log.info({ database: database.kind }, 'database ready');
  const jwtSecret = await loadJwtSecret(config.dataDir, config.JWT);
  const app = await buildApp({ config, database, jwtSecret, logger: loggerOptions(config.LOG_LEVEL) });

  if (config.SEED_DEMO) {
    for (const [key, id] of app.ctx.tenants) {
      await seedDemo(app.ctx, { id, key }, app.log);
      await seedDemoEvents(app.ctx, { id, key }, app.log);
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST}:${config.PORT}`;
  app.log.info(`Hubbub is running on ${shown} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error) => {
  process.stderr.write(`Hubbub failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
