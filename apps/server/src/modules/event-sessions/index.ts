import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HubMethods } from '@hubbub/contract';
import type { BuildOptions } from '../../app-context.js';
import { authenticateRealtime } from '../auth/service.js';
import { hubPlugin } from '../hub/index.js';
import { serverEventFrame } from './frames.js';
import { EventSessions } from './service.js';
import { DEFAULT_WATCHER_ANNOUNCE_MS } from './watchers.js';

/** Runs the hub with Hubbub's live event sessions plugged in, and gives services their broadcaster. */
export const eventSessionsPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string; hub?: BuildOptions['hub'] }) => {
  const ctx = app.ctx;
  const { watcherAnnounceMs = DEFAULT_WATCHER_ANNOUNCE_MS, ...hubOptions } = opts.hub ?? {};
  await app.register(hubPlugin, {
    ...hubOptions,
    jwtSecret: opts.jwtSecret,
    now: () => ctx.now(),
    authenticate: (request) => authenticateRealtime({ ctx, ...request }),
    // Spec 7: KeepAliveEvent goes out with every ping.
    keepAliveFrame: () => serverEventFrame('KeepAliveEvent', { at: new Date().toISOString() }),
    setup(hub) {
      const sessions = new EventSessions(ctx, hub, watcherAnnounceMs);
      hub.useMethods(HubMethods, sessions.handlers);
      hub.onShutdown(() => sessions.watchers.stop());
      ctx.realtime = sessions;
    },
  });
});
