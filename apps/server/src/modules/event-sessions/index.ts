import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../../lib/metrics.js';
import { HubMethods } from '@hubbub/contract';
import type { RealtimeRelay } from '../../lib/realtime.js';
import { authenticateRealtime } from '../auth/service.js';
import { ChatHub } from '../chats/index.js';
import { DoorHub } from '../check-in/index.js';
import { hubPlugin, type Backplane, type HubTimings, type MemberCounts } from '../hub/index.js';
import { serverEventFrame } from './frames.js';
import { EventSessions } from './service.js';
import { DEFAULT_WATCHER_ANNOUNCE_MS } from './watchers.js';

/** Hub timings and the watcher announcement window (tests shorten them), its backplane and member counts (Redis when REDIS_URL is set). */
export type LiveHubOptions = Partial<HubTimings> & { watcherAnnounceMs?: number; backplane?: Backplane; memberCounts?: MemberCounts };

/** Runs the hub with Hubbub's live event sessions plugged in, and has the services' relay (the context's realtime) serve them. */
export const eventSessionsPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string; hub?: LiveHubOptions; relay: RealtimeRelay; metrics: Metrics }) => {
  const ctx = app.ctx;
  const { watcherAnnounceMs = DEFAULT_WATCHER_ANNOUNCE_MS, ...hubOptions } = opts.hub ?? {};
  await app.register(hubPlugin, {
    ...hubOptions,
    jwtSecret: opts.jwtSecret,
    metrics: opts.metrics,
    now: () => ctx.now(),
    authenticate: (request) => authenticateRealtime({ ctx, ...request }),
    // Spec 7: KeepAliveEvent goes out with every ping.
    keepAliveFrame: () => serverEventFrame('KeepAliveEvent', { at: new Date().toISOString() }),
    setup(hub) {
      const sessions = new EventSessions(ctx, hub, watcherAnnounceMs);
      const chats = new ChatHub(ctx, hub);
      const door = new DoorHub(ctx, hub);
      hub.useMethods(HubMethods, { ...sessions.handlers, ...chats.handlers, ...door.handlers });
      hub.onShutdown(() => sessions.watchers.stop());
      opts.relay.serve(sessions);
    },
  });
});
