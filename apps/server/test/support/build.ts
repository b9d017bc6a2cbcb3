import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import type { RateLimits } from '../../src/plugins/rate-limits.js';

export const TENANT = 'hubbub';
export const OTHER_TENANT = 'other';
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  outboxDir: string;
  close(): Promise<void>;
}

/**
 * Starts the real app on the database of the running project: an in-memory
 * PGlite, or the scratch PostgreSQL database that global setup migrated.
 */
export async function build(options: { rateLimits?: Partial<RateLimits>; env?: Record<string, string>; now?: () => Date } = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-api-'));
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig({ DATA_DIR: dataDir, TENANTS: `${TENANT},${OTHER_TENANT}`, LOG_LEVEL: 'silent', PORT: '8080', ...options.env });
  const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
  const app = await buildApp({
    config,
    database,
    jwtSecret: JWT_SECRET,
    rateLimits: { login: 1000, register: 1000, verify: 1000, forgot: 1000, reset: 1000, ...options.rateLimits },
    now: options.now,
  });
  await app.ready();
  return {
    app,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    async close() {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
