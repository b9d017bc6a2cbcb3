// The ASP.NET Core SignalR JSON hub protocol, version 1, as far as the hub uses it.
export const RS = '\u001e';
export const JSON_PROTOCOL = 'json';
export const PROTOCOL_VERSION = 1;

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

/** A hub message as received: only the fields the hub reads are trusted after checks. */
export type IncomingMessage = { type: number } & Record<string, unknown>;

/** Splits buffered text into complete records; the rest waits for the next frame. */
export function splitRecords(buffer: string): { records: string[]; rest: string } {
  const parts = buffer.split(RS);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

export const frame = (message: unknown) => JSON.stringify(message) + RS;

export type HandshakeResult = { ok: true } | { ok: false; error: string };

export function checkHandshake(record: string): HandshakeResult {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return { ok: false, error: 'The handshake request is not valid JSON.' };
  }
  const { protocol, version } = (request ?? {}) as { protocol?: unknown; version?: unknown };
  if (protocol !== JSON_PROTOCOL) return { ok: false, error: `The protocol '${String(protocol)}' is not supported; use 'json'.` };
  if (version !== PROTOCOL_VERSION) return { ok: false, error: `The protocol version '${String(version)}' is not supported; use 1.` };
  return { ok: true };
}

export const handshakeResponse = (error?: string) => frame(error ? { error } : {});

export function parseMessage(record: string): IncomingMessage | undefined {
  try {
    const message = JSON.parse(record) as unknown;
    if (typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'number') {
      return message as IncomingMessage;
    }
  } catch {
    // Falls through: the caller closes the connection on an unreadable message.
  }
  return undefined;
}

export const pingFrame = frame({ type: MessageType.Ping });

export const closeFrame = (opts: { error?: string; allowReconnect?: boolean }) =>
  frame({ type: MessageType.Close, ...(opts.error ? { error: opts.error } : {}), ...(opts.allowReconnect ? { allowReconnect: true } : {}) });

export const completionFrame = (invocationId: string, outcome: { result?: unknown; error?: string }) =>
  frame(
    outcome.error !== undefined
      ? { type: MessageType.Completion, invocationId, error: outcome.error }
      : { type: MessageType.Completion, invocationId, ...(outcome.result !== undefined ? { result: outcome.result } : {}) },
  );

/** A server-to-client call: no invocationId, so the client sends nothing back. */
export const invocationFrame = (target: string, args: unknown[]) => frame({ type: MessageType.Invocation, target, arguments: args });
