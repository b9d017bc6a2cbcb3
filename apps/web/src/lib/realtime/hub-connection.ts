import { DEFAULT_TENANT, HUB_KEEP_ALIVE_MS, HUB_PATH, HUB_TIMEOUT_MS } from '@hubbub/contract';
import { hubRetryPolicy } from './retry-policy';

/** The slice of SignalR's HubConnection the realtime client uses; tests hand in a fake. */
export interface HubConnectionLike {
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  on(name: string, handler: (...args: unknown[]) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  onclose(callback: (error?: Error) => void): void;
}

export type ConnectionFactory = (options: { accessTokenFactory: () => string }) => Promise<HubConnectionLike>;

/** Same origin; the tenant rides in the URL because browsers cannot set headers on a WebSocket. */
export const HUB_URL = `${HUB_PATH}?tenant=${encodeURIComponent(DEFAULT_TENANT)}`;

/** Loads @microsoft/signalr on first use so only the buzz route pays for it. */
export const createSignalRConnection: ConnectionFactory = async ({ accessTokenFactory }) => {
  const signalR = await import('@microsoft/signalr');
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(HUB_URL, { accessTokenFactory })
    .withAutomaticReconnect(hubRetryPolicy)
    .configureLogging(import.meta.env.DEV ? signalR.LogLevel.Information : signalR.LogLevel.Warning)
    .build();
  connection.serverTimeoutInMilliseconds = HUB_TIMEOUT_MS;
  connection.keepAliveIntervalInMilliseconds = HUB_KEEP_ALIVE_MS;
  return connection;
};
