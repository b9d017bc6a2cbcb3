/**
 * npm run cluster — Hubbub as an operator runs it, on this machine: nginx (Debian's, installed
 * with apt when missing) in front of three instances (ports 8081-8083) on one PostgreSQL database
 * and one Redis, with deploy/hubbub.nginx.conf as it is (scripts/cluster/cluster.ts). Prints the
 * balancer's address; SIGHUP (kill -HUP <pid>) restarts the instances one at a time, as a rolling
 * deploy would; Ctrl-C stops everything it started (nginx, the instances), leaving the database
 * and Redis running.
 *
 * PostgreSQL and Redis are the local servers: DATABASE_URL (default: database hubbub_cluster on
 * postgres://postgres@127.0.0.1:5432, created when missing) and REDIS_URL (default
 * redis://127.0.0.1:6379). It does not start them itself: on this machine it runs as root, where
 * initdb refuses to run, and the machine's own servers are what an operator would use anyway
 * (start them as the env notes say: pg_ctlcluster 15 main start; redis-server --daemonize yes).
 * CLUSTER_PORT picks the balancer's port (default 8088); CLUSTER_BUILD=false skips building the web app. The instances share one DATA_DIR
 * (./data-cluster: uploads, the JWT secret, the VAPID keys), as they would share a volume or S3.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ensureNginx, startCluster, type Cluster } from './cluster/cluster.js';

const root = path.resolve(import.meta.dirname, '..');
const BALANCER_PORT = Number(process.env.CLUSTER_PORT ?? 8088);
const INSTANCE_PORTS = [8081, 8082, 8083];
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hubbub_cluster';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-cluster'));

const say = (line: string) => process.stdout.write(`${line}\n`);

async function ensureServices(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`PostgreSQL does not answer at ${url.host} (${String(error)}): start it (pg_ctlcluster 15 main start) or set DATABASE_URL.`);
  });
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database "${name.replace(/"/g, '""')}"`);
      say(`Created database ${name}.`);
    }
  } finally {
    await admin.end();
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis does not answer at ${REDIS_URL} (${String(error)}): start it (redis-server --daemonize yes) or set REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
}

let cluster: Cluster | undefined;
let starting = false;
let stopping = false;
let restarting = false;

async function stopAll(code: number): Promise<void> {
  if (!stopping) {
    stopping = true;
    // Still starting: main stops what started once startCluster answers (it stops it itself on a failure).
    if (starting) return;
    if (cluster) {
      say('\nStopping nginx and the instances…');
      await cluster.stop();
      say('Stopped.');
    }
  }
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => {
  if (!cluster || restarting || stopping) return;
  restarting = true;
  cluster
    .rollingRestart(say)
    .then(() => say('Rolling restart done.'))
    .catch((error: unknown) => process.stderr.write(`Rolling restart failed: ${String(error)}\n`))
    .finally(() => (restarting = false));
});

async function main(): Promise<void> {
  const nginx = ensureNginx(say);
  await ensureServices();
  // CLUSTER_BUILD=false serves whatever is built (the cluster test needs only the API and the hub).
  if (process.env.CLUSTER_BUILD !== 'false' && !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    say('Building the web app (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  starting = true;
  cluster = await startCluster({
    nginx,
    balancerPort: BALANCER_PORT,
    instancePorts: INSTANCE_PORTS,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    dataDir: DATA_DIR,
    seedDemo: (process.env.SEED_DEMO ?? 'true') !== 'false',
    env: process.env.SHUTDOWN_DRAIN_MS ? { SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS } : {},
  });
  starting = false;
  if (stopping) {
    stopping = false;
    return stopAll(0);
  }
  say(`\nHubbub cluster: http://localhost:${BALANCER_PORT} (nginx → ${INSTANCE_PORTS.map((p) => `127.0.0.1:${p}`).join(', ')}; PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}, Redis ${REDIS_URL}).`);
  say(`kill -HUP ${process.pid} restarts the instances one at a time; Ctrl-C stops nginx and the three instances.`);
}

main().catch((error: unknown) => {
  starting = false;
  cluster = undefined;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  stopping = false;
  void stopAll(1);
});
