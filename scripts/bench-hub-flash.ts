/**
 * bench:hub's flash crowd (issue 31): N watchers connecting and joining one live event's session
 * at once, on one instance, each with an account and a session of its own; the time until every
 * one of them has joined, beside the time a bare `ws` server takes to open the same number of
 * sockets at once. N is each of BENCH_FLASH_WATCHERS (2,000 and 5,000); each side runs in a
 * process of its own (bench-hub.ts forks it), and the watchers in BENCH_CLIENTS child processes,
 * every one of which opens all of its watchers at once.
 *
 * Both servers listen with the app's default accept queue (LISTEN_BACKLOG, 4096, as main.ts does)
 * unless BENCH_BACKLOG says otherwise (the kernel caps it at net.core.somaxconn): past it, the kernel
 * drops a crowd's connections and their clients try again a second later (listenOverflows).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { WebSocketServer, type WebSocket } from 'ws';
import { cpuSeconds } from './bench-support.js';
import { spawnClient } from './bench-hub-clients.js';
import { createEvent, crowd, goLive, loadServer, SECRET, TENANT, user } from './bench-hub-server.js';
import type { Database } from '../apps/server/src/db/client.js';
import { LISTEN_BACKLOG } from '../apps/server/src/config.js';

export const FLASH_WATCHERS = (process.env.BENCH_FLASH_WATCHERS ?? '2000,5000').split(',').filter(Boolean).map(Number);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const BACKLOG = process.env.BENCH_BACKLOG ? Number(process.env.BENCH_BACKLOG) : LISTEN_BACKLOG;
const listenAt = { port: 0, host: '127.0.0.1', backlog: BACKLOG };
const now = () => performance.timeOrigin + performance.now();
const round1 = (n: number) => +n.toFixed(1);
const round2 = (n: number) => +n.toFixed(2);

interface Spread {
  p50: number;
  p99: number;
  max: number;
}

interface CrowdAnswer {
  joinedAt: number;
  heardAt: number;
  openMs: Spread;
  joinMs: Spread;
  startRetries?: number;
  firstStartError?: string;
}

/** What one side of the flash crowd measured. */
export interface FlashResult {
  watchers: number;
  /** From the go until the last watcher had joined (the hub) or opened (bare ws). */
  joinedSeconds: number;
  /** Until every watcher had also heard the full count (EventWatcherUpdated); the same as joined for bare ws. */
  heardSeconds: number;
  openMs: { p50: number; p99: number };
  joinMs: { p50: number; p99: number };
  serverCpuPercent: number;
  serverEventLoopUtilisation: number;
  /** CPU of the watcher processes, in % of one core (all of them together): on two cores they compete with the server. */
  clientCpuPercent: number | null;
  /** Hub clients whose start failed and were started again (bench-hub-client.mjs), and the first error. */
  startRetries: number;
  firstStartError?: string;
  /** Connections dropped meanwhile for a full accept queue (Linux, machine wide; see listenOverflows). */
  listenOverflows: number | null;
  /** Cores busy with other work meanwhile (near 0 on a quiet machine). */
  otherCpuCores: number | null;
}

/**
 * Connections the kernel dropped because a listening socket's accept queue was full (Linux, machine
 * wide): a server that does not accept fast enough makes its clients wait for a SYN retransmit (1 s,
 * then 3 s...), which shows in the open times.
 */
async function listenOverflows(): Promise<number | undefined> {
  try {
    const lines = (await fs.readFile('/proc/net/netstat', 'utf8')).split('\n').filter((l) => l.startsWith('TcpExt:'));
    const [names, values] = lines.map((l) => l.split(/\s+/));
    const at = names.indexOf('ListenOverflows');
    return at > 0 ? Number(values[at]) : undefined;
  } catch {
    return undefined;
  }
}

/** Opens `watchers` at once from the client processes (`connect` says what each opens) and times it. */
async function rush(watchers: number, connect: (clientIndex: number, from: number, count: number) => Record<string, unknown>): Promise<FlashResult> {
  const clients = Array.from({ length: CLIENTS }, spawnClient);
  await Promise.all(clients.map((c) => c.next('ready')));
  const perClient = Math.ceil(watchers / CLIENTS);
  const counts = clients.map((_, i) => Math.max(0, Math.min(perClient, watchers - i * perClient)));
  const pids = clients.map((c) => c.child.pid!);
  const cpuBefore = await cpuSeconds(pids);
  const overflowsBefore = await listenOverflows();
  const ownBefore = process.cpuUsage();
  const eluBefore = performance.eventLoopUtilization();
  const started = now();
  clients.forEach((client, i) =>
    client.child.send({ type: 'connect', ...connect(i, i * perClient, counts[i]), count: counts[i], concurrency: Math.max(1, counts[i]), expectWatchers: watchers }),
  );
  const answers = await Promise.all(clients.map((c) => c.next<CrowdAnswer>('connected')));
  const wall = (now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  const elu = performance.eventLoopUtilization(eluBefore);
  const cpuAfter = await cpuSeconds(pids);
  const overflowsAfter = await listenOverflows();
  for (const client of clients) client.child.send({ type: 'stop' });
  await Promise.all(clients.map((c) => c.next('stopped')));
  // CPU seconds of this process (the server) and the watcher processes, or of the watchers alone.
  const busy = (sample: typeof cpuBefore) => [...(sample?.processes.values() ?? [])].reduce((a, b) => a + b, 0);
  const clientBusy = (sample: typeof cpuBefore) => [...(sample?.processes ?? [])].reduce((a, [pid, seconds]) => a + (pid === 'self' ? 0 : seconds), 0);
  const worst = (pick: (a: CrowdAnswer) => Spread) => ({ p50: Math.max(...answers.map((a) => pick(a).p50)), p99: Math.max(...answers.map((a) => pick(a).p99)) });
  return {
    watchers,
    joinedSeconds: round2((Math.max(...answers.map((a) => a.joinedAt)) - started) / 1000),
    heardSeconds: round2((Math.max(...answers.map((a) => a.heardAt)) - started) / 1000),
    openMs: worst((a) => a.openMs),
    joinMs: worst((a) => a.joinMs),
    serverCpuPercent: Math.round(((own.user + own.system) / 1000 / (wall * 1000)) * 100),
    serverEventLoopUtilisation: round2(elu.utilization),
    clientCpuPercent: cpuBefore && cpuAfter ? Math.round(((clientBusy(cpuAfter) - clientBusy(cpuBefore)) / wall) * 100) : null,
    startRetries: answers.reduce((n, a) => n + (a.startRetries ?? 0), 0),
    firstStartError: answers.find((a) => a.firstStartError)?.firstStartError,
    listenOverflows: overflowsBefore !== undefined && overflowsAfter !== undefined ? overflowsAfter - overflowsBefore : null,
    otherCpuCores: cpuBefore && cpuAfter ? round1(Math.max(0, cpuAfter.machine - cpuBefore.machine - (busy(cpuAfter) - busy(cpuBefore))) / wall) : null,
  };
}

/** The floor: a bare `ws` server that only accepts the sockets. */
export async function flashWsCase(watchers: number): Promise<FlashResult> {
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  const sockets = new Set<WebSocket>();
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(listenAt, resolve));
  const { port } = server.address() as { port: number };
  try {
    return await rush(watchers, () => ({ kind: 'ws', url: `ws://127.0.0.1:${port}/` }));
  } finally {
    for (const socket of sockets) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The hub on one instance: every watcher its own session, all joining the same live event with flyers on stage. */
export async function flashHubCase(watchers: number, database: Database): Promise<FlashResult> {
  const server = await loadServer();
  const instance = await server.build({ database, env: { SEED_DEMO: 'false' }, jwtSecret: SECRET, rateLimits: 'production' });
  try {
    await instance.app.listen(listenAt);
    const { port } = instance.app.server.address() as { port: number };
    const owner = await user(server, instance.app, database, 'host');
    const eventId = await createEvent(server, instance.app, owner);
    await goLive(server, database, eventId);
    const jwts = await crowd(server, instance.app, database, watchers);
    const url = `http://127.0.0.1:${port}${server.HUB_PATH}?tenant=${TENANT}`;
    return await rush(watchers, (_i, from, count) => ({ kind: 'signalr', url, eventId, jwts: jwts.slice(from, from + count) }));
  } finally {
    await instance.close();
  }
}
