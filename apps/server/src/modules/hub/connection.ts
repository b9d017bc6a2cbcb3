import type { WebSocket, RawData } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { HubIdentity } from './identity.js';
import type { GroupMember } from './groups.js';
import { completionError } from './hub-error.js';
import {
  MessageType,
  checkHandshake,
  closeFrame,
  completionFrame,
  handshakeResponse,
  parseMessage,
  splitRecords,
  type IncomingMessage,
} from './protocol.js';

/**
 * Runs one hub method; its value becomes the completion's result. Declared here, where it is
 * called (methods.ts makes one), so the connection and the method table do not import each other.
 */
export type Dispatch = (connection: HubConnection, target: string, args: unknown[]) => Promise<unknown>;

export interface ConnectionOptions {
  id: string;
  auth: HubIdentity;
  socket: WebSocket;
  maxMessageBytes: number;
  /** More queued invocations than this close the connection: the client is not waiting for answers. */
  maxQueued: number;
  dispatch: Dispatch;
  onClosed(connection: HubConnection): void;
  /** Each frame handed to the socket (the runtime counts them for /metrics). */
  onSent?(): void;
  log: FastifyBaseLogger;
}

/** One client's WebSocket speaking the JSON hub protocol. */
export class HubConnection implements GroupMember {
  readonly id: string;
  readonly auth: HubIdentity;
  lastReceivedAt = Date.now();
  handshaken = false;
  closed = false;
  private buffer = '';
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(private readonly opts: ConnectionOptions) {
    this.id = opts.id;
    this.auth = opts.auth;
    opts.socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    opts.socket.on('close', () => this.finish());
    opts.socket.on('error', () => this.finish());
  }

  sendFrame(frame: Buffer | string): void {
    if (this.closed || this.opts.socket.readyState !== this.opts.socket.OPEN) return;
    this.opts.socket.send(frame, { binary: false });
    this.opts.onSent?.();
  }

  /** Sends Close (so the official client knows whether to reconnect) and ends the socket. */
  close(opts: { error?: string; allowReconnect?: boolean } = {}): void {
    if (this.closed) return;
    this.sendFrame(closeFrame(opts));
    this.opts.socket.close(1000);
    this.finish();
  }

  /** True until the socket is fully closed, which may be after close() while the client answers. */
  socketOpen(): boolean {
    return this.opts.socket.readyState !== this.opts.socket.CLOSED;
  }

  terminate(): void {
    this.opts.socket.terminate();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.opts.onClosed(this);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    this.lastReceivedAt = Date.now();
    if (isBinary) return this.close({ error: 'Only the Text transfer format is supported.' });
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const { records, rest } = splitRecords(this.buffer + text);
    this.buffer = rest;
    const limit = this.opts.maxMessageBytes;
    const tooLarge = `The message exceeds the maximum message size of ${limit} bytes.`;
    if (Buffer.byteLength(rest) > limit) return this.close({ error: tooLarge });
    for (const record of records) {
      if (this.closed) return;
      if (Buffer.byteLength(record) > limit) return this.close({ error: tooLarge });
      if (!this.handshaken) {
        const result = checkHandshake(record);
        this.sendFrame(handshakeResponse(result.ok ? undefined : result.error));
        if (!result.ok) return this.close();
        this.handshaken = true;
        continue;
      }
      const message = parseMessage(record);
      if (!message) return this.close({ error: 'The message is not valid JSON of the hub protocol.' });
      this.handle(message);
    }
  }

  private handle(message: IncomingMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        return this.enqueue(message);
      case MessageType.StreamInvocation: {
        const id = typeof message.invocationId === 'string' ? message.invocationId : undefined;
        if (id) this.sendFrame(completionFrame(id, { error: 'Streaming hub methods are not supported.' }));
        return;
      }
      case MessageType.Close:
        return this.close();
      // Ping only proves liveness (lastReceivedAt); cancel and client results have nothing to act on.
      default:
        return;
    }
  }

  /** One invocation at a time, in arrival order, so a client sees its calls applied in order. */
  private enqueue(message: IncomingMessage): void {
    if (this.queued >= this.opts.maxQueued) return this.close({ error: 'Too many invocations are waiting; slow down.' });
    this.queued++;
    this.queue = this.queue.then(async () => {
      try {
        await this.invoke(message);
      } finally {
        this.queued--;
      }
    });
  }

  private async invoke(message: IncomingMessage): Promise<void> {
    const invocationId = typeof message.invocationId === 'string' ? message.invocationId : undefined;
    const target = typeof message.target === 'string' ? message.target : '';
    const args = Array.isArray(message.arguments) ? message.arguments : [];
    if (Array.isArray(message.streamIds) && message.streamIds.length) {
      if (invocationId) this.sendFrame(completionFrame(invocationId, { error: 'Streaming arguments are not supported.' }));
      return;
    }
    try {
      const result = await this.opts.dispatch(this, target, args);
      if (invocationId) this.sendFrame(completionFrame(invocationId, { result: result ?? undefined }));
    } catch (error) {
      const { message: text, expected } = completionError(target, error);
      if (!expected) this.opts.log.error({ err: error, target, connectionId: this.id }, 'hub method failed');
      // A message without invocationId gets no reply, not even an error.
      if (invocationId) this.sendFrame(completionFrame(invocationId, { error: text }));
    }
  }
}
