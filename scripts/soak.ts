/**
 * npm run soak — mixed traffic for a while against real server processes, to show that
 * nothing fails and nothing grows.
 *
 * Setups (SOAK_SETUP, default both, one after the other, SOAK_MINUTES each):
 *   one   one server on the embedded PGlite in a temporary DATA_DIR (the default deployment);
 *   two   two servers on a scratch PostgreSQL database (created on the server DATABASE_URL
 *         names, default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end)
 *         sharing Redis (REDIS_URL, default redis://127.0.0.1:6379); traffic alternates
 *         between them, watchers are split across them.
 *
 * Each server is `node --import tsx apps/server/src/main.ts` in a process of its own (with
 * scripts/soak/server-probe.mjs preloaded, which answers memory, CPU and event-loop delay
 * over IPC), so its memory figures are its own. Hub watchers run in another child process
 * (scripts/soak/watchers.mjs, official @microsoft/signalr clients). This process only
 * generates the load, open loop: SOAK_RATE operations per second whatever the latency,
 * at most SOAK_MAX_IN_FLIGHT at once (one more is counted as dropped, not queued).
 *
 * Before the servers start, the database gets the tenant, the soak's users (verified,
 * hosts on the Enterprise plan) and SOAK_EVENTS events spread over the US and the next
 * year (one insert … select generate_series). Through the API, each host then creates an
 * event for launches with a few flyers.
 *
 * The mix (share of SOAK_RATE):
 *   search 45%       event/search/ over a random city, state, region or US box and date window
 *   tiles 20%        event/tiles/{z}/{x}/{y} with search filters, a random tile over the US at zoom 3 to 14
 *   event 8%         GET one event: a seeded one (event), or one tenth of the time a launch
 *                    event, whose page lists every launch it had (eventBuzz)
 *   eventWrite 16%   a host creates, updates or deletes one of its events (3 to 8 each)
 *   flyerUpdate 5%   a host renames a flyer of its launch event (FlyerUpdated when it is on)
 *   launch 3%        a host launches a flyer for SOAK_LAUNCH_SECONDS: the scheduler starts and
 *                    stops it, watchers of the event receive FlyerStarted and FlyerStopped
 *   signIn 3%        login, refresh, logout (RATE_LIMIT_SCALE=1000 on the servers)
 * plus SOAK_WATCHERS hub watchers joining, staying 5 to 30 s, leaving, reconnecting.
 *
 * Output, JSON lines: a `config` line; per setup a `ready` line (setup time); an `interval`
 * line every SOAK_INTERVAL_SECONDS (default: a sixth of the run, 10 to 60 s) with per
 * operation count, errors, 5xx and p50/p95/p99 (ms) of that interval, each server's memory
 * and CPU and the hub's figures; `errorSample` lines for the first few of each kind of
 * failure; and a `summary` line with the verdict. Memory is sampled twice per interval
 * after a full collection in the server (SOAK_GC=0 turns that off).
 *
 * Verdict (ok): no failed operation (network error, timeout, unexpected status, hub
 * connect/join/leave failure, connection closed by the server, missed flyer delivery), no
 * 5xx, no server log line at error level or above, every server alive until the end and
 * shut down with exit code 0 on SIGTERM, and no memory growth beyond noise (see judgeMemory).
 * The exit code is 0 when every setup is ok.
 *
 * Settings: SOAK_MINUTES (30, per setup), SOAK_SETUP (both), SOAK_RATE (40 operations/s),
 * SOAK_WATCHERS (100), SOAK_EVENTS (5000 seeded), SOAK_HOSTS (6), SOAK_INTERVAL_SECONDS,
 * SOAK_MAX_IN_FLIGHT (64), SOAK_LAUNCH_SECONDS (3), SOAK_GC (1), DATABASE_URL, REDIS_URL.
 * It stops by itself (a watchdog ends it ten minutes per setup past SOAK_MINUTES) and on
 * Ctrl-C stops in order; either way the servers, the watchers, the temporary directories
 * and the scratch database go. It talks to 127.0.0.1 only.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { HUB_PATH, authApi, type LoginResult, eventsApi, flyersApi, launchesApi, pathOf, tileQueryString } from '@hubbub/contract';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { createPasswords } from '../apps/server/src/lib/passwords.js';
import { ensureTenants } from '../apps/server/src/modules/tenants/service.js';
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/test/support/scratch-database.js';

// ---- Settings ----

function numberSetting(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min} (got ${JSON.stringify(raw)}).`);
  return value;
}

const MINUTES = numberSetting('SOAK_MINUTES', 30, 0.1);
const SETUP = (process.env.SOAK_SETUP || 'both').toLowerCase();
if (!['one', 'two', 'both'].includes(SETUP)) throw new Error('SOAK_SETUP is one, two or both.');
const RATE = numberSetting('SOAK_RATE', 40, 0.1);
const WATCHERS = Math.round(numberSetting('SOAK_WATCHERS', 100, 0));
const EVENTS = Math.round(numberSetting('SOAK_EVENTS', 5000, 0));
const HOSTS = Math.round(numberSetting('SOAK_HOSTS', 6, 1));
const MAX_IN_FLIGHT = Math.round(numberSetting('SOAK_MAX_IN_FLIGHT', 64, 1));
const INTERVAL_SECONDS = numberSetting('SOAK_INTERVAL_SECONDS', Math.min(60, Math.max(10, Math.round((MINUTES * 60) / 6))), 2);
const LAUNCH_SECONDS = numberSetting('SOAK_LAUNCH_SECONDS', 3, 1);
const GC = process.env.SOAK_GC !== '0';
const PG_SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const TENANT = 'hubbub';
const PASSWORD = 'soak password 123';
const FLYERS_PER_EVENT = 4;
const SIGNIN_USERS = 10;
const WATCHER_USERS = 4;
/** After a launch's end, how long the scheduler and the backplane have to deliver FlyerStopped. */
const LAUNCH_GRACE_MS = 5000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Access tokens live 60 minutes; hosts and watchers log in again this often. */
const TOKEN_RENEWAL_MS = 20 * 60_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = pathToFileURL(path.join(ROOT, 'scripts/soak/server-probe.mjs')).href;
const WATCHERS_SCRIPT = path.join(ROOT, 'scripts/soak/watchers.mjs');

const MIX: [Op, number][] = [
  ['search', 0.45],
  ['tiles', 0.2],
  ['event', 0.08],
  ['eventWrite', 0.16],
  ['flyerUpdate', 0.05],
  ['launch', 0.03],
  ['signIn', 0.03],
];
type Op = 'search' | 'tiles' | 'event' | 'eventWrite' | 'flyerUpdate' | 'launch' | 'signIn';

/** The soak talks to this machine only. */
function requireLoopback(name: string, url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`${name} must point at 127.0.0.1 for the soak (got ${host}).`);
}

// ---- Small helpers ----

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const round1 = (n: number) => +n.toFixed(1);
const mb = (bytes: number) => round1(bytes / 1048576);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let stdoutClosed = false;
function print(line: Record<string, unknown>) {
  if (!stdoutClosed) process.stdout.write(`${JSON.stringify(line)}\n`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Least squares over (minutes, MB): slope in MB per minute and the residuals' standard deviation. */
function fit(points: { t: number; v: number }[]) {
  const n = points.length;
  if (n < 3) return undefined;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const mv = points.reduce((s, p) => s + p.v, 0) / n;
  const stt = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  if (stt === 0) return undefined;
  const slope = points.reduce((s, p) => s + (p.t - mt) * (p.v - mv), 0) / stt;
  const residual = Math.sqrt(points.reduce((s, p) => s + (p.v - (mv + slope * (p.t - mt))) ** 2, 0) / Math.max(1, n - 2));
  return { slope, residual };
}

// ---- Cleanup, whatever happens ----

const cleanups = new Set<() => Promise<void>>();
let aborted = false;
let abortReason = '';
const abortWaiters = new Set<() => void>();

function abort(reason: string) {
  if (aborted) return;
  aborted = true;
  abortReason = reason;
  for (const wake of abortWaiters) wake();
}

/** Sleeps, but wakes at once when the run is aborted. */
function nap(ms: number): Promise<void> {
  if (aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      abortWaiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    abortWaiters.add(done);
  });
}

async function runCleanups() {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error: unknown) => process.stderr.write(`soak: cleanup failed: ${String(error)}\n`));
  }
}

let forced = false;
async function forceExit(code: number, why: string) {
  if (forced) return;
  forced = true;
  process.stderr.write(`soak: ${why}; cleaning up\n`);
  await runCleanups();
  process.exit(code);
}

// Output piped into something that quit (| head): stop in order, still cleaning up.
process.stdout.on('error', () => {
  stdoutClosed = true;
  abort('standard output closed');
});
process.on('uncaughtException', (error) => void forceExit(1, `unexpected error: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) => void forceExit(1, `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
process.on('SIGINT', () => {
  if (aborted) return void forceExit(130, 'second interrupt');
  process.stderr.write('soak: interrupted, stopping (Ctrl-C again to stop at once)\n');
  abort('interrupted');
  setTimeout(() => void forceExit(130, 'did not stop within 60 s of the interrupt'), 60_000).unref();
});
process.on('SIGTERM', () => {
  abort('terminated');
  setTimeout(() => void forceExit(143, 'did not stop within 60 s of SIGTERM'), 60_000).unref();
});

// ---- Operation figures ----

interface OpFigures {
  latencies: number[];
  errors: number;
  status5xx: number;
}

class Figures {
  ops = new Map<string, OpFigures>();
  dropped = 0;
  skipped = 0;

  of(op: string): OpFigures {
    let figures = this.ops.get(op);
    if (!figures) this.ops.set(op, (figures = { latencies: [], errors: 0, status5xx: 0 }));
    return figures;
  }

  static brief(f: OpFigures) {
    const sorted = [...f.latencies].sort((a, b) => a - b);
    return {
      n: f.latencies.length + f.errors,
      err: f.errors,
      '5xx': f.status5xx,
      p50: round1(percentile(sorted, 50)),
      p95: round1(percentile(sorted, 95)),
      p99: round1(percentile(sorted, 99)),
      max: round1(sorted.at(-1) ?? 0),
    };
  }

  table() {
    return Object.fromEntries([...this.ops.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([op, f]) => [op, Figures.brief(f)]));
  }
}

// ---- One setup's run ----

interface Instance {
  index: number;
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  exited?: { code: number | null; signal: NodeJS.Signals | null; at: number };
  logs: { warn: number; error: number; other: number };
  /** Probe answers by request id. */
  waiting: Map<number, (sample: ProbeSample) => void>;
  samples: { t: number; rssMb: number; rssAnonMb?: number; heapMb: number; externalMb: number; arrayBuffersMb: number }[];
  cpuMark?: { cpuUs: number; at: number };
}

interface ProbeSample {
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
  loop: { p50: number; p99: number; max: number };
}

interface Host {
  email: string;
  jwt: string;
  launchEvent: string;
  flyers: string[];
  /** Events this host writes: id → the body it was last written with; `busy` while a request is on it. */
  pool: Map<string, { body: Record<string, unknown>; busy: boolean }>;
}

interface WatcherReport {
  ops: Record<string, { latencies: number[]; errors: number }>;
  messages: Record<string, number>;
  messagesByInstance: Record<string, number>;
  unexpectedCloses: number;
  audit: { launches: number; expected: number; missedStart: number; missedStop: number };
  errorSamples: { op: string; message: string }[];
  connected: number;
  joined: number;
  watchers: number;
}

const US = { minLat: 24.5, maxLat: 49.5, minLng: -125, maxLng: -66.9 };
const BOXES = [
  { name: 'city', lat: 0.3, lng: 0.4 },
  { name: 'state', lat: 3, lng: 8 },
  { name: 'region', lat: 10, lng: 20 },
];
const FLYER_CONTENT = JSON.stringify({
  version: 1,
  background: { kind: 'solid', color: '#1f2937' },
  blocks: [{ kind: 'text', id: 'title', text: 'Soak', fontSize: 32, color: '#ffffff', align: 'center', x: 0.5, y: 0.4 }],
  imagePath: null,
});

function randomPlace() {
  const latitude = rand(30, 47);
  const longitude = rand(-120, -75);
  return { name: 'Soak town', type: 4, latitude, longitude, zoom: 10, city: 'Soak town', state: 'NE', country: 'US' };
}

function searchBody() {
  const body: Record<string, unknown> = {
    startDate: new Date(Date.now() + rand(-10, 300) * 86_400_000).toISOString(),
    days: pick([1, 7, 7, 30, 90, 366]),
    pageNumber: Math.random() < 0.8 ? 1 : pick([2, 3]),
    orderBy: pick(['StartDate', 'StartDate', 'Name', 'Updated', 'Distance']),
  };
  if (Math.random() < 0.1) body.searchText = pick(['Soak event 1', 'hall', 'Soak', 'event 42']);
  const size = Math.random() < 0.15 ? undefined : pick(BOXES);
  if (size) {
    const lat = rand(US.minLat, US.maxLat - size.lat);
    const lng = rand(US.minLng, US.maxLng - size.lng);
    Object.assign(body, { minLatitude: lat, maxLatitude: lat + size.lat, minLongitude: lng, maxLongitude: lng + size.lng });
  } else {
    Object.assign(body, { minLatitude: US.minLat, maxLatitude: US.maxLat, minLongitude: US.minLng, maxLongitude: US.maxLng });
  }
  return body;
}

/** A random tile over the US, with a search's date window and now and then its text. */
function tileUrl(): string {
  const z = Math.floor(rand(3, 15));
  const lat = rand(US.minLat, US.maxLat);
  const lng = rand(US.minLng, US.maxLng);
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  const query: Record<string, string | number> = { startDate: new Date(Date.now() + rand(-10, 300) * 86_400_000).toISOString(), days: pick([1, 7, 7, 30, 90, 366]) };
  if (Math.random() < 0.1) query.searchText = pick(['Soak event 1', 'hall', 'Soak', 'event 42']);
  return pathOf(eventsApi.tile, { z, x, y }) + tileQueryString(query);
}

function eventBody(name: string) {
  const start = Date.now() + rand(1, 60) * 86_400_000;
  return {
    name,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + rand(1, 6) * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    venue: pick(['Soak Hall', 'The Long Room', 'Pier 9', null]),
    area: randomPlace(),
  };
}

class SetupRun {
  figures = new Figures();
  readonly totals = new Figures();
  readonly instances: Instance[] = [];
  readonly hosts: Host[] = [];
  readonly errorSamples = new Map<string, number>();
  readonly logSamples: string[] = [];
  readonly intervalLines: Record<string, unknown>[] = [];
  hubTotals = { messages: {} as Record<string, number>, messagesByInstance: {} as Record<string, number>, unexpectedCloses: 0, audit: { launches: 0, expected: 0, missedStart: 0, missedStop: 0 } };
  watcherChild?: ChildProcess;
  watcherWaiters = new Map<string, (message: WatcherReport) => void>();
  seededIds: string[] = [];
  signInUsers: string[] = [];
  watcherEmails: string[] = [];
  flyerBusyUntil = new Map<string, number>();
  next = 0;
  inFlight = 0;
  runStarted = 0;
  setupSeconds = 0;
  crashed: string[] = [];
  scratch?: ScratchDatabase;
  jwtSecret = randomBytes(32).toString('hex');

  constructor(readonly name: 'one' | 'two') {}

  get count() {
    return this.name === 'one' ? 1 : 2;
  }

  elapsed() {
    return round1((Date.now() - this.runStarted) / 1000);
  }

  /** The next instance in turn: traffic alternates between instances. */
  base(): string {
    const instance = this.instances[this.next++ % this.instances.length];
    return instance.url;
  }

  sampleError(op: string, what: string) {
    const key = `${op} ${what.slice(0, 80)}`;
    const seen = this.errorSamples.get(key) ?? 0;
    this.errorSamples.set(key, seen + 1);
    if (seen < 3 && this.errorSamples.size <= 60) print({ setup: this.name, t: this.elapsed(), errorSample: { op, what: what.slice(0, 500) } });
  }

  record(op: string, ms: number | undefined, failed: { status?: number; what: string } | undefined) {
    for (const figures of [this.figures, this.totals]) {
      const f = figures.of(op);
      if (failed) {
        f.errors += 1;
        if (failed.status !== undefined && failed.status >= 500) f.status5xx += 1;
      } else if (ms !== undefined) f.latencies.push(ms);
    }
    if (failed) this.sampleError(op, failed.status !== undefined ? `HTTP ${failed.status}: ${failed.what}` : failed.what);
  }

  /** One measured HTTP call; answers the parsed body, or undefined when it failed (already recorded). */
  async call<T = unknown>(op: string, method: string, url: string, opts: { body?: unknown; jwt?: string; base?: string; binary?: boolean } = {}): Promise<T | undefined> {
    const headers: Record<string, string> = { 'x-tenant': TENANT };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.jwt) headers.authorization = `Bearer ${opts.jwt}`;
    const started = performance.now();
    let status: number | undefined;
    try {
      const response = await fetch(`${opts.base ?? this.base()}${url}`, {
        method,
        headers,
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      const text = opts.binary && response.ok ? (await response.arrayBuffer(), '') : await response.text();
      const ms = performance.now() - started;
      if (status < 200 || status >= 300) {
        this.record(op, ms, { status, what: `${method} ${url.split('?')[0]} ${text.slice(0, 300)}` });
        return undefined;
      }
      this.record(op, ms, undefined);
      return (text ? JSON.parse(text) : {}) as T;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      this.record(op, undefined, { status, what: `${method} ${url.split('?')[0]} ${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}` });
      return undefined;
    }
  }

  // ---- Setup ----

  async seed(database: { databaseUrl?: string; pgliteDir?: string }) {
    const { db, close } = await openDatabase(database);
    try {
      const tenantId = (await ensureTenants(db, [TENANT])).get(TENANT)!;
      const hash = await createPasswords().hash(PASSWORD);
      const users: { email: string; name: string; plan: string }[] = [
        { email: 'soak-seed@hubbub.local', name: 'Soak Seed', plan: 'Enterprise' },
        ...Array.from({ length: HOSTS }, (_, i) => ({ email: `soak-host-${i}@hubbub.local`, name: `Soak Host ${i}`, plan: 'Enterprise' })),
        ...Array.from({ length: SIGNIN_USERS }, (_, i) => ({ email: `soak-signin-${i}@hubbub.local`, name: `Soak Visitor ${i}`, plan: 'Free' })),
        ...Array.from({ length: WATCHER_USERS }, (_, i) => ({ email: `soak-watcher-${i}@hubbub.local`, name: `Soak Watcher ${i}`, plan: 'Free' })),
      ];
      for (const u of users) {
        await queryRows(db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at, plan)
          values (${tenantId}, ${u.email}, ${u.name}, ${hash}, now(), ${u.plan})`);
      }
      this.signInUsers = users.filter((u) => u.email.startsWith('soak-signin-')).map((u) => u.email);
      this.watcherEmails = users.filter((u) => u.email.startsWith('soak-watcher-')).map((u) => u.email);
      const [seedHost] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'soak-seed@hubbub.local'`);
      // Random points over the continental US, starts from a month ago to a year from now.
      if (EVENTS > 0) {
        await queryRows(db, sql`
          insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, slug, venue, lat, lng, area, status)
          select ${tenantId}, ${seedHost.id}, 'Soak event ' || g, s, s + interval '3 hours', 'America/Chicago', 'soak-' || g, 'Soak Hall',
                 lat, lng, jsonb_build_object('name', 'Soak', 'type', 6, 'latitude', lat, 'longitude', lng, 'zoom', 10), 0
          from (select g, now() - interval '30 days' + random() * interval '395 days' as s,
                       24.5 + random() * 25 as lat, -125 + random() * 58 as lng
                from generate_series(1, ${EVENTS}::int) g) x`);
        await queryRows(db, sql`vacuum analyze events`);
      }
      const ids = await queryRows<{ id: string }>(db, sql`select id from events order by random() limit 1000`);
      this.seededIds = ids.map((r) => r.id);
    } finally {
      await close();
    }
  }

  async startInstance(index: number, env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `hubbub-soak-${this.name}-${index}-`));
    cleanups.add(() => fs.rm(dataDir, { recursive: true, force: true }));
    return this.spawnInstance(index, port, dataDir, env);
  }

  async spawnInstance(index: number, port: number, dataDir: string, env: Record<string, string>): Promise<Instance> {
    // Only what the soak sets reaches the server's configuration, nothing from this shell.
    const base = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) =>
          !/^(PORT|HOST|DATA_DIR|PUBLIC_URL|DATABASE_URL|REDIS_URL|TENANTS|SMTP_URL|SMTP_FROM|CMS_URL|MAP_STYLE_URL|JWT|ADMIN_EMAIL|RATE_LIMIT_SCALE|LOG_LEVEL|SEED_DEMO|WEB_DIST|S3_.*|HUBBUB_.*|SOAK_.*)$/.test(key),
      ),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', PROBE, 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...base,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        TENANTS: TENANT,
        JWT: this.jwtSecret,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Its own process group: a Ctrl-C reaches the soak, which stops the server in order.
      detached: true,
    });
    const instance: Instance = { index, url: `http://127.0.0.1:${port}`, port, dataDir, child, logs: { warn: 0, error: 0, other: 0 }, waiting: new Map(), samples: [] };
    this.instances.push(instance);
    cleanups.add(async () => {
      if (!instance.exited) child.kill('SIGKILL');
    });
    child.on('message', (message: { type?: string; id?: number } & ProbeSample) => {
      if (message.type !== 'soak:sample' || message.id === undefined) return;
      instance.waiting.get(message.id)?.(message);
      instance.waiting.delete(message.id);
    });
    child.on('error', () => {});
    child.on('exit', (code, signal) => {
      instance.exited = { code, signal, at: Date.now() };
      if (!this.stopping) {
        this.crashed.push(`instance ${index} exited (code ${code}, signal ${signal}) during the run`);
        abort(`instance ${index} of setup ${this.name} exited`);
      }
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => this.serverLine(instance, line));
    }
    return instance;
  }

  stopping = false;

  serverLine(instance: Instance, line: string) {
    if (!line.trim()) return;
    let level = 0;
    let text = line;
    try {
      const parsed = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; stack?: string } };
      level = parsed.level ?? 0;
      text = `${parsed.msg ?? ''}${parsed.err?.message ? `: ${parsed.err.message}` : ''}`;
    } catch {
      // Not a log record: a crash's stack, a Node warning.
    }
    if (level >= 50) instance.logs.error += 1;
    else if (level >= 40) instance.logs.warn += 1;
    else instance.logs.other += 1;
    if (this.logSamples.length < 30) {
      const sample = `instance ${instance.index} ${level >= 50 ? 'error' : level >= 40 ? 'warn' : 'output'}: ${text.slice(0, 400)}`;
      this.logSamples.push(sample);
      print({ setup: this.name, t: this.runStarted ? this.elapsed() : 0, serverLog: sample });
    }
  }

  async waitReady(instance: Instance) {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (instance.exited) throw new Error(`instance ${instance.index} exited before it was ready (code ${instance.exited.code}); see its output above`);
      if (aborted) throw new Error(abortReason);
      try {
        const response = await fetch(`${instance.url}/`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(250);
    }
    throw new Error(`instance ${instance.index} was not ready within 180 s`);
  }

  probe(instance: Instance, gc: boolean): Promise<ProbeSample | undefined> {
    if (instance.exited || !instance.child.connected) return Promise.resolve(undefined);
    const id = Math.floor(Math.random() * 2 ** 31);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        instance.waiting.delete(id);
        resolve(undefined);
      }, 10_000);
      instance.waiting.set(id, (sample) => {
        clearTimeout(timer);
        resolve(sample);
      });
      instance.child.send({ type: 'soak:sample', id, gc });
    });
  }

  async procMemory(pid: number) {
    try {
      const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
      return { rss: kb('VmRSS') * 1024, rssAnon: kb('RssAnon') * 1024 };
    } catch {
      return undefined;
    }
  }

  /** One memory/CPU sample of every instance; returns what the interval line shows. */
  async sample() {
    return Promise.all(
      this.instances.map(async (instance) => {
        const probe = await this.probe(instance, GC);
        const proc = await this.procMemory(instance.child.pid!);
        if (!probe) return { instance: instance.index, alive: !instance.exited };
        const now = Date.now();
        const cpuUs = probe.cpu.user + probe.cpu.system;
        const cpuPct = instance.cpuMark ? Math.round(((cpuUs - instance.cpuMark.cpuUs) / 1000 / (now - instance.cpuMark.at)) * 100) : undefined;
        instance.cpuMark = { cpuUs, at: now };
        const s = {
          t: (now - this.runStarted) / 60_000,
          rssMb: mb(proc?.rss ?? probe.memory.rss),
          rssAnonMb: proc && Number.isFinite(proc.rssAnon) ? mb(proc.rssAnon) : undefined,
          heapMb: mb(probe.memory.heapUsed),
          externalMb: mb(probe.memory.external),
          arrayBuffersMb: mb(probe.memory.arrayBuffers),
        };
        instance.samples.push(s);
        return { instance: instance.index, rssMb: s.rssMb, heapMb: s.heapMb, externalMb: s.externalMb, cpuPct, loopP99Ms: probe.loop.p99, loopMaxMs: probe.loop.max };
      }),
    );
  }

  async login(email: string, op = 'login'): Promise<LoginResult | undefined> {
    return this.call<LoginResult>(op, 'POST', authApi.login.path, { body: { email, password: PASSWORD } });
  }

  async fixtures() {
    const first = this.instances[0].url;
    for (let i = 0; i < HOSTS; i++) {
      const email = `soak-host-${i}@hubbub.local`;
      const tokens = await this.call<LoginResult>('setup', 'POST', authApi.login.path, { body: { email, password: PASSWORD }, base: first });
      if (!tokens) throw new Error(`setup: host ${email} could not log in (see the errorSample above)`);
      const event = await this.call<{ id: string }>('setup', 'POST', eventsApi.create.path, {
        jwt: tokens.jwt,
        base: first,
        body: { ...eventBody(`Soak buzz ${i}`), startDate: new Date(Date.now() + 86_400_000).toISOString(), endDate: new Date(Date.now() + 86_400_000 + 3 * 3_600_000).toISOString() },
      });
      if (!event) throw new Error('setup: could not create a launch event (see the errorSample above)');
      const flyers: string[] = [];
      for (let f = 0; f < FLYERS_PER_EVENT; f++) {
        const flyer = await this.call<{ id: string }>('setup', 'POST', flyersApi.create.path, {
          jwt: tokens.jwt,
          base: first,
          body: { eventId: event.id, name: `Soak flyer ${i}.${f}`, contentJson: FLYER_CONTENT },
        });
        if (!flyer) throw new Error('setup: could not create a flyer (see the errorSample above)');
        flyers.push(flyer.id);
      }
      this.hosts.push({ email, jwt: tokens.jwt, launchEvent: event.id, flyers, pool: new Map() });
    }
  }

  async watcherTokens(): Promise<string[]> {
    const jwts: string[] = [];
    for (const email of this.watcherEmails) {
      const tokens = await this.call<LoginResult>('setup', 'POST', authApi.login.path, { body: { email, password: PASSWORD }, base: this.instances[0].url });
      if (!tokens) throw new Error(`setup: watcher ${email} could not log in`);
      jwts.push(tokens.jwt);
    }
    return jwts;
  }

  async renewTokens() {
    for (const host of this.hosts) {
      const tokens = await this.call<LoginResult>('tokenRenewal', 'POST', authApi.login.path, { body: { email: host.email, password: PASSWORD } });
      if (tokens) host.jwt = tokens.jwt;
    }
    if (this.watcherChild) {
      const jwts: string[] = [];
      for (const email of this.watcherEmails) {
        const tokens = await this.call<LoginResult>('tokenRenewal', 'POST', authApi.login.path, { body: { email, password: PASSWORD } });
        if (tokens) jwts.push(tokens.jwt);
      }
      if (jwts.length) this.watcherChild.send({ type: 'tokens', jwts });
    }
  }

  async startWatchers() {
    if (WATCHERS === 0) return;
    const jwts = await this.watcherTokens();
    const child = fork(WATCHERS_SCRIPT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], detached: true });
    this.watcherChild = child;
    cleanups.add(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    child.on('error', () => {});
    child.on('exit', (code, signal) => {
      if (!this.stopping) this.record('hubClient', undefined, { what: `the watchers' process exited during the run (code ${code}, signal ${signal})` });
    });
    child.on('message', (message: { type: string; message?: string } & WatcherReport) => {
      if (message.type === 'error') this.record('hubClient', undefined, { what: String(message.message) });
      const waiter = this.watcherWaiters.get(message.type);
      if (waiter) {
        this.watcherWaiters.delete(message.type);
        waiter(message);
      }
    });
    await this.watcherMessage('ready', 10_000);
    child.send({
      type: 'start',
      targets: this.instances.map((i) => ({ url: `${i.url}${HUB_PATH}?tenant=${TENANT}`, instance: i.index })),
      jwts,
      events: this.hosts.map((h) => h.launchEvent),
      count: WATCHERS,
      stayMs: [5000, 30_000],
      rampMs: Math.min(10_000, (MINUTES * 60_000) / 10),
    });
  }

  watcherMessage(type: string, timeoutMs: number): Promise<WatcherReport | undefined> {
    if (!this.watcherChild || this.watcherChild.exitCode !== null) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.watcherWaiters.delete(type);
        resolve(undefined);
      }, timeoutMs);
      this.watcherWaiters.set(type, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  }

  async watcherReport(type: 'report' | 'stop'): Promise<WatcherReport | undefined> {
    if (!this.watcherChild?.connected) return undefined;
    const answer = this.watcherMessage(type === 'report' ? 'report' : 'stopped', type === 'report' ? 10_000 : 30_000);
    this.watcherChild.send({ type });
    const report = await answer;
    if (!report) return undefined;
    for (const [op, f] of Object.entries(report.ops)) {
      for (const figures of [this.figures, this.totals]) {
        const mine = figures.of(op);
        mine.latencies.push(...f.latencies);
        mine.errors += f.errors;
      }
    }
    for (const sample of report.errorSamples) this.sampleError(sample.op, sample.message);
    const t = this.hubTotals;
    for (const [name, n] of Object.entries(report.messages)) t.messages[name] = (t.messages[name] ?? 0) + n;
    for (const [name, n] of Object.entries(report.messagesByInstance)) t.messagesByInstance[name] = (t.messagesByInstance[name] ?? 0) + n;
    t.unexpectedCloses += report.unexpectedCloses;
    for (const key of ['launches', 'expected', 'missedStart', 'missedStop'] as const) t.audit[key] += report.audit[key];
    // Missed deliveries are failures of their own operation, so they count as errors.
    const missed = report.audit.missedStart + report.audit.missedStop;
    if (missed) {
      for (const figures of [this.figures, this.totals]) figures.of('hubDelivery').errors += missed;
    }
    return report;
  }

  // ---- The operations ----

  async runOp(op: Op) {
    switch (op) {
      case 'search':
        await this.call('search', 'POST', eventsApi.search.path, { body: searchBody() });
        return;
      case 'tiles':
        await this.call('tiles', 'GET', tileUrl(), { binary: true });
        return;
      case 'event': {
        // Seeded events and launch events: never deleted, so anything but 200 is a failure. A
        // launch event's page lists every launch it had, so it is figured apart (eventBuzz).
        if (Math.random() < 0.1 || !this.seededIds.length) await this.call('eventBuzz', 'GET', pathOf(eventsApi.get, { id: pick(this.hosts).launchEvent }));
        else await this.call('event', 'GET', pathOf(eventsApi.get, { id: pick(this.seededIds) }));
        return;
      }
      case 'eventWrite':
        await this.eventWrite(pick(this.hosts));
        return;
      case 'flyerUpdate': {
        const host = pick(this.hosts);
        const flyer = pick(host.flyers);
        await this.call('flyerUpdate', 'POST', flyersApi.update.path, {
          jwt: host.jwt,
          body: { id: flyer, name: `Soak flyer ${Math.floor(rand(0, 1000))}`, contentJson: FLYER_CONTENT },
        });
        return;
      }
      case 'launch':
        await this.launch();
        return;
      case 'signIn': {
        const tokens = await this.login(pick(this.signInUsers));
        if (!tokens) return;
        const renewed = await this.call<LoginResult>('refresh', 'POST', authApi.refresh.path, { body: { refreshToken: tokens.refreshToken } });
        if (!renewed) return;
        await this.call('logout', 'GET', authApi.logout.path, { jwt: renewed.jwt });
        return;
      }
    }
  }

  async eventWrite(host: Host) {
    const idle = [...host.pool.entries()].filter(([, e]) => !e.busy);
    const size = host.pool.size;
    let action: 'create' | 'update' | 'delete';
    if (size < 3 || !idle.length) action = 'create';
    else if (size >= 8) action = Math.random() < 0.5 ? 'delete' : 'update';
    else action = pick(['create', 'update', 'update', 'delete'] as const);
    if (action === 'create') {
      if (size >= 10) {
        this.figures.skipped += 1;
        this.totals.skipped += 1;
        return;
      }
      const body = eventBody(`Soak written ${Math.floor(rand(0, 1e6))}`);
      const event = await this.call<{ id: string }>('eventCreate', 'POST', eventsApi.create.path, { jwt: host.jwt, body });
      if (event) host.pool.set(event.id, { body, busy: false });
      return;
    }
    const [id, entry] = pick(idle);
    entry.busy = true;
    try {
      if (action === 'update') {
        const body = { ...eventBody(`Soak rewritten ${Math.floor(rand(0, 1e6))}`), id };
        const updated = await this.call('eventUpdate', 'POST', eventsApi.update.path, { jwt: host.jwt, body });
        if (updated) entry.body = body;
      } else {
        const deleted = await this.call('eventDelete', 'DELETE', pathOf(eventsApi.delete, { id }), { jwt: host.jwt });
        if (deleted) host.pool.delete(id);
      }
    } finally {
      entry.busy = false;
    }
  }

  /** Launches one flyer that is not on (nor was in the last grace period), for LAUNCH_SECONDS from now. */
  async launch() {
    const now = Date.now();
    const free = this.hosts.flatMap((host) => host.flyers.filter((f) => (this.flyerBusyUntil.get(f) ?? 0) < now).map((flyer) => ({ host, flyer })));
    if (!free.length) {
      this.figures.skipped += 1;
      this.totals.skipped += 1;
      return;
    }
    const { host, flyer } = pick(free);
    const sentAt = Date.now();
    const endAt = sentAt + LAUNCH_SECONDS * 1000;
    this.flyerBusyUntil.set(flyer, endAt + LAUNCH_GRACE_MS + 1000);
    const timeline = await this.call('launch', 'POST', launchesApi.create.path, {
      jwt: host.jwt,
      body: { eventId: host.launchEvent, startDate: new Date(sentAt).toISOString(), endDate: new Date(endAt).toISOString(), flyerIds: [flyer] },
    });
    if (timeline && this.watcherChild?.connected) {
      this.watcherChild.send({ type: 'launch', eventId: host.launchEvent, flyerId: flyer, sentAt, endAt, graceMs: LAUNCH_GRACE_MS });
    }
  }

  pickOp(): Op {
    let r = Math.random();
    for (const [op, share] of MIX) {
      if ((r -= share) < 0) return op;
    }
    return 'search';
  }

  // ---- The run ----

  async prepare() {
    const started = Date.now();
    if (this.name === 'one') {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hubbub-soak-one-'));
      cleanups.add(() => fs.rm(dataDir, { recursive: true, force: true }));
      // The same directory the server opens: DATA_DIR/db.
      await this.seed({ pgliteDir: path.join(dataDir, 'db') });
      const seeded = Date.now();
      const instance = await this.spawnInstance(0, await freePort(), dataDir, {});
      await this.waitReady(instance);
      print({ setup: this.name, step: 'database', kind: 'pglite', events: EVENTS, seedSeconds: round1((seeded - started) / 1000) });
    } else {
      requireLoopback('DATABASE_URL', PG_SERVER);
      requireLoopback('REDIS_URL', REDIS_URL);
      const scratch = await createScratchDatabase('soak', { server: PG_SERVER });
      this.scratch = scratch;
      cleanups.add(() => scratch.drop());
      await this.seed({ databaseUrl: scratch.databaseUrl });
      const seeded = Date.now();
      const instances = [];
      for (let i = 0; i < 2; i++) instances.push(await this.startInstance(i, { DATABASE_URL: scratch.databaseUrl!, REDIS_URL }));
      await Promise.all(instances.map((i) => this.waitReady(i)));
      print({ setup: this.name, step: 'database', kind: 'postgres', events: EVENTS, seedSeconds: round1((seeded - started) / 1000) });
    }
    await this.fixtures();
    await this.startWatchers();
    // Setup calls are not part of the soak's figures (a failed one has already thrown).
    this.figures.ops.delete('setup');
    this.totals.ops.delete('setup');
    // Start the servers' event-loop and CPU figures from here, not from their start-up.
    for (const instance of this.instances) await this.probe(instance, false);
    this.setupSeconds = round1((Date.now() - started) / 1000);
  }

  async run() {
    this.runStarted = Date.now();
    // Before any load: what the servers hold at rest.
    const idle = await this.sample();
    print({ setup: this.name, step: 'ready', setupSeconds: this.setupSeconds, instances: this.instances.map((i) => i.url), idle });

    const runMs = MINUTES * 60_000;
    const end = this.runStarted + runMs;
    const intervalMs = INTERVAL_SECONDS * 1000;
    const sampleMs = intervalMs / 2;
    const loops: Promise<void>[] = [];
    let issued = 0;
    let lastRenewal = Date.now();

    // The load: open loop, SOAK_RATE per second, every 20 ms whatever is due.
    const generator = (async () => {
      while (!aborted && Date.now() < end) {
        const due = Math.floor(((Date.now() - this.runStarted) / 1000) * RATE) - issued;
        for (let i = 0; i < due; i++) {
          issued += 1;
          if (this.inFlight >= MAX_IN_FLIGHT) {
            this.figures.dropped += 1;
            this.totals.dropped += 1;
            continue;
          }
          this.inFlight += 1;
          const op = this.runOp(this.pickOp())
            .catch((error: unknown) => this.record('soak', undefined, { what: `the soak itself failed: ${String((error as Error)?.stack ?? error)}` }))
            .finally(() => {
              this.inFlight -= 1;
              loops.splice(loops.indexOf(op), 1);
            });
          loops.push(op);
        }
        if (Date.now() - lastRenewal > TOKEN_RENEWAL_MS) {
          lastRenewal = Date.now();
          void this.renewTokens();
        }
        await nap(20);
      }
    })();

    // The figures: a memory sample twice per interval, a line per interval.
    let intervalStarted = this.runStarted;
    let intervalIndex = 0;
    let half = 0;
    let servers: Awaited<ReturnType<SetupRun['sample']>> = [];
    const loopWorst = new Map<number, number>();
    const emit = async (final: boolean) => {
      const hub = await this.watcherReport('report');
      intervalIndex += 1;
      const line = {
        setup: this.name,
        interval: intervalIndex,
        t: this.elapsed(),
        seconds: round1((Date.now() - intervalStarted) / 1000),
        ops: this.figures.table(),
        dropped: this.figures.dropped,
        skipped: this.figures.skipped,
        servers: servers.map((s) => ({ ...s, loopP99Ms: Math.max(loopWorst.get(s.instance) ?? 0, (s as { loopP99Ms?: number }).loopP99Ms ?? 0) })),
        logs: this.instances.map((i) => ({ instance: i.index, ...i.logs })),
        hub: hub
          ? { watchers: hub.watchers, connected: hub.connected, joined: hub.joined, messages: hub.messages, byInstance: hub.messagesByInstance, unexpectedCloses: hub.unexpectedCloses, delivery: hub.audit }
          : undefined,
        ...(final ? { final: true } : {}),
      };
      this.intervalLines.push(line);
      print(line);
      this.figures = new Figures();
      intervalStarted = Date.now();
      loopWorst.clear();
    };
    while (!aborted && Date.now() < end) {
      await nap(Math.min(sampleMs, end - Date.now()));
      if (aborted) break;
      servers = await this.sample();
      half += 1;
      if (Date.now() >= end - 500) break;
      if (half % 2 === 0) await emit(false);
      else for (const s of servers) if ('loopP99Ms' in s && s.loopP99Ms !== undefined) loopWorst.set(s.instance, s.loopP99Ms);
    }
    await generator;
    // Let the operations in flight finish (they are bounded by the request timeout).
    const settle = Date.now() + REQUEST_TIMEOUT_MS + 5000;
    while (loops.length && Date.now() < settle) await sleep(50);
    if (Date.now() - intervalStarted > 1000) await emit(true);
  }

  async stop() {
    this.stopping = true;
    const shutdowns: { instance: number; code: number | null; signal: string | null; shutdownMs: number | null; exitedBefore?: boolean }[] = [];
    if (this.watcherChild) {
      const last = await this.watcherReport('stop');
      if (!last && this.watcherChild.exitCode === null) this.watcherChild.kill('SIGKILL');
    }
    await Promise.all(
      this.instances.map(async (instance) => {
        if (instance.exited) {
          // Already gone (reported as a crash): there was nothing to stop.
          shutdowns.push({ instance: instance.index, code: instance.exited.code, signal: instance.exited.signal, shutdownMs: null, exitedBefore: true });
          return;
        }
        const started = Date.now();
        const exited = new Promise<void>((resolve) => instance.child.once('exit', () => resolve()));
        instance.child.kill('SIGTERM');
        const inTime = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
        if (!inTime) {
          instance.child.kill('SIGKILL');
          await exited;
        }
        shutdowns.push({
          instance: instance.index,
          code: inTime ? instance.exited!.code : null,
          signal: inTime ? instance.exited!.signal : 'SIGKILL (no exit within 20 s of SIGTERM)',
          shutdownMs: inTime ? Date.now() - started : null,
        });
      }),
    );
    return shutdowns.sort((a, b) => a.instance - b.instance);
  }

  /**
   * Memory growth beyond noise, per instance, over the samples after the warm-up (the first
   * fifth of the run, at least 1 and at most 5 minutes: JIT, pools, caches, the allocator's
   * arenas and the database's buffers fill up then; a run with under half a minute left after
   * it is not judged). A least-squares line through the samples gives the slope; the growth it
   * predicts over the judged window must stay below
   *
   *   heap (heapUsed after a full GC): max(5 MB, 3 × the residuals' standard deviation)
   *   RSS:                             max(25 MB, 3 × the residuals' standard deviation)
   *
   * Why: after a full collection the heap of a server under steady load moves by about a
   * megabyte from sample to sample (requests and sockets in flight), so 5 MB is several
   * times the noise yet catches a leak of ~100 bytes per request over a 30-minute soak
   * (about 70,000 requests). RSS also carries the allocator's and V8's page retention and,
   * on PGlite, the WebAssembly memory of the embedded database, which grows in steps and
   * never shrinks: its floor is five times the heap's. 3σ keeps a noisy run from failing on
   * noise alone, but a steady leak has small residuals and still fails.
   */
  judgeMemory(instance: Instance) {
    const samples = instance.samples;
    const totalMinutes = samples.length ? samples.at(-1)!.t : 0;
    const warmup = Math.min(5, Math.max(1, totalMinutes / 5));
    const judged = samples.filter((s) => s.t >= warmup);
    const window = judged.length > 1 ? judged.at(-1)!.t - judged[0].t : 0;
    const judge = (key: 'heapMb' | 'rssMb', floor: number) => {
      // Under half a minute (or three samples) after the warm-up says nothing about growth.
      const line = window >= 0.5 ? fit(judged.map((s) => ({ t: s.t, v: s[key] }))) : undefined;
      const idle = samples[0]?.[key];
      // The sample that closed the first interval, and the last one.
      const firstInterval = samples.find((s) => s.t >= INTERVAL_SECONDS / 60 - 0.01)?.[key];
      const last = samples.at(-1)?.[key];
      if (!line) return { idle, firstInterval, last, ok: true, judged: false, note: 'run too short to judge growth: under half a minute after the warm-up' };
      const growth = line.slope * window;
      const limit = Math.max(floor, 3 * line.residual);
      return {
        idle,
        firstInterval,
        afterWarmup: judged[0][key],
        last,
        slopeMbPer10Min: round1(line.slope * 10),
        growthMb: round1(growth),
        noiseMb: round1(line.residual),
        limitMb: round1(limit),
        ok: growth <= limit,
        judged: true,
      };
    };
    return {
      instance: instance.index,
      samples: samples.length,
      warmupMinutes: round1(warmup),
      judgedMinutes: round1(window),
      heap: judge('heapMb', 5),
      rss: judge('rssMb', 25),
      last: samples.at(-1) ? { externalMb: samples.at(-1)!.externalMb, arrayBuffersMb: samples.at(-1)!.arrayBuffersMb, rssAnonMb: samples.at(-1)!.rssAnonMb } : undefined,
    };
  }

  summary(shutdowns: Awaited<ReturnType<SetupRun['stop']>>) {
    const ops = this.totals.table();
    const errors = Object.values(ops).reduce((s, o) => s + o.err, 0);
    const status5xx = Object.values(ops).reduce((s, o) => s + o['5xx'], 0);
    const requests = Object.entries(ops)
      .filter(([op]) => !op.startsWith('hub'))
      .reduce((s, [, o]) => s + o.n, 0);
    const memory = this.instances.map((i) => this.judgeMemory(i));
    const errorLogs = this.instances.reduce((s, i) => s + i.logs.error, 0);
    const why: string[] = [];
    if (aborted) why.push(`stopped early: ${abortReason}`);
    if (errors) why.push(`${errors} failed operations`);
    if (status5xx) why.push(`${status5xx} responses with a 5xx status`);
    if (errorLogs) why.push(`${errorLogs} server log lines at error level`);
    why.push(...this.crashed);
    for (const s of shutdowns) if (!s.exitedBefore && s.code !== 0) why.push(`instance ${s.instance} did not exit cleanly on SIGTERM (code ${s.code}, signal ${s.signal})`);
    for (const m of memory) {
      if (!m.heap.ok) why.push(`instance ${m.instance}: heap grew ${m.heap.growthMb} MB after the warm-up (limit ${m.heap.limitMb} MB)`);
      if (!m.rss.ok) why.push(`instance ${m.instance}: RSS grew ${m.rss.growthMb} MB after the warm-up (limit ${m.rss.limitMb} MB)`);
    }
    const line = {
      setup: this.name,
      summary: true,
      database: this.name === 'one' ? 'pglite' : 'postgres',
      instances: this.count,
      minutes: round1((Date.now() - this.runStarted) / 60_000),
      rate: RATE,
      requests,
      errors,
      '5xx': status5xx,
      dropped: this.totals.dropped,
      skipped: this.totals.skipped,
      ops,
      hub: { watchers: WATCHERS, ...this.hubTotals },
      memory,
      // false: the run was too short after the warm-up for the memory part of the verdict.
      memoryJudged: memory.every((m) => m.heap.judged && m.rss.judged),
      shutdown: shutdowns,
      logs: this.instances.map((i) => ({ instance: i.index, ...i.logs })),
      ok: why.length === 0,
      why,
    };
    print(line);
    return line;
  }
}

async function runSetup(name: 'one' | 'two') {
  const run = new SetupRun(name);
  let shutdowns: Awaited<ReturnType<SetupRun['stop']>> = [];
  try {
    await run.prepare();
    if (!aborted) await run.run();
  } finally {
    shutdowns = await run.stop();
    // Temporary directories and the scratch database go now, not at the very end.
    await runCleanups();
  }
  return run.summary(shutdowns);
}

async function main() {
  const setups = SETUP === 'both' ? (['one', 'two'] as const) : ([SETUP] as ('one' | 'two')[]);
  // Bounded whatever happens: the run, plus ten minutes per setup for setting up and stopping.
  const watchdog = setTimeout(() => void forceExit(1, 'the soak overran its time limit'), (setups.length * (MINUTES + 10)) * 60_000);
  watchdog.unref();
  print({
    config: true,
    setups,
    minutes: MINUTES,
    rate: RATE,
    watchers: WATCHERS,
    events: EVENTS,
    hosts: HOSTS,
    intervalSeconds: INTERVAL_SECONDS,
    launchSeconds: LAUNCH_SECONDS,
    maxInFlight: MAX_IN_FLIGHT,
    gcBeforeSamples: GC,
    mix: Object.fromEntries(MIX),
    postgres: setups.includes('two') ? PG_SERVER.replace(/\/\/[^@/]*@/, '//…@') : undefined,
    redis: setups.includes('two') ? REDIS_URL.replace(/\/\/[^@/]*@/, '//…@') : undefined,
  });
  const results = [];
  for (const name of setups) {
    if (aborted) break;
    results.push(await runSetup(name));
  }
  const ok = results.length === setups.length && results.every((r) => r.ok);
  print({ done: true, ok, setups: results.map((r) => ({ setup: r.setup, ok: r.ok, why: r.why })) });
  return ok;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  async (error: unknown) => {
    process.stderr.write(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    await runCleanups();
    process.exit(1);
  },
);
