import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { HubServerEvents, authApi, eventsApi, flyersApi, launchesApi, pathOf, tileQueryString, type LoginResult } from '@hubbub/contract';
import { hubUrl } from './hub-client.js';

// Traffic from the soak's mix (scripts/soak.ts), smaller, for the failure tests and bench:cluster:
// searches, tiles, event pages, a host's event writes and sign-ins through the balancer, every
// call recorded; official hub clients watching one event (reconnecting by themselves, joining
// again); and launches of that event's flyers, audited per watcher.

const TENANT = 'hubbub';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

export const FLYER_CONTENT = JSON.stringify({
  version: 1,
  background: { kind: 'solid', color: '#1f2937' },
  blocks: [{ kind: 'text', id: 'title', text: 'Cluster', fontSize: 32, color: '#ffffff', align: 'center', x: 0.5, y: 0.4 }],
});

export interface CallRecord {
  op: string;
  method: string;
  /** The HTTP status; 0 for a network error, -1 for no answer within the timeout. */
  status: number;
  start: number;
  end: number;
  detail?: string;
}

export interface Account {
  email: string;
  password: string;
  jwt: string;
}

export async function call<T>(base: string, method: string, path: string, opts: { jwt?: string; body?: unknown; timeoutMs?: number } = {}): Promise<{ status: number; body?: T; detail?: string }> {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-tenant': TENANT, ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.jwt ? { authorization: `Bearer ${opts.jwt}` } : {}) },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('json') && text ? (JSON.parse(text) as T) : undefined;
    return { status: response.status, body, detail: response.ok ? undefined : text.slice(0, 200) };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    // fetch's own message is 'fetch failed': the socket's error (a reset, the other side closing) is its cause.
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return { status: timedOut ? -1 : 0, detail: [String((error as Error).message), cause?.code, cause?.message].filter(Boolean).join(': ') };
  }
}

const US = { minLat: 25, maxLat: 49, minLng: -124, maxLng: -67 };

function eventBody(name: string) {
  const start = Date.now() + rand(1, 60) * 86_400_000;
  return {
    name,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + rand(1, 6) * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    venue: 'The Long Room',
    area: { name: 'Cluster town', type: 4, latitude: rand(30, 47), longitude: rand(-120, -75), zoom: 10, city: 'Cluster town', state: 'NE', country: 'US' },
  };
}

function tilePath(): string {
  const z = Math.floor(rand(3, 13));
  const lat = rand(US.minLat, US.maxLat);
  const lng = rand(US.minLng, US.maxLng);
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lng + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return pathOf(eventsApi.tile, { z, x, y }) + tileQueryString({ startDate: new Date().toISOString(), days: 30 });
}

/** Mixed calls through `base`, `concurrency` at a time, each recorded, until stopped. */
export class Traffic {
  readonly records: CallRecord[] = [];
  /** Events the host created and was answered for: each must still be there afterwards. */
  readonly created = new Map<string, string>();
  /** Events whose last update got no answer (it may or may not have been applied): their names are not known. */
  readonly uncertain = new Set<string>();
  private readonly busy = new Set<string>();
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(private readonly opts: { base: string; host: Account; signIn: Account; eventIds: string[]; concurrency: number; pauseMs?: number }) {}

  private async record(op: string, method: string, path: string, body?: unknown, jwt?: string) {
    const start = Date.now();
    const answer = await call<{ id?: string }>(this.opts.base, method, path, { body, jwt });
    this.records.push({ op, method, status: answer.status, start, end: Date.now(), detail: answer.detail });
    return answer;
  }

  private async one(): Promise<void> {
    const r = Math.random();
    const { host } = this.opts;
    if (r < 0.4) {
      const lat = rand(US.minLat, US.maxLat - 4);
      const lng = rand(US.minLng, US.maxLng - 6);
      await this.record('search', 'POST', eventsApi.search.path, { startDate: new Date().toISOString(), days: 30, minLatitude: lat, maxLatitude: lat + 4, minLongitude: lng, maxLongitude: lng + 6 });
    } else if (r < 0.6) await this.record('tiles', 'GET', tilePath());
    else if (r < 0.75) await this.record('event', 'GET', pathOf(eventsApi.get, { id: pick(this.opts.eventIds) }));
    else if (r < 0.85) {
      const name = `Cluster written ${Math.floor(rand(0, 1e9))}`;
      const answer = await this.record('eventCreate', 'POST', eventsApi.create.path, eventBody(name), host.jwt);
      if (answer.status === 200 && answer.body?.id) this.created.set(answer.body.id, name);
    } else if (r < 0.95 && this.created.size > this.busy.size) {
      // One write at a time per event, so the name answered last is the name stored.
      const id = pick([...this.created.keys()].filter((key) => !this.busy.has(key)));
      const name = `Cluster rewritten ${Math.floor(rand(0, 1e9))}`;
      this.busy.add(id);
      const answer = await this.record('eventUpdate', 'POST', eventsApi.update.path, { ...eventBody(name), id }, host.jwt).finally(() => this.busy.delete(id));
      if (answer.status === 200) {
        this.created.set(id, name);
        this.uncertain.delete(id);
      } else if (answer.status <= 0 || answer.status === 502) this.uncertain.add(id);
    } else {
      await this.record('signIn', 'POST', authApi.login.path, { email: this.opts.signIn.email, password: this.opts.signIn.password });
    }
  }

  start(): void {
    this.running = true;
    for (let i = 0; i < this.opts.concurrency; i++) {
      this.workers.push(
        (async () => {
          while (this.running) {
            await this.one();
            await sleep(this.opts.pauseMs ?? 20);
          }
        })(),
      );
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    this.workers = [];
  }

  /** Calls that did not answer 2xx, started within [from, to]. */
  failures(from = 0, to = Infinity): CallRecord[] {
    return this.records.filter((r) => r.start >= from && r.start <= to && !(r.status >= 200 && r.status < 300));
  }

  /** Calls started within [from, to]. */
  between(from: number, to: number): CallRecord[] {
    return this.records.filter((r) => r.start >= from && r.start <= to);
  }
}

interface Receipt {
  name: 'FlyerStarted' | 'FlyerStopped';
  flyerId: string;
  at: number;
}

/** An official client watching one event through the balancer; it reconnects by itself and joins again. */
export class Watcher {
  readonly receipts: Receipt[] = [];
  /** When each join (the first and each one after a reconnect) was acknowledged. */
  readonly joins: number[] = [];
  /** When the connection was lost (reconnecting) and when it came back. */
  readonly gaps: { from: number; to?: number }[] = [];
  closed = false;
  readonly connection: HubConnection;

  constructor(
    port: number,
    jwt: string,
    private readonly eventId: string,
  ) {
    this.connection = new HubConnectionBuilder()
      .withUrl(hubUrl(port), { accessTokenFactory: () => jwt, transport: HttpTransportType.WebSockets })
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (context) => (context.elapsedMilliseconds > 60_000 ? null : Math.min(250 * 2 ** context.previousRetryCount, 2000)) })
      .configureLogging(LogLevel.None)
      .build();
    for (const name of ['FlyerStarted', 'FlyerStopped'] as const) {
      this.connection.on(name, (payload: { Id?: string; id?: string }) => this.receipts.push({ name, flyerId: String(payload.Id ?? payload.id), at: Date.now() }));
    }
    // Every other message the server may send, so the client does not warn.
    for (const name of Object.keys(HubServerEvents)) if (name !== 'FlyerStarted' && name !== 'FlyerStopped') this.connection.on(name, () => {});
    this.connection.onreconnecting(() => this.gaps.push({ from: Date.now() }));
    this.connection.onreconnected(() => {
      const gap = this.gaps.at(-1);
      if (gap && gap.to === undefined) gap.to = Date.now();
      void this.join();
    });
    this.connection.onclose(() => (this.closed = true));
  }

  async join(): Promise<void> {
    const joined = await this.connection.invoke('JoinEventSession', this.eventId).catch(() => false);
    if (joined === true) this.joins.push(Date.now());
  }

  async start(): Promise<void> {
    await this.connection.start();
    await this.join();
  }

  get watching(): boolean {
    return this.connection.state === HubConnectionState.Connected && this.joins.length > 0;
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }
}

export interface Launch {
  /** The timeline's id. */
  id: string;
  flyerId: string;
  start: number;
  end: number;
}

/** Launches one flyer of the event from `inMs` from now for `seconds`; answers the launch as scheduled. */
export async function launchFlyer(base: string, host: Account, eventId: string, flyerId: string, inMs: number, seconds: number): Promise<Launch> {
  const start = Date.now() + inMs;
  const end = start + seconds * 1000;
  const answer = await call<{ id: string }>(base, 'POST', launchesApi.create.path, {
    jwt: host.jwt,
    body: { eventId, startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(), flyerIds: [flyerId] },
  });
  if (answer.status !== 200 || !answer.body) throw new Error(`launch refused: ${answer.status} ${answer.detail}`);
  return { id: answer.body.id, flyerId, start, end };
}

/**
 * What each watcher missed or got twice of a launch, `graceMs` after its window: every watcher saw
 * it start (live, or from the join after a reconnect); none saw it start more often than once plus
 * its joins meanwhile; each that stayed connected through the end saw it stop, once.
 */
export function auditLaunch(watchers: Watcher[], launch: Launch, graceMs: number): string[] {
  const problems: string[] = [];
  const from = launch.start - 500;
  const to = launch.end + graceMs;
  for (const [i, watcher] of watchers.entries()) {
    const got = (name: Receipt['name'], a: number, b: number) => watcher.receipts.filter((r) => r.name === name && r.flyerId === launch.flyerId && r.at >= a && r.at <= b).length;
    const started = got('FlyerStarted', from, to);
    const joinsMeanwhile = watcher.joins.filter((t) => t >= from && t <= to).length;
    if (started === 0) problems.push(`watcher ${i} never saw flyer ${launch.flyerId} start (window ${new Date(launch.start).toISOString()} to ${new Date(launch.end).toISOString()})`);
    if (started > 1 + joinsMeanwhile) problems.push(`watcher ${i} saw flyer ${launch.flyerId} start ${started} times with ${joinsMeanwhile} joins meanwhile`);
    const stopped = got('FlyerStopped', launch.end - 1000, to);
    const reconnectedAroundEnd = watcher.gaps.some((g) => g.from <= to && (g.to ?? Infinity) >= launch.end - 1000);
    if (stopped > 1) problems.push(`watcher ${i} saw flyer ${launch.flyerId} stop ${stopped} times`);
    if (stopped === 0 && !reconnectedAroundEnd) problems.push(`watcher ${i} never saw flyer ${launch.flyerId} stop`);
  }
  return problems;
}

/** A verified account: registered, its code read from the outbox in the shared DATA_DIR, logged in. */
export async function login(base: string, email: string, password: string): Promise<Account> {
  const answer = await call<LoginResult>(base, 'POST', authApi.login.path, { body: { email, password } });
  if (answer.status !== 200 || !answer.body) throw new Error(`login failed: ${answer.status} ${answer.detail}`);
  return { email, password, jwt: answer.body.jwt };
}

/** The host's event for the buzz, with `flyers` flyers. */
export async function buzzEvent(base: string, host: Account, flyers: number): Promise<{ eventId: string; flyerIds: string[] }> {
  const start = Date.now() + 3_600_000;
  const event = await call<{ id: string }>(base, 'POST', eventsApi.create.path, {
    jwt: host.jwt,
    body: { ...eventBody('Cluster buzz'), startDate: new Date(start).toISOString(), endDate: new Date(start + 3 * 3_600_000).toISOString() },
  });
  if (event.status !== 200 || !event.body) throw new Error(`event refused: ${event.status} ${event.detail}`);
  const flyerIds: string[] = [];
  for (let i = 0; i < flyers; i++) {
    const flyer = await call<{ id: string }>(base, 'POST', flyersApi.create.path, { jwt: host.jwt, body: { eventId: event.body.id, name: `Cluster flyer ${i}`, contentJson: FLYER_CONTENT } });
    if (flyer.status !== 200 || !flyer.body) throw new Error(`flyer refused: ${flyer.status} ${flyer.detail}`);
    flyerIds.push(flyer.body.id);
  }
  return { eventId: event.body.id, flyerIds };
}
