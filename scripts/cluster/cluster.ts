/**
 * Hubbub as an operator runs it, on this machine: nginx (Debian's) with deploy/hubbub.nginx.conf as
 * it is, in front of instances on one PostgreSQL database and one Redis. `npm run cluster` (scripts/
 * cluster.ts), the failure tests (apps/server/test/cluster-failures.test.ts) and `npm run
 * bench:cluster` start it here, and restart, kill and stop its parts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ClusterOptions {
  balancerPort: number;
  instancePorts: number[];
  databaseUrl: string;
  redisUrl: string;
  /** Shared by the instances (uploads, the JWT secret, the VAPID keys), as a volume or a bucket would be. */
  dataDir: string;
  /** Added to every instance's environment (after the cluster's own settings). */
  env?: Record<string, string>;
  /** The first instance seeds the demo data before the others start (SEED_DEMO). */
  seedDemo?: boolean;
  /** Where the instances' stderr goes: inherit (the terminal) or ignore. */
  instanceOutput?: 'inherit' | 'ignore';
  /** A file the instances' logs (stdout and stderr) are appended to, instead of instanceOutput. */
  instanceLog?: string;
}

export interface ClusterInstance {
  index: number;
  port: number;
  url: string;
  /** The running process; undefined while the instance is stopped. */
  child?: ChildProcess;
  /** Starts the instance and waits until its /readyz answers 200. */
  start(): Promise<void>;
  /** SIGTERM (it drains for SHUTDOWN_DRAIN_MS, then closes) and waits for the exit; answers its code. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or an OOM kill would, and waits until it is gone. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** The balancer's address. */
  url: string;
  instances: ClusterInstance[];
  /** nginx's error log, for a failure's message. */
  nginxErrorLog: string;
  /** Restarts the instances one after the other: each drains, stops, starts and is ready before the next. */
  rollingRestart(onStep?: (line: string) => void): Promise<void>;
  /** Stops nginx and every instance (SIGTERM, then SIGKILL past 20 s). */
  stop(): Promise<void>;
}

/** nginx's path, installing Debian's package with apt when it is missing and this process may. */
export function ensureNginx(say: (line: string) => void = () => {}): string {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed: apt-get install -y nginx (as root), then run this again.');
  say('Installing nginx (apt-get install -y nginx)…');
  const installed = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (installed.status !== 0) throw new Error('apt-get install nginx failed.');
  return '/usr/sbin/nginx';
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitFor(what: string, ok: () => Promise<boolean>, timeoutMs: number, gone?: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const why = gone?.();
    if (why) throw new Error(why);
    if (await ok()) return;
    await sleep(200);
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s.`);
}

const answers200 = (url: string, server?: RegExp) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then((r) => r.ok && (!server || server.test(r.headers.get('server') ?? '')), () => false);

function instance(options: ClusterOptions, index: number, port: number): ClusterInstance {
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    DATA_DIR: options.dataDir,
    // The balancer is on this host: it names the client's address, nobody else may.
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${options.balancerPort}`,
    // nginx does not read /readyz: the drain is for balancers that do. The linger is longer than
    // nginx's upstream keepalive_timeout (1 s): by the time the app closes its idle connections,
    // nginx holds none to this instance that a request could be written on.
    SHUTDOWN_DRAIN_MS: '2000',
    SHUTDOWN_LINGER_MS: '1500',
    // The demo data is made once, by the first instance, before the others start.
    SEED_DEMO: options.seedDemo && index === 0 ? 'true' : 'false',
    ...options.env,
  };
  const self: ClusterInstance = {
    index,
    port,
    url,
    async start() {
      // detached: a process group of its own, so a terminal's Ctrl-C reaches the script alone and
      // each instance gets one SIGTERM from stop (a second signal would make it skip its drain).
      const log = options.instanceLog ? fs.openSync(options.instanceLog, 'a') : undefined;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env,
        stdio: log === undefined ? ['ignore', 'ignore', options.instanceOutput ?? 'inherit'] : ['ignore', log, log],
        detached: true,
      });
      if (log !== undefined) fs.closeSync(log);
      self.child = child;
      await waitFor(`The instance on port ${port} was not ready`, () => answers200(`${url}/readyz`), 120_000, () =>
        child.exitCode !== null ? `The instance on port ${port} exited (${child.exitCode}); run it alone with npm run serve to see why.` : undefined,
      );
    },
    async stop() {
      const child = self.child;
      if (!child) return null;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exitOf(child);
      self.child = undefined;
      return code;
    },
    async kill() {
      const child = self.child;
      if (!child) return;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exitOf(child);
      self.child = undefined;
    },
  };
  return self;
}

function nginxPrefix(options: ClusterOptions): string {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'hubbub-nginx-'));
  // deploy/hubbub.nginx.conf as it is, but for the balancer's port and this cluster's instances.
  const upstreams = options.instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const site = fs
    .readFileSync(path.join(root, 'deploy/hubbub.nginx.conf'), 'utf8')
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${options.balancerPort};`)
    .replace(/^(\s*server 127\.0\.0\.1:\d+ .*\n)+/m, `${upstreams}\n`);
  fs.writeFileSync(path.join(prefix, 'hubbub.conf'), site);
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'events { worker_connections 16384; }',
      'worker_rlimit_nofile 40000;',
      'http {',
      `  access_log ${prefix}/access.log;`,
      `  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy;`,
      `  fastcgi_temp_path ${prefix}/fastcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;`,
      `  include ${prefix}/hubbub.conf;`,
      '}',
    ].join('\n'),
  );
  return prefix;
}

/**
 * Starts the instances one by one (each ready before the next), then nginx in front of them, and
 * answers once the balancer serves /readyz. On a failure whatever started is stopped again.
 */
export async function startCluster(options: ClusterOptions & { nginx: string }): Promise<Cluster> {
  const instances = options.instancePorts.map((port, i) => instance(options, i, port));
  let balancer: ChildProcess | undefined;
  const prefix = nginxPrefix(options);
  const stop = async () => {
    if (balancer && balancer.exitCode === null) balancer.kill('SIGTERM');
    const deadline = setTimeout(() => {
      for (const child of [balancer, ...instances.map((i) => i.child)]) if (child && child.exitCode === null) child.kill('SIGKILL');
    }, 20_000);
    await Promise.all([balancer ? exitOf(balancer) : null, ...instances.map((i) => i.stop())]);
    clearTimeout(deadline);
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  try {
    for (const member of instances) await member.start();
    balancer = spawn(options.nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    const url = `http://127.0.0.1:${options.balancerPort}`;
    const started = balancer;
    // nginx's own answer (its Server header): another process on this port would look like a balancer.
    await waitFor(`nginx did not answer on port ${options.balancerPort} (see ${prefix}/error.log)`, () => answers200(`${url}/readyz`, /^nginx/), 10_000, () =>
      started.exitCode !== null ? `nginx exited (${started.exitCode}); see ${prefix}/error.log.` : undefined,
    );
    return {
      url,
      instances,
      nginxErrorLog: path.join(prefix, 'error.log'),
      async rollingRestart(onStep = () => {}) {
        for (const member of instances) {
          onStep(`Restarting instance ${member.index + 1} (127.0.0.1:${member.port})…`);
          await member.stop();
          await member.start();
          onStep(`Instance ${member.index + 1} is back.`);
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
