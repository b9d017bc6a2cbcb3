import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../../lib/metrics.js';
import type { Backplane } from './backplane.js';
import type { HubAuthenticate } from './credentials.js';
import type { MemberCounts } from './member-counts.js';
import { negotiateRoutes } from './negotiate.js';
import { DEFAULT_HUB_TIMINGS, HubRuntime, type HubTimings } from './runtime.js';
import { attachWebSocket } from './websocket.js';

// The hub framework: the SignalR JSON protocol over WebSockets, groups, a backplane
// and member counts. It knows nothing of Hubbub: the app plugs in who the caller is
// (authenticate) and what the hub does (setup: methods, leave, signal and shutdown hooks).
export type { Backplane } from './backplane.js';
export { createBatchedRead, type BatchedRead } from './batched-read.js';
export { createLocalBackplane } from './backplane.js';
export type { HubConnection } from './connection.js';
export { HubError } from './hub-error.js';
export type { MemberCounts } from './member-counts.js';
export type { HubHandlers } from './methods.js';
export { createRedisBackplane } from './redis-backplane.js';
export { createRedisMemberCounts } from './redis-member-counts.js';
export type { HubIdentity } from './identity.js';
export { invocationFrame } from './protocol.js';
export type { HubRuntime, HubTimings } from './runtime.js';

export type { HubAuthenticate } from './credentials.js';

export interface HubOptions extends Partial<HubTimings> {
  /** Signs connection tokens; the app's JWT secret so every instance can check them. */
  jwtSecret: string;
  authenticate: HubAuthenticate;
  backplane?: Backplane;
  memberCounts?: MemberCounts;
  keepAliveFrame?: () => Buffer;
  /** The app's clock (connection tokens expire by it). */
  now: () => Date;
  /** Plugs the app's methods and hooks into the runtime before any client connects. */
  setup(hub: HubRuntime): void;
  metrics: Metrics;
}

/** The realtime hub at /Engine/hub (spec 7 "Realtime hub"). */
export const hubPlugin = fp(async (app: FastifyInstance, opts: HubOptions) => {
  const { jwtSecret, authenticate, backplane, memberCounts, keepAliveFrame, now, setup, metrics, ...timings } = opts;
  const hub = new HubRuntime({ timings: { ...DEFAULT_HUB_TIMINGS, ...timings }, log: app.log, backplane, memberCounts, keepAliveFrame });
  metrics.gauge('hubbub_hub_connections', 'Open hub connections on this instance.', [], async () => [{ labels: {}, value: hub.connections.size }]);
  metrics.total('hubbub_hub_frames_sent_total', 'Frames sent to hub clients of this instance (flyers, messages, counts, keep-alives).', () => hub.framesSent);
  metrics.gauge('hubbub_hub_groups', 'Hub groups with a member on this instance (an event\'s watchers, a door, a person).', [], async () => [{ labels: {}, value: hub.groups.size }]);
  const lag = backplane?.lagSeconds?.bind(backplane);
  if (lag) metrics.gauge('hubbub_hub_backplane_lag_seconds', 'How far behind the shared backplane (Redis) is: its last probe\'s round trip, or the oldest unanswered one\'s age.', [], async () => [{ labels: {}, value: lag() }]);
  setup(hub);
  await app.register(negotiateRoutes, { secret: jwtSecret, authenticate, now });
  const detach = attachWebSocket({ app, hub, secret: jwtSecret, authenticate, now });
  // preClose runs before the HTTP server stops, while clients can still read the Close message.
  app.addHook('preClose', async () => {
    await hub.shutdown();
    await detach();
  });
});
