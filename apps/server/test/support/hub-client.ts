import { WebSocket } from 'ws';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { HUB_PATH, HubServerEvents, toCamelCaseKeys, type HubServerEventName } from '@hubbub/contract';
import { TENANT } from './build.js';

export const RS = '\u001e';

// A listening app for these clients: build({ listen: true, hub }) from ./build.js.

export const hubUrl = (port: number, query = `tenant=${TENANT}`) => `http://127.0.0.1:${port}${HUB_PATH}${query ? `?${query}` : ''}`;

/** What a client received, by message name, payloads camelCased as the web client does. */
export type Received = { [K in HubServerEventName]: unknown[] };

export interface TestHub {
  connection: HubConnection;
  received: Received;
  /** Resolves with the first payload of `name` (already received or next) that matches. */
  next(name: HubServerEventName, match?: (payload: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** The official client from Node, with a handler for every server message (it warns otherwise). */
export function createHub(opts: {
  port: number;
  jwt?: string;
  query?: string;
  skipNegotiation?: boolean;
  reconnectDelays?: number[];
}): TestHub {
  const builder = new HubConnectionBuilder()
    .withUrl(hubUrl(opts.port, opts.query), {
      accessTokenFactory: opts.jwt ? () => opts.jwt! : undefined,
      transport: HttpTransportType.WebSockets,
      skipNegotiation: opts.skipNegotiation ?? false,
    })
    .configureLogging(LogLevel.None);
  if (opts.reconnectDelays) builder.withAutomaticReconnect(opts.reconnectDelays);
  const connection = builder.build();
  const received = Object.fromEntries(Object.keys(HubServerEvents).map((name) => [name, []])) as unknown as Received;
  const waiters: { name: string; match: (p: Record<string, unknown>) => boolean; resolve: (p: Record<string, unknown>) => void }[] = [];
  for (const name of Object.keys(HubServerEvents) as HubServerEventName[]) {
    connection.on(name, (payload: unknown) => {
      const camel = toCamelCaseKeys<Record<string, unknown>>(payload);
      received[name].push(camel);
      for (const waiter of [...waiters]) {
        if (waiter.name === name && waiter.match(camel)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(camel);
        }
      }
    });
  }
  return {
    connection,
    received,
    next(name, match = () => true, timeoutMs = 5000) {
      const already = (received[name] as Record<string, unknown>[]).find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ name, match, resolve: (p) => (clearTimeout(timer), resolve(p)) });
      });
    },
  };
}

/** A raw WebSocket speaking the protocol by hand, to see frames exactly as sent. */
export interface RawHub {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  frames: string[];
  send(...messages: unknown[]): void;
  next(match: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

export function openRaw(opts: { port: number; query: string; jwt?: string }): Promise<RawHub> {
  const url = `ws://127.0.0.1:${opts.port}${HUB_PATH}?${opts.query}`;
  const socket = new WebSocket(url, { headers: opts.jwt ? { authorization: `Bearer ${opts.jwt}` } : {} });
  const messages: Record<string, unknown>[] = [];
  const frames: string[] = [];
  const listeners: (() => void)[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    const text = data.toString();
    frames.push(text);
    for (const record of text.split(RS).filter(Boolean)) messages.push(JSON.parse(record) as Record<string, unknown>);
    for (const listener of [...listeners]) listener();
  });
  const raw: RawHub = {
    socket,
    messages,
    frames,
    closed,
    send: (...items) => socket.send(items.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)) + RS).join('')),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          listeners.splice(listeners.indexOf(check), 1);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.splice(listeners.indexOf(check), 1);
          reject(new Error(`no matching message within ${timeoutMs} ms: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        listeners.push(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(raw));
    socket.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    socket.once('error', reject);
  });
}

/** The status a refused upgrade answered with. */
export async function upgradeStatus(opts: { port: number; query: string; jwt?: string }): Promise<number> {
  try {
    const raw = await openRaw(opts);
    raw.socket.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}
