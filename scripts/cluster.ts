/**
 * npm run cluster — Hubbub as an operator runs it, on this machine: nginx (Debian's, installed
 * with apt when missing) in front of three instances (ports 8081-8083) on one PostgreSQL database
 * and one Redis, with deploy/hubbub.nginx.conf as it is. Prints the balancer's address; Ctrl-C
 * stops everything it started (nginx, the instances), leaving the database and Redis running.
 *
 * PostgreSQL and Redis are the local servers: DATABASE_URL (default: database hubbub_cluster on
 * postgres://postgres@127.0.0.1:5432, created when missing) and REDIS_URL (default
 * redis://127.0.0.1:6379). It does not start them itself: on this machine it runs as root, where
 * initdb refuses to run, and the machine's own servers are what an operator would use anyway
 * (start them as the env notes say: pg_ctlcluster 15 main start; redis-server --daemonize yes).
 * CLUSTER_PORT picks the balancer's port (default 8088); CLUSTER_BUILD=false skips building the web app. The instances share one DATA_DIR
 * (./data-cluster: uploads, the JWT secret, the VAPID keys), as they would share a volume or S3.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';

const root = path.resolve(import.meta.dirname, '..');
const BALANCER_PORT = Number(process.env.CLUSTER_PORT ?? 8088);
const INSTANCE_PORTS = [8081, 8082, 8083];
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hubbub_cluster';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data-cluster'));

const say = (line: string) => process.stdout.write(`${line}\n`);
const children: ChildProcess[] = [];
let stopping = false;
/** Stops what was started (if anything), then exits. */
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  if (!children.length) process.exit(code);
  say('\nStopping nginx and the instances…');
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 20_000);
  void Promise.all(children.map((child) => (child.exitCode !== null ? null : new Promise((r) => child.once('exit', r))))).then(() => {
    clearTimeout(deadline);
    say('Stopped.');
    process.exit(code);
  });
}
/** Thrown by fail: the start stops there, and stopAll exits once what was started has stopped. */
class Stopping extends Error {}
const fail = (line: string): never => {
  process.stderr.write(`${line}\n`);
  stopAll(1);
  throw new Stopping(line);
};

function ensureNginx(): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (found) return found;
  if (process.getuid?.() !== 0) fail('nginx is not installed: apt-get install -y nginx (as root), then run this again.');
  say('Installing nginx (apt-get install -y nginx)…');
  const installed = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (installed.status !== 0) fail('apt-get install nginx failed.');
  return '/usr/sbin/nginx';
}

async function ensureDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect().catch((error: unknown) => fail(`PostgreSQL does not answer at ${url.host} (${String(error)}): start it (pg_ctlcluster 15 main start) or set DATABASE_URL.`));
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
  await redis.connect().then(
    () => redis.ping(),
    (error: unknown) => fail(`Redis does not answer at ${REDIS_URL} (${String(error)}): start it (redis-server --daemonize yes) or set REDIS_URL.`),
  );
  redis.disconnect();
}

async function waitReady(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`The instance on port ${port} exited (${child.exitCode}); run it alone with npm run serve to see why.`);
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  fail(`The instance on port ${port} was not ready within 2 minutes.`);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function main(): Promise<void> {
  const nginx = ensureNginx();
  await ensureDatabase();
  // CLUSTER_BUILD=false serves whatever is built (the cluster test needs only the API and the hub).
  if (process.env.CLUSTER_BUILD !== 'false' && !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    say('Building the web app (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });

  const instanceEnv = (port: number, seed: boolean) => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL,
    REDIS_URL,
    DATA_DIR,
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${BALANCER_PORT}`,
    SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '2000',
    // The demo data is made once, by the first instance, before the others start.
    SEED_DEMO: seed ? (process.env.SEED_DEMO ?? 'true') : 'false',
  });
  for (const [i, port] of INSTANCE_PORTS.entries()) {
    // detached: a process group of its own, so the terminal's Ctrl-C reaches this script alone and
    // each instance gets one SIGTERM from stopAll (a second signal would make it skip its drain).
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: instanceEnv(port, i === 0), stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    children.push(child);
    await waitReady(port, child);
    say(`Instance ${i + 1} ready on 127.0.0.1:${port}.`);
  }

  // nginx with deploy/hubbub.nginx.conf as it is, listening on the balancer's port, in a prefix of its own.
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-nginx-'));
  const site = fs.readFileSync(path.join(root, 'deploy/hubbub.nginx.conf'), 'utf8').replace(/^(\s*)listen 80;/m, `$1listen ${BALANCER_PORT};`);
  fs.writeFileSync(path.join(prefix, 'hubbub.conf'), site);
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  access_log ${prefix}/access.log;`,
      `  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;`,
      `  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;`,
      `  include ${prefix}/hubbub.conf;`,
      '}',
    ].join('\n'),
  );
  const balancer = spawn(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  children.push(balancer);
  balancer.once('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`nginx exited (${code}); see ${prefix}/error.log.\n`);
      stopAll(1);
    }
  });
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`http://127.0.0.1:${BALANCER_PORT}/readyz`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline) fail(`nginx does not answer on port ${BALANCER_PORT}; see ${prefix}/error.log.`);
    await new Promise((r) => setTimeout(r, 200));
  }
  say(`\nHubbub cluster: http://localhost:${BALANCER_PORT} (nginx → ${INSTANCE_PORTS.map((p) => `127.0.0.1:${p}`).join(', ')}; PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}, Redis ${REDIS_URL}).`);
  say('Ctrl-C stops nginx and the three instances.');
}

main().catch((error: unknown) => {
  if (error instanceof Stopping) return;
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  stopAll(1);
});
