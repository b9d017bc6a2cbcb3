import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { AUTH_LIMITS, type RateLimits } from '../../src/modules/auth/limits.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../src/db/client.js';
import type { PasswordCost } from '../../src/lib/passwords.js';

export const TENANT = 'hubbub';
export const OTHER_TENANT = 'other';
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Generous enough that no suite trips a budget by accident; a suite that tests limits passes its own. */
const TEST_RATE_LIMITS = Object.fromEntries(Object.keys(AUTH_LIMITS).map((name) => [name, 100_000])) as RateLimits;

/** buildApp's options, wherever their declaration lives. */
type BuildOptions = Parameters<typeof buildApp>[0];

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  outboxDir: string;
  /** Closes the app (and the database it opened) and removes its data directory; safe to call twice. */
  close(): Promise<void>;
}

/** A TestApp listening on 127.0.0.1. */
export interface ListeningTestApp extends TestApp {
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
}

export interface BuildTestOptions {
  /**
   * Which database the app runs on:
   * - unset: the database of the running vitest project (the scratch PostgreSQL database
   *   global setup migrated, or an in-memory PGlite); outside vitest an in-memory PGlite;
   * - a string: a PostgreSQL URL;
   * - `{ databaseUrl?, pgliteDir? }` (e.g. a ScratchDatabase): opened for this app, `{}` is
   *   an in-memory PGlite;
   * - an open `Database`: shared with other instances; close() leaves it open (its owner closes it).
   */
  database?: string | OpenDatabaseOptions | Database;
  /** Listen on 127.0.0.1: `true` for a free port, or this port. The result then has `port` and `url`. */
  listen?: boolean | number;
  /** Environment the config is read from, over the test defaults (DATA_DIR, TENANTS, LOG_LEVEL, PORT, DEFAULT_PLAN Free). */
  env?: Record<string, string>;
  /** Points of the account budgets (modules/auth/limits.ts) merged over 100,000 each; `'production'` keeps the real defaults. */
  rateLimits?: BuildOptions['rateLimits'] | 'production';
  /** buildApp's options, passed as they are. */
  hub?: BuildOptions['hub'];
  launches?: BuildOptions['launches'];
  notifications?: BuildOptions['notifications'];
  series?: BuildOptions['series'];
  federation?: BuildOptions['federation'];
  readiness?: BuildOptions['readiness'];
  logger?: BuildOptions['logger'];
  now?: BuildOptions['now'];
  /** Defaults to JWT_SECRET. */
  jwtSecret?: string;
  /** argon2id's cost: in a suite TEST_PASSWORD_COST, elsewhere (scripts) the server's; `'production'` the server's in a suite too. */
  passwordCost?: PasswordCost | 'production';
}

/**
 * The API suites sign up and log in thousands of people; at the OWASP cost each hash is 45-90 ms of
 * CPU on the 2-core machine. They test what the app does with a hash, not argon2's cost (the
 * passwords unit test and the browser suite's server keep the real one).
 */
const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 256, timeCost: 1 };

const isOpen = (database: BuildTestOptions['database']): database is Database => typeof database === 'object' && 'db' in database;

let snapshot: Promise<Blob> | undefined;

/**
 * The database of the running vitest project: its PostgreSQL scratch database, or an in-memory
 * PGlite started from the migrated dump global setup made; `{}` (a fresh in-memory PGlite) outside
 * vitest, so scripts can build too.
 */
async function projectDatabase(): Promise<OpenDatabaseOptions> {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) return { databaseUrl };
  const file = inject('pgliteSnapshot');
  if (!file) return {};
  snapshot ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  return { snapshot: await snapshot };
}

/**
 * The one way tests, and scripts, start the real app. It makes a temporary DATA_DIR
 * (outbox, uploads), opens the database, builds the app and waits until it is ready
 * or listening; close() undoes all of it.
 *
 *   const t = await build();                                         // in a suite: the project's database
 *   const t = await build({ listen: true, hub: { keepAliveMs: 100 } }); // t.port, t.url
 *   const scratch = await createScratchDatabase('bench', { server: process.env.DATABASE_URL });
 *   const t = await build({ database: scratch, listen: true });       // from a script
 *   const shared = await openDatabase(scratch);                        // several instances, one database:
 *   const [a, b] = [await build({ database: shared, env: { REDIS_URL } }), await build({ database: shared, env: { REDIS_URL } })];
 *   await a.close(); await b.close(); await shared.close(); await scratch.drop();
 */
export async function build(options: BuildTestOptions & { listen: true | number }): Promise<ListeningTestApp>;
export async function build(options?: BuildTestOptions): Promise<TestApp>;
export async function build(options: BuildTestOptions = {}): Promise<TestApp | ListeningTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-api-'));
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    // DEFAULT_PLAN Free: the suites were written against Free's limits, which a server without billing
    // no longer gives by default (issue 26); `DEFAULT_PLAN: ''` leaves it unset (subscription-defaults.test.ts).
    const config = loadConfig({ DATA_DIR: dataDir, TENANTS: `${TENANT},${OTHER_TENANT}`, LOG_LEVEL: 'silent', PORT: '8080', DEFAULT_PLAN: 'Free', ...options.env });
    const choice = options.database;
    if (isOpen(choice)) {
      // The app closes its database on close; a shared one belongs to the caller.
      database = { ...choice, close: async () => {} };
    } else {
      database = await openDatabase(typeof choice === 'string' ? { databaseUrl: choice } : (choice ?? (await projectDatabase())));
    }
    app = await buildApp({
      config,
      database,
      jwtSecret: options.jwtSecret ?? JWT_SECRET,
      logger: options.logger,
      rateLimits: options.rateLimits === 'production' ? undefined : { ...TEST_RATE_LIMITS, ...options.rateLimits },
      now: options.now,
      hub: options.hub,
      launches: options.launches,
      notifications: options.notifications,
      series: options.series,
      federation: options.federation,
      readiness: options.readiness,
      passwordCost: options.passwordCost === 'production' ? undefined : (options.passwordCost ?? (process.env.VITEST ? TEST_PASSWORD_COST : undefined)),
    });
    let listening: { port: number; url: string } | undefined;
    if (options.listen === undefined || options.listen === false) {
      await app.ready();
    } else {
      await app.listen({ port: options.listen === true ? 0 : options.listen, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      listening = { port, url: `http://127.0.0.1:${port}` };
    }
    let closed = false;
    const built = app;
    return {
      app: built,
      ...listening,
      dataDir,
      // DATA_DIR's, which a test may name (env) in place of the app's own temporary folder.
      outboxDir: path.join(built.ctx.config.dataDir, 'outbox'),
      async close() {
        if (closed) return;
        closed = true;
        await built.close();
        await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      },
    };
  } catch (error) {
    // Half-built: undo what was made. The app's close closes the database too.
    if (app) await app.close().catch(() => {});
    else await database?.close().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    throw error;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A file holding a migrated PGlite dump (api-pglite), or ''. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database no one connects to, for scratch databases to copy (api-postgres), or ''. */
    pgTemplate: string;
  }
}
