/**
 * npm run bench:hub — how fast the realtime hub fans a FlyerStarted out, and how far that
 * is from the floor; and how fast a chat line reaches the room. Four cases, one JSON line each,
 * then a summary line:
 *
 *   baseline-ws          a bare `ws` WebSocketServer, BENCH_WATCHERS plain `ws` sockets, the same
 *                        FlyerStarted frame (the hub protocol's bytes, serialised once per round)
 *                        written to every socket: what fan-out costs at the least;
 *   one-instance         the hub, BENCH_WATCHERS (2,000) official SignalR clients joined to one
 *                        event's session, FlyerStarted broadcast with ctx.realtime.toEvent;
 *   two-instances-redis  the same on two app instances sharing Redis (REDIS_URL), watchers split
 *                        across both, broadcast from the first;
 *   chat-one-instance    BENCH_CHAT_WATCHERS (500) official clients in one event's session, and its
 *                        host saying a line with SendChatMessage (see chatCase);
 *   flash-crowd          for each N of BENCH_FLASH_WATCHERS (2,000 and 5,000), N watchers with a
 *                        session each connecting and joining one live event at once, beside a bare
 *                        `ws` server opening N sockets at once (see bench-hub-flash.ts).
 *
 * Every case measures the same way: three warm-up rounds, then BENCH_ROUNDS (10) rounds; before
 * each the children are told the flyer id, the sender stamps the time into the flyer's
 * contentJson and each watcher computes its delay on the same clock (performance.timeOrigin
 * + performance.now() in every process).
 *
 * Each case runs in a server process of its own (this script, forked with BENCH_HUB_CASE),
 * so no case inherits another's heap, freed sockets or database caches. Memory per
 * connection is (after − before) / watchers, each read after a settled GC (gc() until
 * neither the heap nor the RSS shrinks): before with no watcher connected, after with
 * every watcher connected and joined, still held. The watchers connect in two halves with
 * a reading between, so the second half's growth also gives the marginal cost of a watcher.
 * The RSS leaves out V8's young generation (empty after a full GC; V8 resizes it when it
 * likes), and the case processes run without V8's memory reducer and with glibc's malloc
 * set to give freed memory back at once (see forkCase), so that memory freed before the first
 * reading does not leave the RSS between two readings and make a figure negative (it did:
 * −9.3 KB per connection). The RSS is still pages, not objects: below ~500 watchers its
 * per-connection figure is within the allocator's noise; the heap figure is exact.
 *
 * The watchers run in BENCH_CLIENTS (2) child processes of the case's process, so they share
 * neither the server's event loop nor its memory figures. Both app instances of the Redis
 * case run in one process on one database handle (PGlite cannot be opened twice), so they
 * also share one event loop: that case measures the Redis path, not extra CPU.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import v8 from 'node:v8';
import { randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { WebSocketServer, type WebSocket } from 'ws';
import { percentile, scratchDatabase } from './bench-support.js';
import { LISTEN_BACKLOG } from '../apps/server/src/config.js';
import { spawnClient } from './bench-hub-clients.js';
import { FLASH_WATCHERS, flashHubCase, flashWsCase, type FlashResult } from './bench-hub-flash.js';
import { createEvent, loadServer, SECRET, TENANT, user, type Server } from './bench-hub-server.js';
import type { HubServerEventPayload } from '@hubbub/contract';
import type { Database } from '../apps/server/src/db/client.js';
import type { ListeningTestApp } from '../apps/server/test/support/build.js';

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 2000);
/** Watchers of the chat case (issue 26 asks for 500). */
const CHAT_WATCHERS = Number(process.env.BENCH_CHAT_WATCHERS ?? 500);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Rounds before the measured ones, not counted. */
const WARM_UP_ROUNDS = 3;
/** Connections each client process opens at a time (BENCH_CONCURRENCY; a flash crowd is many at once). */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RS = '\u001e';

// Heap figures mean little without a collection first; expose gc without a command-line flag.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => +n.toFixed(1);

// ---- Memory ----

interface MemorySample {
  heapUsed: number;
  /** Memory of Buffers and ArrayBuffers outside the heap. */
  external: number;
  /** Resident memory less the young generation's pages: empty after a full GC, and resized by V8 on its own schedule. */
  rss: number;
  /** The process's whole RSS. */
  rssTotal: number;
}

/** The RSS without V8's young generation. */
function residentMemory(): { rss: number; rssTotal: number } {
  const young = v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'new_space' || space.space_name === 'new_large_object_space')
    .reduce((sum, space) => sum + space.physical_space_size, 0);
  const rssTotal = process.memoryUsage.rss();
  return { rss: rssTotal - young, rssTotal };
}

/**
 * Memory after a settled GC: full collections with a pause between them (V8 hands freed
 * pages back to the system in the background, sockets free native memory on their own
 * callbacks) until neither the heap nor the RSS shrinks any more, within 10 s.
 */
async function settledMemory(): Promise<MemorySample> {
  let previous = { heapUsed: Number.POSITIVE_INFINITY, rss: Number.POSITIVE_INFINITY };
  const deadline = Date.now() + 10_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    gc();
    await sleep(100);
    const current = { heapUsed: process.memoryUsage().heapUsed, rss: residentMemory().rss };
    const shrinking = current.heapUsed < previous.heapUsed - 16 * 1024 || current.rss < previous.rss - 256 * 1024;
    if (attempt >= 2 && !shrinking) break;
    previous = current;
  }
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external, ...residentMemory() };
}

/**
 * Memory per connection: everything the watchers cost ((after − before) / watchers), and the
 * second half's cost alone, which leaves out what the first connections paid once (code
 * compiled on first use, caches, pools): the price of one more watcher.
 */
function perConnection(before: MemorySample, half: MemorySample, after: MemorySample, firstHalf: number, watchers: number) {
  const kb = (a: number, b: number, n: number) => round1((a - b) / Math.max(1, n) / 1024);
  const secondHalf = watchers - firstHalf;
  return {
    heapKbPerConnection: kb(after.heapUsed, before.heapUsed, watchers),
    externalKbPerConnection: kb(after.external, before.external, watchers),
    rssKbPerConnection: kb(after.rss, before.rss, watchers),
    rssMb: round1(after.rssTotal / 1048576),
    marginalKbPerConnection: {
      heap: kb(after.heapUsed, half.heapUsed, secondHalf),
      external: kb(after.external, half.external, secondHalf),
      rss: kb(after.rss, half.rss, secondHalf),
    },
  };
}

// ---- Other work on the machine ----

/** CPU ticks (Linux): busy on the whole machine, and used by the given processes. */
async function cpuTicks(pids: (number | undefined)[]): Promise<{ machine: number; own: number } | undefined> {
  try {
    const [cpu] = (await fs.readFile('/proc/stat', 'utf8')).split('\n');
    // user nice system idle iowait irq softirq steal
    const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
    let own = 0;
    for (const pid of pids) {
      const stat = await fs.readFile(`/proc/${pid ?? 'self'}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      own += Number(fields[11]) + Number(fields[12]);
    }
    return { machine: user + nice + system + irq + softirq + steal, own };
  } catch {
    return undefined;
  }
}

// ---- What the watcher processes answer ----

interface Spread {
  p50: number;
  p99: number;
  max: number;
}

interface Connected {
  connectMs: number;
  cpuConnectMs: number;
  openMs: Spread;
  joinMs: Spread;
}

interface Delivered {
  delays: number[];
  cpuMs: number;
  timedOut?: boolean;
}

// ---- The measurement every case shares ----

type FlyerPayload = HubServerEventPayload<'FlyerStarted'>;

function flyerPayload(eventId: string, id: string, sentAt: number): FlyerPayload {
  return {
    id,
    eventId,
    name: 'Bench flyer',
    contentType: 'flyer/v1',
    contentJson: JSON.stringify({ sentAt }),
    isActivated: true,
  };
}

/**
 * The hub's FlyerStarted frame, byte for byte as the hub writes it (JSON hub protocol:
 * an invocation without invocationId, PascalCase keys in the contract's order, record separator).
 */
function flyerFrame(flyer: FlyerPayload): Buffer {
  const argument = { Id: flyer.id, EventId: flyer.eventId, Name: flyer.name, ContentType: flyer.contentType, ContentJson: flyer.contentJson, IsActivated: flyer.isActivated };
  return Buffer.from(JSON.stringify({ type: 1, target: 'FlyerStarted', arguments: [argument] }) + RS);
}

interface CaseSetup {
  eventId: string;
  /** How many watchers (BENCH_WATCHERS unless the case says). */
  watchers?: number;
  /** What the children connect: url per client process (in turn), and the kind of watcher. */
  connect: (clientIndex: number) => Record<string, unknown> & { kind: 'signalr' | 'ws'; url: string };
  /** Sends one round's flyer (or, in the chat case, a chat message naming the round) to every watcher; resolves when the sender is done. */
  broadcast: (flyer: FlyerPayload) => Promise<void>;
}

async function measure(setup: CaseSetup) {
  const watchers = setup.watchers ?? WATCHERS;
  const clients = Array.from({ length: CLIENTS }, spawnClient);
  await Promise.all(clients.map((c) => c.next('ready')));
  const perClient = Math.ceil(watchers / CLIENTS);
  const counts = clients.map((_, i) => Math.max(0, Math.min(perClient, watchers - i * perClient)));
  // Two connect steps of half the watchers each, memory read before and after each (see perConnection).
  const steps = [counts.map((n) => Math.floor(n / 2)), counts.map((n) => n - Math.floor(n / 2))];
  const firstHalf = steps[0].reduce((a, b) => a + b, 0);

  const pids = [undefined, ...clients.map((c) => c.child.pid)];
  const memory = [await settledMemory()];
  const ticksBefore = await cpuTicks(pids);
  const caseStarted = now();
  let connectMs = 0;
  let settledMs = 0;
  let serverCpuMs = 0;
  let loopActiveMs = 0;
  let loopMs = 0;
  const clientConnectCpuMs = counts.map(() => 0);
  const clientConnectMs = counts.map(() => 0);
  let connected: Connected[] = [];
  let expectWatchers = 0;
  for (const step of steps) {
    expectWatchers += step.reduce((a, b) => a + b, 0);
    const cpuBefore = process.cpuUsage();
    const eluBefore = performance.eventLoopUtilization();
    const started = now();
    clients.forEach((client, i) =>
      client.child.send({ type: 'connect', ...setup.connect(i), count: step[i], concurrency: CONCURRENCY, expectWatchers }),
    );
    connected = await Promise.all(clients.map((c) => c.next<Connected>('connected')));
    settledMs += now() - started;
    connectMs += Math.max(...connected.map((c) => c.connectMs));
    const cpu = process.cpuUsage(cpuBefore);
    serverCpuMs += (cpu.user + cpu.system) / 1000;
    const elu = performance.eventLoopUtilization(eluBefore);
    loopActiveMs += elu.active;
    loopMs += elu.active + elu.idle;
    connected.forEach((c, i) => {
      clientConnectCpuMs[i] += c.cpuConnectMs;
      clientConnectMs[i] += c.connectMs;
    });
    memory.push(await settledMemory());
  }

  const latencies: number[] = [];
  const roundP99: number[] = [];
  const sendMs: number[] = [];
  let clientRoundCpuMs = 0;
  let timedOut = 0;
  let frameBytes = 0;
  // The first rounds warm up (JIT on both sides, the fresh sockets' first writes) and are not counted:
  // the baseline's sockets have carried nothing before, the hub's have carried the watcher counts.
  for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
    // The id is sent ahead, so the children know which flyer completes the round.
    const id = randomUUID();
    for (const client of clients) client.child.send({ type: 'expect', flyerId: id });
    await Promise.all(clients.map((c) => c.next('expecting')));
    const sentAt = now();
    const flyer = flyerPayload(setup.eventId, id, sentAt);
    await setup.broadcast(flyer);
    const sent = now() - sentAt;
    frameBytes = flyerFrame(flyer).length;
    const answers = await Promise.all(clients.map((c) => c.next<Delivered>('delivered')));
    await sleep(200);
    if (round < 0) continue;
    sendMs.push(sent);
    roundP99.push(round1(percentile(answers.flatMap((a) => a.delays).sort((a, b) => a - b), 99)));
    for (const answer of answers) {
      latencies.push(...answer.delays);
      clientRoundCpuMs += answer.cpuMs;
      if (answer.timedOut) timedOut += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  const ticksAfter = await cpuTicks(pids);
  const caseSeconds = (now() - caseStarted) / 1000;

  for (const client of clients) client.child.send({ type: 'stop' });
  await Promise.all(clients.map((c) => c.next('stopped')));

  const worst = (pick: (c: Connected) => Spread) => ({ p50: Math.max(...connected.map((c) => pick(c).p50)), p99: Math.max(...connected.map((c) => pick(c).p99)) });
  const ticksPerSecond = 100; // USER_HZ
  return {
    // Cores busy with other work while the case ran (connect and rounds): near 0 on a quiet machine.
    otherCpuCores:
      ticksBefore && ticksAfter
        ? round1(Math.max(0, ticksAfter.machine - ticksBefore.machine - (ticksAfter.own - ticksBefore.own)) / ticksPerSecond / caseSeconds)
        : null,
    watchers,
    clientProcesses: CLIENTS,
    rounds: ROUNDS,
    frameBytes,
    deliveries: latencies.length,
    expectedDeliveries: watchers * ROUNDS,
    timedOutRounds: timedOut,
    p50ms: round1(percentile(latencies, 50)),
    p99ms: round1(percentile(latencies, 99)),
    maxms: round1(latencies.at(-1) ?? 0),
    // Each round's p99: one slow round (a client process descheduled) moves the overall p99 alone.
    roundP99ms: roundP99,
    // How long the sender took to hand one round's frame to every socket (or to Redis).
    sendMs: { p50: round1(percentile([...sendMs].sort((a, b) => a - b), 50)), max: round1(Math.max(...sendMs)) },
    // Until every client joined, then until each heard the full watcher count (hub) or was open (baseline);
    // both connect steps added up, without the memory readings between them.
    connectSeconds: round1(connectMs / 1000),
    settledSeconds: round1(settledMs / 1000),
    connect: {
      // Per connection as the clients saw it: open (upgrade and, for SignalR, the handshake) and JoinEventSession.
      openMs: worst((c) => c.openMs),
      joinMs: worst((c) => c.joinMs),
      // CPU while connecting, in % of one core: this process (server) and the busiest client process.
      serverCpuPercent: Math.round((serverCpuMs / settledMs) * 100),
      serverEventLoopUtilisation: +(loopActiveMs / loopMs).toFixed(2),
      clientCpuPercent: Math.max(...clientConnectCpuMs.map((ms, i) => Math.round((ms / Math.max(1, clientConnectMs[i])) * 100))),
    },
    // CPU the client processes spent per delivery (µs): the same for both kinds of client, or the comparison is off.
    clientCpuUsPerDelivery: round1((clientRoundCpuMs / Math.max(1, latencies.length)) * 1000),
    ...perConnection(memory[0], memory[1], memory[2], firstHalf, watchers),
  };
}

type CaseResult = Awaited<ReturnType<typeof measure>>;

function print(line: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

// ---- Baseline: a bare ws server ----

async function baselineCase(): Promise<CaseResult> {
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  const sockets = new Set<WebSocket>();
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const eventId = randomUUID();
  try {
    const result = await measure({
      eventId,
      connect: () => ({ kind: 'ws', url: `ws://127.0.0.1:${port}/` }),
      async broadcast(flyer) {
        // Serialised once, the same buffer to every socket: what fan-out costs at least.
        const frame = flyerFrame(flyer);
        for (const socket of sockets) socket.send(frame, { binary: false });
      },
    });
    const line = { case: 'baseline-ws', server: 'bare ws', ...result };
    print(line);
    return result;
  } finally {
    for (const socket of sockets) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

// ---- The hub ----

async function hubCase(server: Server, opts: { name: string; database: Database; instances: number }): Promise<CaseResult> {
  const { database } = opts;
  const { build, HUB_PATH } = server;
  // With REDIS_URL set, buildApp gives every instance the Redis backplane and member counts.
  const env = { SEED_DEMO: 'false', ...(opts.instances > 1 ? { REDIS_URL } : {}) };
  const instances: ListeningTestApp[] = [];
  try {
    // One open database for every instance (PGlite cannot be opened twice); build leaves it open.
    for (let i = 0; i < opts.instances; i++) {
      instances.push(await build({ database, listen: true, env, jwtSecret: SECRET, rateLimits: 'production' }));
    }
    const first = instances[0].app;
    const owner = await user(server, first, database, 'owner');
    const watcherJwt = await user(server, first, database, 'watcher');
    const eventId = await createEvent(server, first, owner);
    const tenantId = first.ctx.tenants.get(TENANT)!;

    const result = await measure({
      eventId,
      // Client processes take instances in turn: with two instances, half the watchers are on each.
      connect: (i) => ({ kind: 'signalr', url: `${instances[i % instances.length].url}${HUB_PATH}?tenant=${TENANT}`, jwt: watcherJwt, eventId }),
      broadcast: (flyer) => first.ctx.realtime.toEvent(tenantId, eventId, 'FlyerStarted', flyer),
    });
    print({ case: opts.name, server: 'hub', database: database.kind, instances: opts.instances, ...result });
    return result;
  } finally {
    for (const instance of instances) await instance.close();
  }
}

/**
 * The buzz's chat (issue 26): BENCH_CHAT_WATCHERS (500) official clients joined to one event, and its
 * host, one more official client in this process, says one line a round with SendChatMessage (the
 * real path: checks, the insert, the backplane, the fan-out); each watcher's delay runs from the
 * invoke to its ChatMessageSent.
 */
async function chatCase(server: Server, opts: { database: Database }): Promise<CaseResult> {
  const { build, HUB_PATH } = server;
  const { HubConnectionBuilder, HttpTransportType, LogLevel } = await import('@microsoft/signalr');
  // The host's own budget (chatAccount, 10 lines in 15 s) would refuse the rounds: loosened here, as the tests do.
  const instance = await build({ database: opts.database, listen: true, env: { SEED_DEMO: 'false' }, jwtSecret: SECRET, rateLimits: { chatAccount: 100_000 } });
  let owner = '';
  const sender = new HubConnectionBuilder()
    .withUrl(`${instance.url}${HUB_PATH}?tenant=${TENANT}`, { accessTokenFactory: () => owner, transport: HttpTransportType.WebSockets, skipNegotiation: true })
    .configureLogging(LogLevel.None)
    .build();
  try {
    owner = await user(server, instance.app, opts.database, 'host');
    const watcherJwt = await user(server, instance.app, opts.database, 'watcher');
    const eventId = await createEvent(server, instance.app, owner);
    sender.on('ChatMessageSent', () => {});
    sender.on('EventWatcherUpdated', () => {});
    sender.on('KeepAliveEvent', () => {});
    await sender.start();
    if ((await sender.invoke('JoinEventSession', eventId)) !== true) throw new Error('the host could not join');
    const result = await measure({
      eventId,
      watchers: CHAT_WATCHERS,
      connect: () => ({ kind: 'signalr', url: `${instance.url}${HUB_PATH}?tenant=${TENANT}`, jwt: watcherJwt, eventId }),
      // The round's id and the time it was sent, in the words: the watchers read both back.
      broadcast: async (flyer) => {
        await sender.invoke('SendChatMessage', eventId, { Text: `round ${flyer.id} ${(JSON.parse(flyer.contentJson!) as { sentAt: number }).sentAt}` });
      },
    });
    print({ case: 'chat-one-instance', server: 'hub', database: opts.database.kind, instances: 1, ...result });
    return result;
  } finally {
    await sender.stop().catch(() => {});
    await instance.close();
  }
}

// ---- The run: one process per case ----

const CASES = ['baseline-ws', 'one-instance', 'two-instances-redis', 'chat-one-instance', 'flash-crowd'] as const;
type CaseName = (typeof CASES)[number];
/** The flash crowd's two sides, each forked once per N (BENCH_FLASH_N). */
type ProcessName = Exclude<CaseName, 'flash-crowd'> | 'flash-ws' | 'flash-hub';
/** BENCH_HUB_CASES=baseline-ws,one-instance runs those alone (and prints no summary). */
const ONLY = process.env.BENCH_HUB_CASES?.split(',').filter(Boolean);

/** In a case's process: runs it on the scratch database the parent made, prints its line and hands the figures back. */
async function runCaseProcess(name: ProcessName) {
  let result: CaseResult | FlashResult;
  const flashN = Number(process.env.BENCH_FLASH_N);
  if (name === 'baseline-ws') result = await baselineCase();
  else if (name === 'flash-ws') result = await flashWsCase(flashN);
  else {
    const server = await loadServer();
    const database = await server.openDatabase({ databaseUrl: process.env.BENCH_HUB_DATABASE_URL, pgliteDir: process.env.BENCH_HUB_PGLITE_DIR });
    try {
      if (name === 'flash-hub') result = await flashHubCase(flashN, database);
      else if (name === 'chat-one-instance') result = await chatCase(server, { database });
      else result = await hubCase(server, { name, database, instances: name === 'one-instance' ? 1 : 2 });
    } finally {
      await database.close();
    }
  }
  await new Promise<void>((resolve, reject) => process.send!({ type: 'result', result }, (error: Error | null) => (error ? reject(error) : resolve())));
}

function forkCase<R = CaseResult>(name: ProcessName, extra: Record<string, string | undefined>): Promise<R> {
  const env: Record<string, string> = {
    BENCH_HUB_CASE: name,
    // glibc keeps freed memory in its arenas and hands it back at some later free, up to tens of MB
    // at once: the setup's argon2 hashes (19 MiB each, kept with the default sliding mmap threshold)
    // and the threads' own arenas. A fixed threshold and one arena give it back when it is freed,
    // so it leaves the RSS before the first reading rather than between two readings.
    MALLOC_MMAP_THRESHOLD_: '131072',
    MALLOC_ARENA_MAX: '1',
  };
  for (const [key, value] of Object.entries({ ...process.env, ...extra })) if (value !== undefined && !(key in env)) env[key] = value;
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env,
      // No memory reducer: it hands idle heap pages back a few seconds after a quiet spell (in this
      // isolate and in tsx's loader thread), which moves the RSS by tens of MB between two readings.
      // BENCH_CPU_PROF=<dir>: a CPU profile of each case's process there, to see where its time goes.
      execArgv: [...process.execArgv, '--no-memory-reducer', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: R | undefined;
    child.on('message', (message: { type: string; result: R }) => {
      if (message.type === 'result') result = message.result;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`bench case ${name} exited with ${code}`))));
  });
}

/**
 * The flash crowd for each N: the bare ws server's sockets, then the hub's watchers, each in a
 * process of its own; one line per N with both, and how many times the floor the hub took.
 */
async function flashCrowd(env: Record<string, string | undefined>): Promise<Record<string, unknown>[]> {
  const lines = [];
  for (const n of FLASH_WATCHERS) {
    const ws = await forkCase<FlashResult>('flash-ws', { ...env, BENCH_FLASH_N: String(n) });
    const hub = await forkCase<FlashResult>('flash-hub', { ...env, BENCH_FLASH_N: String(n) });
    const line = {
      case: 'flash-crowd',
      watchers: n,
      database: env.BENCH_HUB_DATABASE_URL ? 'postgres' : 'pglite',
      backlog: process.env.BENCH_BACKLOG ? Number(process.env.BENCH_BACKLOG) : LISTEN_BACKLOG,
      // Issue 31: all joined within 5 s on one instance, and within twice the bare ws server's connect time.
      hubJoinedSeconds: hub.joinedSeconds,
      wsConnectSeconds: ws.joinedSeconds,
      hubOverWs: ws.joinedSeconds > 0 ? +(hub.joinedSeconds / ws.joinedSeconds).toFixed(2) : null,
      hub,
      ws,
    };
    print(line);
    lines.push(line);
  }
  return lines;
}

async function main() {
  // Made and migrated once here; each hub case's process opens it in turn.
  const scratch = await scratchDatabase('bench-hub');
  const results = {} as Record<Exclude<CaseName, 'flash-crowd'>, CaseResult>;
  let flash: Record<string, unknown>[] = [];
  try {
    const env = { BENCH_HUB_DATABASE_URL: scratch.databaseUrl, BENCH_HUB_PGLITE_DIR: scratch.pgliteDir };
    for (const name of CASES) {
      if (ONLY && !ONLY.includes(name)) continue;
      if (name === 'flash-crowd') flash = await flashCrowd(env);
      else results[name] = await forkCase(name, env);
    }
  } finally {
    await scratch.drop();
  }
  // Some cases only (BENCH_HUB_CASES): their lines are the figures.
  if (ONLY) return;

  const baseline = results['baseline-ws'];
  const one = results['one-instance'];
  const two = results['two-instances-redis'];
  const chat = results['chat-one-instance'];
  const brief = (r: CaseResult) => ({
    p50ms: r.p50ms,
    p99ms: r.p99ms,
    connectSeconds: r.connectSeconds,
    heapKbPerConnection: r.heapKbPerConnection,
    rssKbPerConnection: r.rssKbPerConnection,
    marginalKbPerConnection: r.marginalKbPerConnection,
    otherCpuCores: r.otherCpuCores,
  });
  const ratio = (a: number, b: number) => (b > 0 ? +(a / b).toFixed(1) : null);
  print({
    case: 'summary',
    watchers: WATCHERS,
    baseline: brief(baseline),
    hub: brief(one),
    hubRedis: brief(two),
    // Issue 26: a chat line's fan-out beside the flyer's (one instance each; the chat's delay includes the host's SendChatMessage).
    flyerP99ms: one.p99ms,
    chat: { watchers: chat.watchers, p50ms: chat.p50ms, p99ms: chat.p99ms, maxms: chat.maxms, timedOutRounds: chat.timedOutRounds },
    // How many times the floor the hub on one instance is: latency, and memory per connection.
    hubOverBaseline: {
      p50: ratio(one.p50ms, baseline.p50ms),
      p99: ratio(one.p99ms, baseline.p99ms),
      heapPerConnection: ratio(one.heapKbPerConnection, baseline.heapKbPerConnection),
      rssPerConnection: ratio(one.rssKbPerConnection, baseline.rssKbPerConnection),
    },
    // Issue 31: N joining at once, the time until all had joined beside the bare ws server's.
    flashCrowd: flash.map((line) => ({ watchers: line.watchers, hubJoinedSeconds: line.hubJoinedSeconds, wsConnectSeconds: line.wsConnectSeconds, hubOverWs: line.hubOverWs })),
  });
}

const caseName = process.env.BENCH_HUB_CASE as ProcessName | undefined;
(caseName ? runCaseProcess(caseName) : main()).then(
  // Sockets, timers and database handles are closed; exit rather than wait for stragglers.
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
