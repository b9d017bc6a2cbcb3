import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { HUB_KEEP_ALIVE_MS, HUB_MAX_MESSAGE_BYTES, HUB_TIMEOUT_MS, HubServerEvents, toPascalCaseKeys, type HubServerEventName } from '@hubbub/contract';
import type { AuthInfo } from '../../app-context.js';
import { HubConnection, type Dispatch } from './connection.js';
import { Groups, createLocalBus, type GroupBus } from './groups.js';
import { invocationFrame, pingFrame } from './protocol.js';

export interface HubTimings {
  keepAliveMs: number;
  timeoutMs: number;
  maxMessageBytes: number;
  /** How long shutdown waits for clients to close after the Close message. */
  closeGraceMs: number;
  /** Joins and leaves within this window share one EventWatcherUpdated, so a crowd joining costs O(n), not O(n²). */
  watcherAnnounceMs: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  keepAliveMs: HUB_KEEP_ALIVE_MS,
  timeoutMs: HUB_TIMEOUT_MS,
  maxMessageBytes: HUB_MAX_MESSAGE_BYTES,
  closeGraceMs: 1000,
  watcherAnnounceMs: 250,
};

const MAX_QUEUED_INVOCATIONS = 64;

/** Builds a frame for a server-to-client message: validated by the contract, PascalCase on the wire. */
export function serverEventFrame<K extends HubServerEventName>(name: K, payload: unknown): Buffer {
  const parsed = HubServerEvents[name].parse(payload);
  return Buffer.from(invocationFrame(name, [toPascalCaseKeys(parsed)]));
}

/** Every open hub connection of this instance, their groups, and the keep-alive clock. */
export class HubRuntime {
  readonly connections = new Map<string, HubConnection>();
  readonly groups: Groups;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly sweepTimer: NodeJS.Timeout;
  /** Called when a connection closes, to tell its groups the watcher count changed. */
  onDisconnect: (connection: HubConnection) => void = () => {};

  constructor(
    readonly timings: HubTimings,
    private readonly dispatch: Dispatch,
    private readonly log: FastifyBaseLogger,
    private readonly bus: GroupBus = createLocalBus(),
  ) {
    this.groups = new Groups(bus);
    // One clock for all connections rather than two timers per connection.
    this.pingTimer = setInterval(() => this.ping(), timings.keepAliveMs);
    this.sweepTimer = setInterval(() => this.sweep(), Math.max(10, Math.min(1000, timings.timeoutMs / 4)));
    this.pingTimer.unref();
    this.sweepTimer.unref();
  }

  accept(socket: WebSocket, id: string, auth: AuthInfo): HubConnection {
    const connection = new HubConnection({
      id,
      auth,
      socket,
      maxMessageBytes: this.timings.maxMessageBytes,
      maxQueued: MAX_QUEUED_INVOCATIONS,
      dispatch: this.dispatch,
      log: this.log,
      onClosed: (closed) => this.forget(closed),
    });
    this.connections.set(id, connection);
    this.log.debug({ connectionId: id, userId: auth.userId }, 'hub connection opened');
    return connection;
  }

  private forget(connection: HubConnection): void {
    if (this.connections.get(connection.id) !== connection) return;
    this.connections.delete(connection.id);
    this.onDisconnect(connection);
    this.log.debug({ connectionId: connection.id }, 'hub connection closed');
  }

  private ping(): void {
    // The same two messages for everyone, serialised once per tick: a protocol ping and the app-level KeepAliveEvent.
    const frame = Buffer.concat([Buffer.from(pingFrame), serverEventFrame('KeepAliveEvent', { at: new Date().toISOString() })]);
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

  /** Sends one message to every member of a group, on every instance the bus reaches. */
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
    this.groups.clear();
    await this.bus.close();
  }
}
