import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { HUB_KEEP_ALIVE_MS, HUB_MAX_MESSAGE_BYTES, HUB_TIMEOUT_MS } from '@hubbub/contract';
import type { HubIdentity } from './identity.js';
import { createLocalBackplane, type Backplane } from './backplane.js';
import { HubConnection, type Dispatch } from './connection.js';
import { Groups } from './groups.js';
import { HubError } from './hub-error.js';
import { createLocalMemberCounts, type MemberCounts } from './member-counts.js';
import { createDispatch, type HubHandlers, type HubMethodSpecs } from './methods.js';
import { pingFrame } from './protocol.js';

export interface HubTimings {
  keepAliveMs: number;
  timeoutMs: number;
  maxMessageBytes: number;
  /** How long shutdown waits for clients to close after the Close message. */
  closeGraceMs: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  keepAliveMs: HUB_KEEP_ALIVE_MS,
  timeoutMs: HUB_TIMEOUT_MS,
  maxMessageBytes: HUB_MAX_MESSAGE_BYTES,
  closeGraceMs: 1000,
};

const MAX_QUEUED_INVOCATIONS = 64;
/** Signals travel the backplane like group frames, on groups of their own. */
const SIGNAL_PREFIX = 'hub-signal:';
/** Connections are counted per tenant like a group's members, under this prefix (no group of that name exists). */
const CONNECTIONS_KEY = 'connections:';

export interface HubRuntimeOptions {
  timings: HubTimings;
  log: FastifyBaseLogger;
  /** In-process when absent (one instance). */
  backplane?: Backplane;
  /** This instance's own counts when absent. */
  memberCounts?: MemberCounts;
  /** An app-level message sent with every protocol ping (Hubbub's KeepAliveEvent). */
  keepAliveFrame?: () => Buffer;
}

/** Every open hub connection of this instance, their groups, the methods they may call and the keep-alive clock. */
export class HubRuntime {
  readonly connections = new Map<string, HubConnection>();
  /** Frames sent to clients of this instance since it started (/metrics). */
  framesSent = 0;
  readonly groups: Groups;
  readonly timings: HubTimings;
  private readonly log: FastifyBaseLogger;
  private readonly backplane: Backplane;
  private readonly memberCounts: MemberCounts;
  private readonly keepAliveFrame?: () => Buffer;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly sweepTimer: NodeJS.Timeout;
  private dispatch: Dispatch = async (_connection, target) => {
    throw new HubError(`Unknown hub method '${target.slice(0, 100)}'.`);
  };
  private readonly leaveListeners: ((group: string, connection: HubConnection) => void)[] = [];
  private readonly shutdownListeners: (() => Promise<void> | void)[] = [];
  private readonly signalSubscriptions: (() => void)[] = [];
  /** tenant id → open connections of this instance. */
  private readonly perTenant = new Map<string, number>();

  constructor(opts: HubRuntimeOptions) {
    this.timings = opts.timings;
    this.log = opts.log;
    this.backplane = opts.backplane ?? createLocalBackplane();
    this.memberCounts = opts.memberCounts ?? createLocalMemberCounts();
    this.keepAliveFrame = opts.keepAliveFrame;
    this.groups = new Groups(this.backplane, this.memberCounts);
    // One clock for all connections rather than two timers per connection.
    this.pingTimer = setInterval(() => this.ping(), this.timings.keepAliveMs);
    this.sweepTimer = setInterval(() => this.sweep(), Math.max(10, Math.min(1000, this.timings.timeoutMs / 4)));
    this.pingTimer.unref();
    this.sweepTimer.unref();
  }

  /** The methods clients may invoke: a table from the contract and its typed handlers. */
  useMethods<M extends HubMethodSpecs>(specs: M, handlers: HubHandlers<M>): void {
    this.dispatch = createDispatch(specs, handlers);
  }

  /** Called for each group a closing connection was still in, after it left. */
  onLeave(listener: (group: string, connection: HubConnection) => void): void {
    this.leaveListeners.push(listener);
  }

  /** Runs `handler` on every instance (this one included) each time `signal(name, data)` is sent anywhere. */
  onSignal<T>(name: string, handler: (data: T) => void | Promise<void>): void {
    const unsubscribe = this.backplane.subscribe(SIGNAL_PREFIX + name, (frame) => {
      // A handler may read the database (who may still see an event): its failure is logged, not thrown at the backplane.
      Promise.resolve()
        .then(() => handler(JSON.parse(frame.toString('utf8')) as T))
        .catch((error: unknown) => this.log.warn({ err: error, signal: name }, 'hub signal handler failed'));
    });
    this.signalSubscriptions.push(unsubscribe);
  }

  /** Tells every instance something about its connections (a session ended, someone was blocked). */
  async signal(name: string, data: unknown): Promise<void> {
    await this.backplane.publish(SIGNAL_PREFIX + name, Buffer.from(JSON.stringify(data)));
  }

  /** Connections of this instance that match, e.g. those of one session. */
  connectionsWhere(match: (connection: HubConnection) => boolean): HubConnection[] {
    return [...this.connections.values()].filter(match);
  }

  /** Called at shutdown, before the backplane closes (timers of the app's own to clear). */
  onShutdown(listener: () => Promise<void> | void): void {
    this.shutdownListeners.push(listener);
  }

  accept(socket: WebSocket, id: string, auth: HubIdentity): HubConnection {
    const connection = new HubConnection({
      id,
      auth,
      socket,
      maxMessageBytes: this.timings.maxMessageBytes,
      maxQueued: MAX_QUEUED_INVOCATIONS,
      dispatch: (c, target, args) => this.dispatch(c, target, args),
      log: this.log,
      onClosed: (closed) => this.forget(closed),
      onSent: () => (this.framesSent += 1),
    });
    this.connections.set(id, connection);
    this.countTenant(auth.tenant.id, 1);
    this.log.debug({ connectionId: id, userId: auth.userId }, 'hub connection opened');
    return connection;
  }

  private forget(connection: HubConnection): void {
    if (this.connections.get(connection.id) !== connection) return;
    this.connections.delete(connection.id);
    this.countTenant(connection.auth.tenant.id, -1);
    for (const group of this.groups.leaveAll(connection)) {
      for (const listener of this.leaveListeners) listener(group, connection);
    }
    this.log.debug({ connectionId: connection.id }, 'hub connection closed');
  }

  private countTenant(tenantId: string, delta: number): void {
    const n = (this.perTenant.get(tenantId) ?? 0) + delta;
    if (n > 0) this.perTenant.set(tenantId, n);
    else this.perTenant.delete(tenantId);
    this.memberCounts.total(CONNECTIONS_KEY + tenantId, n).catch((error: unknown) => this.log.warn({ err: error }, 'recording the hub connection count failed'));
  }

  /** Open connections of a tenant over every instance. */
  connectionTotal(tenantId: string): Promise<number> {
    return this.memberCounts.peek(CONNECTIONS_KEY + tenantId, this.perTenant.get(tenantId) ?? 0);
  }

  private ping(): void {
    // The same messages for everyone, serialised once per tick: a protocol ping and the app's keep-alive, if any.
    const ping = Buffer.from(pingFrame);
    const frame = this.keepAliveFrame ? Buffer.concat([ping, this.keepAliveFrame()]) : ping;
    for (const connection of this.connections.values()) if (connection.handshaken) connection.sendFrame(frame);
  }

  private sweep(): void {
    const deadline = Date.now() - this.timings.timeoutMs;
    for (const connection of this.connections.values()) {
      if (connection.lastReceivedAt < deadline) {
        connection.close({ error: 'Server timeout elapsed without receiving a message from the client.' });
      }
    }
  }

  /** Sends one message to every member of a group, on every instance the backplane reaches. */
  async broadcast(group: string, frame: Buffer): Promise<void> {
    await this.groups.publish(group, frame);
  }

  /** Shutdown: Close with allowReconnect so clients come back to the next instance, then end the sockets. */
  async shutdown(): Promise<void> {
    clearInterval(this.pingTimer);
    clearInterval(this.sweepTimer);
    const open = [...this.connections.values()];
    for (const connection of open) connection.close({ allowReconnect: true });
    const deadline = Date.now() + this.timings.closeGraceMs;
    // ws's close waits for the client's close frame; past the grace period, cut the rest.
    while (open.some((c) => c.socketOpen()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const connection of open) if (connection.socketOpen()) connection.terminate();
    for (const listener of this.shutdownListeners) await listener();
    for (const unsubscribe of this.signalSubscriptions) unsubscribe();
    this.groups.clear();
    await this.backplane.close();
    await this.memberCounts.close();
  }
}
