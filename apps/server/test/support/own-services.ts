import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

// A PostgreSQL and a Redis of a test's own, to stop and start under a running cluster without
// touching the servers every other test file shares.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLUSTER_PREFIX = 'hubbub_failover_';

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

export interface OwnPostgres {
  url: string;
  port: number;
  stop(): void;
  start(): Promise<void>;
  drop(): void;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A PostgreSQL cluster of its own on a free port, made with Debian's tools (pg_createcluster runs
 * initdb as the postgres user, so this works as root, where initdb alone refuses). Clusters a
 * killed run left behind are dropped first.
 */
export async function ownPostgres(): Promise<OwnPostgres> {
  const version = fs.readdirSync('/etc/postgresql').sort().at(-1);
  if (!version) throw new Error('No PostgreSQL cluster configuration under /etc/postgresql (Debian postgresql-common is needed).');
  for (const line of run('pg_lsclusters', ['--no-header']).split('\n')) {
    const [v, name] = line.trim().split(/\s+/);
    if (name?.startsWith(CLUSTER_PREFIX)) spawnSync('pg_dropcluster', [v, name, '--stop']);
  }
  const port = await freePort();
  const name = `${CLUSTER_PREFIX}${process.pid}`;
  run('pg_createcluster', [version, name, '-p', String(port), '--', '--auth=trust', '--no-sync']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const self: OwnPostgres = {
    url,
    port,
    // Fast shutdown, as a restart by an operator or a failover does: sessions are ended at once.
    stop: () => void run('pg_ctlcluster', [version, name, 'stop', '-m', 'fast']),
    async start() {
      run('pg_ctlcluster', [version, name, 'start']);
      for (let i = 0; i < 100 && !(await answers(url)); i++) await sleep(100);
    },
    drop() {
      // Its log goes with the cluster: keep a copy for a failure's reader.
      const log = `/var/log/postgresql/postgresql-${version}-${name}.log`;
      if (fs.existsSync(log)) fs.copyFileSync(log, path.join(os.tmpdir(), 'hubbub-failover-postgres.log'));
      spawnSync('pg_dropcluster', [version, name, '--stop']);
    },
  };
  await self.start();
  return self;
}

export interface OwnRedis {
  url: string;
  /** Kills the server (nothing is saved: it comes back empty, as a restarted cache does). */
  kill(): Promise<void>;
  start(): Promise<void>;
}

/** A redis-server child process on a free port, without persistence. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-redis-'));
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const probe = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
      resolve(probe.stdout.trim() === 'PONG');
    });
  const self: OwnRedis = {
    url,
    async kill() {
      if (!child) return;
      const gone = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
      child = undefined;
    },
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      for (let i = 0; i < 100 && !(await ping()); i++) await sleep(50);
    },
  };
  await self.start();
  return self;
}
