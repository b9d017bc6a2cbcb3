/**
 * npm run bench:hub — connects BENCH_WATCHERS (2,000) official SignalR clients to one
 * event's session, broadcasts FlyerStarted and measures each watcher's delivery delay;
 * first on one instance, then on two instances sharing Redis (watchers split across
 * both, broadcast from the first). Prints one JSON line per case.
 *
 * The watchers run in BENCH_CLIENTS (2) child processes so they share neither the
 * server's event loop nor its memory figures. Both app instances of the Redis case
 * run in this process on one database handle (PGlite cannot be opened twice), so they
 * also share one event loop: that case measures the Redis path, not extra CPU.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { runInNewContext } from 'node:vm';
import { percentile, scratchDatabase } from './bench-support.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HUB_PATH, paths, type LoginResult } from '@hubbub/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, queryRows, type Database } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { broadcastToEvent } from '../apps/server/src/modules/hub/index.js';

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'bench-secret-bench-secret-bench-secret-000';
const TENANT = 'hubbub';
const PASSWORD = 'bench password 123';

// Heap figures mean little without a collection first; expose gc without a command-line flag.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();



/** A verified user straight in the database, then a real login for its JWT. */
async function user(app: FastifyInstance, database: Database, label: string): Promise<string> {
  const tenantId = app.ctx.tenants.get(TENANT)!;
  const email = `bench-${label}-${randomUUID().slice(0, 8)}@hubbub.local`;
  await queryRows(database.db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at, plan)
    values (${tenantId}, ${email}, ${`Bench ${label}`}, ${await hashPassword(PASSWORD)}, now(), 'Enterprise')`);
  const res = await app.inject({ method: 'POST', url: paths.login, headers: { 'x-tenant': TENANT, 'content-type': 'application/json' }, payload: { email, password: PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as LoginResult).jwt;
}

async function createEvent(app: FastifyInstance, jwt: string): Promise<string> {
  const start = Date.now() + 86_400_000;
  const res = await app.inject({
    method: 'POST',
    url: paths.eventCreate,
    headers: { 'x-tenant': TENANT, 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    payload: {
      name: 'Bench buzz',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3_600_000).toISOString(),
      timeZone: 'Europe/Paris',
      venue: 'Bench Hall',
      area: { name: 'Paris', type: 4, latitude: 48.85, longitude: 2.35, city: 'Paris', state: 'IDF', country: 'FR' },
    },
  });
  if (res.statusCode >= 300) throw new Error(`event create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** A child process of watchers and a way to await its next answer of a given type. */
interface Client {
  child: ChildProcess;
  next<T = Record<string, unknown>>(type: string): Promise<T>;
}

function spawnClient(): Client {
  const child = fork(new URL('./bench-hub-client.mjs', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const queue: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  child.on('message', (message: Record<string, unknown>) => {
    if (message.type === 'error') throw new Error(`bench client: ${String(message.message)}`);
    const waiter = waiters.findIndex((w) => w.type === message.type);
    if (waiter >= 0) waiters.splice(waiter, 1)[0].resolve(message);
    else queue.push(message);
  });
  return {
    child,
    next<T>(type: string) {
      const found = queue.findIndex((m) => m.type === type);
      if (found >= 0) return Promise.resolve(queue.splice(found, 1)[0] as T);
      return new Promise<T>((resolve) => waiters.push({ type, resolve: resolve as (m: Record<string, unknown>) => void }));
    },
  };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

async function runCase(opts: { name: string; database: Database; dataDir: string; instances: number }) {
  const { database } = opts;
  const config = loadConfig({ DATA_DIR: opts.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...(opts.instances > 1 ? { REDIS_URL } : {}) });
  // One database handle for every instance: only the last app to close may close it.
  const shared: Database = { ...database, close: async () => {} };
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < opts.instances; i++) apps.push(await buildApp({ config, database: shared, jwtSecret: SECRET }));
  const ports: number[] = [];
  for (const app of apps) ports.push(await listen(app));
  const [first] = apps;
  const owner = await user(first, database, 'owner');
  const watcherJwt = await user(first, database, 'watcher');
  const eventId = await createEvent(first, owner);
  const tenantId = first.ctx.tenants.get(TENANT)!;

  const clients = Array.from({ length: CLIENTS }, spawnClient);
  gc();
  const before = process.memoryUsage();
  const perClient = Math.ceil(WATCHERS / CLIENTS);
  const connectStarted = now();
  clients.forEach((client, i) =>
    client.child.send({
      type: 'connect',
      // Client processes take instances in turn: with two instances, half the watchers are on each.
      url: `http://127.0.0.1:${ports[i % ports.length]}${HUB_PATH}?tenant=${TENANT}`,
      jwt: watcherJwt,
      eventId,
      count: Math.min(perClient, WATCHERS - i * perClient),
      concurrency: 50,
      expectWatchers: WATCHERS,
    }),
  );
  const connected = await Promise.all(clients.map((c) => c.next<{ connectMs: number; settledMs: number }>('connected')));
  const connectMs = now() - connectStarted;
  gc();
  const after = process.memoryUsage();

  const latencies: number[] = [];
  let timedOut = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const flyerId = randomUUID();
    for (const client of clients) client.child.send({ type: 'expect', flyerId });
    await Promise.all(clients.map((c) => c.next('expecting')));
    const sentAt = now();
    await broadcastToEvent(first.ctx, tenantId, eventId, 'FlyerStarted', {
      id: flyerId,
      eventId,
      name: `Bench flyer ${round + 1}`,
      contentType: 'flyer/v1',
      contentJson: JSON.stringify({ sentAt }),
      isActivated: true,
    });
    const answers = await Promise.all(clients.map((c) => c.next<{ delays: number[]; timedOut?: boolean }>('delivered')));
    for (const answer of answers) {
      latencies.push(...answer.delays);
      if (answer.timedOut) timedOut += 1;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  latencies.sort((a, b) => a - b);

  for (const client of clients) client.child.send({ type: 'stop' });
  await Promise.all(clients.map((c) => c.next('stopped')));
  for (const app of apps) await app.close();

  const mb = (bytes: number) => +(bytes / 1048576).toFixed(1);
  process.stdout.write(
    `${JSON.stringify({
      case: opts.name,
      database: database.kind,
      instances: opts.instances,
      watchers: WATCHERS,
      clientProcesses: CLIENTS,
      rounds: ROUNDS,
      deliveries: latencies.length,
      expectedDeliveries: WATCHERS * ROUNDS,
      timedOutRounds: timedOut,
      p50ms: +percentile(latencies, 50).toFixed(1),
      p99ms: +percentile(latencies, 99).toFixed(1),
      maxms: +(latencies.at(-1) ?? 0).toFixed(1),
      // Until every client joined, then until each heard the full watcher count (one EventWatcherUpdated per join goes to everyone).
      connectSeconds: +(Math.max(...connected.map((c) => c.connectMs)) / 1000).toFixed(1),
      settledSeconds: +(connectMs / 1000).toFixed(1),
      rssMb: mb(after.rss),
      rssKbPerConnection: +((after.rss - before.rss) / WATCHERS / 1024).toFixed(1),
      heapKbPerConnection: +((after.heapUsed - before.heapUsed) / WATCHERS / 1024).toFixed(1),
    })}\n`,
  );
}

async function main() {
  const scratch = await scratchDatabase('bench-hub');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-bench-hub-data-'));
  try {
    const database = await openDatabase({ databaseUrl: scratch.databaseUrl, pgliteDir: scratch.pgliteDir });
    try {
      await runCase({ name: 'one-instance', database, dataDir, instances: 1 });
      await runCase({ name: 'two-instances-redis', database, dataDir, instances: 2 });
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
