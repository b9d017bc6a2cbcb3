/**
 * npm run bench:cluster — what the balancer and a rolling restart cost: nginx with
 * deploy/hubbub.nginx.conf in front of one and then three instances (scripts/cluster/cluster.ts)
 * on a scratch PostgreSQL database (on the server DATABASE_URL names, default
 * postgres://postgres@127.0.0.1:5432/postgres) and Redis (REDIS_URL, default redis://127.0.0.1:6379).
 * One JSON line per case:
 *
 *   search, tiles        autocannon at 16 connections (BENCH_CONNECTIONS) for BENCH_SECONDS (10):
 *                        requests/s and p50/p95/p99 (ms), and non-2xx answers; straight to the one
 *                        instance (no balancer), through nginx to one instance, through nginx to
 *                        three, and through nginx to three during a rolling restart;
 *   hub                  BENCH_WATCHERS (2,000) official SignalR clients (in two child processes,
 *                        scripts/bench-hub-client.mjs) connected through nginx, spread over the three
 *                        instances by its round robin, joined to one live event; its host, connected
 *                        to one instance, says BENCH_ROUNDS (10) chat lines, each stamped with its
 *                        send time: delivery p50/p99/max over every watcher (the backplane and the
 *                        fan-out on each instance), and the same during a rolling restart (watchers
 *                        whose instance restarts reconnect through nginx by themselves; the figure is
 *                        over the rounds every watcher received).
 *
 * On this 2-core machine three instances share the cores one instance had: the figures tell what
 * the balancer and a restart cost, not how Hubbub scales on more machines. BENCH_EVENTS (20,000)
 * events are loaded over the US in the next 60 days. It talks to 127.0.0.1 only and removes what it
 * made: the instances, nginx, the scratch database and its DATA_DIR.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { CLAIM_NAME_IDENTIFIER, HUB_PATH, eventsApi, pathOf, tileQueryString } from '@hubbub/contract';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { createScratchDatabase } from '../apps/server/test/support/scratch-database.js';
import { freePorts, verifiedAccount } from '../apps/server/test/support/server-process.js';
import { buzzEvent } from '../apps/server/test/support/cluster-traffic.js';
import { ensureNginx, startCluster, type Cluster } from './cluster/cluster.js';
import { percentile } from './bench-support.js';

const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
/** A rolling restart of three instances takes about half a minute here: the loads during one last this long. */
const RESTART_SECONDS = Number(process.env.BENCH_RESTART_SECONDS ?? 45);
const CLIENTS = 2;
/** BENCH_CASES=hub (or http) runs those alone. */
const CASES = (process.env.BENCH_CASES ?? 'http,hub').split(',');
const TENANT = 'hubbub';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const print = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const round1 = (n: number) => Math.round(n * 10) / 10;

for (const [name, url] of [['DATABASE_URL', SERVER], ['REDIS_URL', REDIS_URL]]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) throw new Error(`${name} must name this machine (127.0.0.1): the bench loads only local servers.`);
}

function tilePaths(count: number): string[] {
  const query = tileQueryString({ startDate: new Date().toISOString(), days: 30 });
  return Array.from({ length: count }, () => {
    const z = 4 + Math.floor(Math.random() * 9);
    const lat = 26 + Math.random() * 22;
    const lng = -123 + Math.random() * 54;
    const n = 2 ** z;
    const r = (lat * Math.PI) / 180;
    const x = Math.floor(((lng + 180) / 360) * n);
    const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
    return pathOf(eventsApi.tile, { z, x, y }) + query;
  });
}
const TILES = tilePaths(400);

/** One autocannon load in a worker (scripts/bench-load.mjs); answers its figures. */
function load(base: string, kind: 'search' | 'tiles', duration = SECONDS): Promise<Record<string, unknown>> {
  const headers = { 'x-tenant': TENANT, 'content-type': 'application/json' };
  const search = JSON.stringify({ startDate: new Date().toISOString(), days: 30, minLatitude: 38, maxLatitude: 42, minLongitude: -92, maxLongitude: -84 });
  const workerData =
    kind === 'search'
      ? { url: `${base}${eventsApi.search.path}`, method: 'POST', body: search, headers, connections: CONNECTIONS, duration }
      : { url: base, headers, connections: CONNECTIONS, duration, requests: TILES.map((p) => ({ method: 'GET', path: p })) };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-load.mjs', import.meta.url), { workerData });
    worker.once('message', (result: { latencies: number[]; statuses: Record<string, number>; non2xx: number; errors: number }) => {
      const sorted = result.latencies.sort((a, b) => a - b);
      resolve({
        rps: Math.round(result.latencies.length / duration),
        p50: round1(percentile(sorted, 50)),
        p95: round1(percentile(sorted, 95)),
        p99: round1(percentile(sorted, 99)),
        non2xx: result.non2xx,
        errors: result.errors,
        statuses: result.statuses,
      });
    });
    worker.once('error', reject);
  });
}

async function seed(databaseUrl: string, hostId: string): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    await queryRows(
      database.db,
      sql`insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status)
          select u.tenant_id, u.id, 'Cluster event ' || g, s, s + interval '3 hours', 'America/Chicago', 'cluster-' || g, 'Cluster Hall',
                 lat, lng, jsonb_build_object('name', 'Cluster', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 10), 0
          from users u, (select g, now() + random() * interval '60 days' as s, 26 + random() * 22 as lat, -123 + random() * 54 as lng
                         from generate_series(1, ${EVENTS}::int) g) x
          where u.id = ${hostId}`,
    );
    await queryRows(database.db, sql`vacuum analyze events`);
  } finally {
    await database.close();
  }
}

interface Delivered {
  delays: number[];
  timedOut?: boolean;
}

/** The watchers' child processes, connected through `base` and joined to the event. */
async function watchers(base: string, jwt: string, eventId: string): Promise<{ children: ChildProcess[]; ask: (type: string, extra: object) => Promise<Delivered[]> }> {
  const children = Array.from({ length: CLIENTS }, () => fork(new URL('./bench-hub-client.mjs', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const ask = (type: string, extra: object) =>
    Promise.all(
      children.map(
        (child) =>
          new Promise<Delivered>((resolve) => {
            const reply = type === 'connect' ? 'connected' : 'delivered';
            const listener = (message: { type: string; message?: string } & Delivered) => {
              if (message.type === 'error') throw new Error(`a watchers' process failed: ${message.message}`);
              if (message.type !== reply) return;
              child.off('message', listener);
              resolve(message);
            };
            child.on('message', listener);
            child.send({ type, ...extra });
          }),
      ),
    );
  const url = `${base}${HUB_PATH}?tenant=${TENANT}`;
  await ask('connect', { kind: 'signalr', url, jwt, eventId, count: WATCHERS / CLIENTS, concurrency: 50, expectWatchers: WATCHERS, reconnect: true });
  return { children, ask };
}

async function hubRounds(cluster: Cluster, host: { jwt: string }, viewerJwt: string, eventId: string, during?: () => Promise<void>) {
  const sender = new HubConnectionBuilder()
    .withUrl(`${cluster.url}${HUB_PATH}?tenant=${TENANT}`, { accessTokenFactory: () => host.jwt, transport: HttpTransportType.WebSockets, skipNegotiation: true })
    .withAutomaticReconnect()
    .configureLogging(LogLevel.None)
    .build();
  for (const name of ['ChatMessageSent', 'EventWatcherUpdated', 'KeepAliveEvent', 'EventStarted', 'EventUpdated', 'EventStopped', 'EventNotification']) sender.on(name, () => {});
  sender.onreconnected(() => void sender.invoke('JoinEventSession', eventId));
  await sender.start();
  await sender.invoke('JoinEventSession', eventId);
  await sender.invoke('UpdateEventSession', eventId, { State: 'Started' });
  process.stderr.write('bench:cluster: the host is live; connecting the watchers\n');
  const crowd = await watchers(cluster.url, viewerJwt, eventId);
  process.stderr.write('bench:cluster: the watchers are in\n');
  const delays: number[] = [];
  let complete = 0;
  let measured = 0;
  const background = during?.();
  let stopRounds = false;
  void background?.finally(() => (stopRounds = true));
  try {
    for (let round = 0; round < 3 + ROUNDS || (background && !stopRounds); round++) {
      const id = `r${round}`;
      // During a restart a round some watcher missed (reconnecting) ends after 3 s.
      const expecting = crowd.ask('expect', { flyerId: id, timeoutMs: during ? 3000 : 30_000 });
      await sleep(50);
      await sender.invoke('SendChatMessage', eventId, { Text: `round ${id} ${performance.timeOrigin + performance.now()}` }).catch(() => {});
      const replies = await expecting;
      if (round >= 3) {
        measured += 1;
        const all = replies.flatMap((r) => r.delays);
        if (all.length === WATCHERS) {
          complete += 1;
          delays.push(...all);
        }
      }
      await sleep(during ? 500 : 200);
    }
    await background;
  } finally {
    for (const child of crowd.children) child.kill('SIGKILL');
    await sender.stop().catch(() => {});
  }
  const sorted = delays.sort((a, b) => a - b);
  // Over the rounds every watcher received (during a restart, a watcher reconnecting misses a round).
  return { watchers: WATCHERS, rounds: measured, roundsReachingEveryone: complete, p50: round1(percentile(sorted, 50)), p99: round1(percentile(sorted, 99)), max: round1(sorted.at(-1) ?? 0) };
}

async function main(): Promise<void> {
  const nginx = ensureNginx();
  const scratch = await createScratchDatabase('bench_cluster', { server: SERVER, template: '' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-bench-cluster-'));
  const ports = await freePorts(4);
  const options = {
    nginx,
    balancerPort: ports[0],
    databaseUrl: scratch.databaseUrl!,
    redisUrl: REDIS_URL,
    dataDir,
    instanceOutput: 'ignore' as const,
    env: { LOG_LEVEL: 'warn', MAP_STYLE_URL: 'offline', RATE_LIMIT_SCALE: '1000', SEED_DEMO: 'false' },
  };
  print({ config: { seconds: SECONDS, connections: CONNECTIONS, watchers: WATCHERS, rounds: ROUNDS, events: EVENTS, cores: os.availableParallelism() } });
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ ...options, instancePorts: [ports[1]] });
    const host = await verifiedAccount(ports[0], dataDir, 'bench-host');
    const viewer = await verifiedAccount(ports[0], dataDir, 'bench-viewer');
    // The search's events belong to an account of their own: the buzz host stays within its plan.
    const publisher = await verifiedAccount(ports[0], dataDir, 'bench-publisher');
    const claims = JSON.parse(Buffer.from(publisher.jwt.split('.')[1], 'base64url').toString()) as Record<string, string>;
    await seed(scratch.databaseUrl!, claims[CLAIM_NAME_IDENTIFIER]);
    for (const kind of CASES.includes('http') ? (['search', 'tiles'] as const) : []) {
      print({ case: kind, via: 'instance', instances: 1, ...(await load(cluster.instances[0].url, kind)) });
      print({ case: kind, via: 'nginx', instances: 1, ...(await load(cluster.url, kind)) });
    }
    await cluster.stop();
    cluster = await startCluster({ ...options, instancePorts: ports.slice(1) });
    const http = CASES.includes('http') ? (['search', 'tiles'] as const) : [];
    for (const kind of http) print({ case: kind, via: 'nginx', instances: 3, ...(await load(cluster.url, kind)) });
    for (const kind of http) {
      const started = Date.now();
      const [figures] = await Promise.all([load(cluster.url, kind, RESTART_SECONDS), cluster.rollingRestart()]);
      print({ case: kind, via: 'nginx', instances: 3, during: `rolling restart (${round1((Date.now() - started) / 1000)} s; the load runs ${RESTART_SECONDS} s)`, ...figures });
    }
    if (!CASES.includes('hub')) return;
    const { eventId } = await buzzEvent(cluster.url, host, 0);
    print({ case: 'hub', via: 'nginx', instances: 3, ...(await hubRounds(cluster, host, viewer.jwt, eventId)) });
    const running = cluster;
    print({ case: 'hub', via: 'nginx', instances: 3, during: 'rolling restart', ...(await hubRounds(cluster, host, viewer.jwt, eventId, () => running.rollingRestart())) });
  } finally {
    await cluster?.stop();
    await scratch.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
