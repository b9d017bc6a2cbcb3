import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { fillMigrated } from './migrated-snapshot.js';

/**
 * A throwaway database: either `databaseUrl` (a new database on a PostgreSQL server) or
 * `pgliteDir` (an embedded PGlite in a temporary directory). It is also a valid
 * `openDatabase()` option and a valid `build({ database })` option.
 */
export interface ScratchDatabase {
  kind: 'postgres' | 'pglite';
  databaseUrl?: string;
  pgliteDir?: string;
  /** Drops the database (waiting for its connections to end first) or removes the directory. */
  drop(): Promise<void>;
}

export interface ScratchDatabaseOptions {
  /**
   * A PostgreSQL URL naming the server (any database on it that we may connect to, e.g.
   * `postgres://postgres@127.0.0.1:5432/postgres`): the scratch database is created there.
   * Empty or undefined: PGlite in a temporary directory.
   */
  server?: string;
  /** Bring the schema up to date once here (default true), so apps opening it later never race on migrations. */
  migrate?: boolean;
  /**
   * PostgreSQL: a migrated database on the same server to copy (`create database ... template`), a
   * tenth of the time of migrating a new one; nobody may be connected to it. In a test run it
   * defaults to the one the API suites' global setup made (`pgTemplate`); '' migrates from empty.
   */
  template?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates a scratch database for a test file, a test run or a benchmark. `label` goes
 * into its name (`hubbub_<label>_<pid>_<random>`, or `hubbub-<label>-XXXXXX` for PGlite).
 *
 *   const scratch = await createScratchDatabase('bench', { server: process.env.DATABASE_URL });
 *   const t = await build({ database: scratch });   // or openDatabase(scratch)
 *   ...
 *   await t.close();
 *   await scratch.drop();
 */
export async function createScratchDatabase(label: string, options: ScratchDatabaseOptions = {}): Promise<ScratchDatabase> {
  const scratch = options.server ? await createPostgres(options.server, label, options.template ?? (await runTemplate())) : await createPglite(label);
  if (options.migrate ?? true) {
    try {
      // On PGlite from a migrated dump (migrated-snapshot.ts); the migrations below then find nothing to do.
      if (scratch.pgliteDir) await fillMigrated(scratch.pgliteDir);
      const database = await openDatabase(scratch);
      await database.close();
    } catch (error) {
      await scratch.drop().catch(() => {});
      throw error;
    }
  }
  return scratch;
}

async function createPglite(label: string): Promise<ScratchDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `hubbub-${label}-`));
  return { kind: 'pglite', pgliteDir: dir, drop: () => fs.rm(dir, { recursive: true, force: true }) };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The migrated template global setup made for this test run, if any (never outside a test file). */
async function runTemplate(): Promise<string> {
  if (!process.env.VITEST_WORKER_ID) return '';
  const { inject } = await import('vitest');
  return inject('pgTemplate') ?? '';
}

async function createPostgres(server: string, label: string, template: string): Promise<ScratchDatabase> {
  const safe = label.toLowerCase().replace(/[^a-z0-9_]+/g, '_').slice(0, 30);
  const name = `hubbub_${safe}_${process.pid}_${randomUUID().slice(0, 8)}`;
  await withClient(server, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
      } catch (error) {
        // 55006: the template's last connection (its migration's) was still closing.
        if (!template || (error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await sleep(100);
      }
    }
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    databaseUrl: url.toString(),
    drop: () =>
      withClient(server, async (client) => {
        // A closed pool's clients may still be saying goodbye; force would kill them mid-way (an unhandled 57P01).
        for (let i = 0; i < 40; i++) {
          const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await sleep(50);
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

/**
 * A database of the calling test file's own on PostgreSQL; undefined on PGlite, where every file
 * has one. The project's PostgreSQL database is shared by every file, and so are its jobs: every
 * file's notification worker (on its own clock) would claim and mail another file's messages, or
 * pass its seat offers on. Files that read their outbox or move their clock take one; drop it after the app closes.
 */
export async function ownDatabase(label: string): Promise<ScratchDatabase | undefined> {
  const { inject } = await import('vitest');
  const server = inject('databaseUrl');
  return server ? createScratchDatabase(label, { server }) : undefined;
}
