import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, parse as pgliteParse, protocol, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL's connection pool: connections open, idle, and queries waiting for one (/metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** How many migrations this build carries (drizzle's journal). */
export function committedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations the database has applied: one cheap read that also proves it answers. */
export async function appliedMigrations(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row.n;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where a lost PostgreSQL connection is told (the app's logger). */
  log?: { warn(details: object, message: string): void };
  /** PGlite data directory, or undefined for an in-memory database (tests). */
  pgliteDir?: string;
  /**
   * For an in-memory PGlite: start from this dump of an already migrated database (`dumpPglite`)
   * instead of an empty one; migrations still run and apply whatever the dump lacks. Tests open
   * hundreds of databases, and loading a dump takes a fifth of creating and migrating one.
   */
  snapshot?: Blob;
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // A connection that cannot be had within 5 s fails the request (503, not_ready) instead of holding it.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server ends (a restart, a failover) is an 'error' on the pool; without a
    // listener Node would throw it and end the process. The pool drops it and connects anew.
    pool.on('error', (error) => options.log?.warn({ err: error.message }, 'database connection lost'));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.pgliteDir) await fs.mkdir(options.pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDir,
    ...(options.snapshot && !options.pgliteDir ? { loadDataDir: options.snapshot } : {}),
    extensions: { pg_trgm, btree_gin },
    // The WAL would otherwise grow to 1 GB before a checkpoint.
    postgresqlconf: ['max_wal_size = 64MB', 'min_wal_size = 32MB'],
  });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** A dump of a migrated in-memory PGlite database, for `snapshot`. */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db._.session as unknown as { client: unknown }).client;
  if (!(client instanceof PGlite)) throw new Error('dumpPglite: not a PGlite database');
  return client.dumpDataDir('none');
}

/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Connection failures and server shutdowns (class 08, 57P01-57P03) and the driver's own words for
 * a connection that went or never came: the database is away, not the request wrong.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03']);
const UNREACHABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether a failed query failed because the database cannot be reached (looking through Drizzle's wrapper). */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Rows of a raw SQL query; both drivers answer with { rows }. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Prepared statements, for hot read-only queries. Measured on the search (bench:search): planning its
// statement cost more than running it, on PostgreSQL and most of all on PGlite, where parsing,
// planning and five protocol calls into WASM took 1.5-4.7 ms against 0.35 ms for a prepared one;
// and turning drizzle's SQL object into text took a quarter of the server's time per request.

/** A statement made once: its text, a name derived from it, and its parameters (values or placeholders). */
export interface PreparedStatement {
  name: string;
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/**
 * The statement for `query`, to build once and run many times with queryPrepared. Values that change
 * from call to call must be placeholders (`sql.placeholder(name)`): one inlined in the text would make
 * a statement per value. The name is a hash of the text, so two texts never share a name.
 */
export function prepareStatement(query: SQL): PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: `q_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`, text, params };
}

/** Type ids drizzle hands back as PostgreSQL wrote them (timestamps, dates, intervals and their arrays): the same here. */
const RAW_TYPES = new Set([1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const keepRaw = (value: string) => value;
const pgTypes = { getTypeParser: (id: number, format?: 'text' | 'binary') => (RAW_TYPES.has(id) ? keepRaw : pg.types.getTypeParser(id, format)) };
const pgliteParsers = Object.fromEntries([...RAW_TYPES].map((id) => [id, keepRaw]));

/**
 * Rows of a prepared statement with its placeholders filled from `values`: parsed once per
 * connection, then only bound and run. Read-only statements only (PGlite's files are not synced after it).
 */
export async function queryPrepared<T>(db: Db, statement: PreparedStatement, values: Record<string, unknown> = {}): Promise<T[]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (db._.session as unknown as { client: unknown }).client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    // node-postgres parses a named statement once per connection and binds it after that.
    const result = await client.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: params, types: pgTypes });
    return result.rows;
  }
  const rows = client instanceof PGlite ? await pgliteRows<T>(client, statement, params) : undefined;
  if (rows) return rows;
  // A PGlite transaction, or a value PGlite cannot take as text: an unnamed statement, as drizzle runs it.
  const result = await (client as PGlite).query<T>(statement.text, params, { parsers: pgliteParsers });
  return result.rows;
}

function textValue(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

interface PgliteInternals {
  _runExclusiveTransaction<R>(fn: () => Promise<R>): Promise<R>;
  runExclusive<R>(fn: () => Promise<R>): Promise<R>;
}
const pglitePrepared = new WeakMap<PGlite, Set<string>>();

/**
 * PGlite's query() parses and plans every statement and enters WASM once per protocol message;
 * here a statement is parsed once per instance, then bound and run in one call. Like query(), it
 * waits for any open transaction, so it never runs inside someone else's.
 */
async function pgliteRows<T>(client: PGlite, statement: PreparedStatement, params: unknown[]): Promise<T[] | undefined> {
  const values = params.map(textValue);
  const internals = client as unknown as PgliteInternals;
  if (values.some((v) => v === undefined) || typeof internals._runExclusiveTransaction !== 'function') return undefined;
  let prepared = pglitePrepared.get(client);
  if (!prepared) pglitePrepared.set(client, (prepared = new Set()));
  const known = prepared;
  const { serialize } = protocol;
  const { name, text } = statement;
  return internals._runExclusiveTransaction(() =>
    internals.runExclusive(async () => {
      if (!known.has(name)) {
        await client.execProtocol(concat([serialize.parse({ name, text, types: [] }), serialize.sync()]), { syncToFs: false });
        known.add(name);
      }
      const message = concat([serialize.bind({ statement: name, values: values as (string | null)[] }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
      const { messages } = await client.execProtocol(message, { syncToFs: false });
      return (pgliteParse.parseResults(messages, pgliteTypes.parsers, { parsers: pgliteParsers })[0]?.rows ?? []) as T[];
    }),
  );
}
