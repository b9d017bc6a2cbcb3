import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HubMethods } from '@hubbub/contract';
import type { BuildOptions } from '../../app-context.js';
import { authenticateRealtime } from '../auth/service.js';
import { hubPlugin } from '../hub/index.js';
import { EventSessions } from './service.js';

/** Runs the hub with Hubbub's live event sessions plugged in, and gives services their broadcaster. */
export const eventSessionsPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string; hub?: BuildOptions['hub'] }) => {
  const ctx = app.ctx;
  await app.register(hubPlugin, {
    ...opts.hub,
    jwtSecret: opts.jwtSecret,
    authenticate: (request) => authenticateRealtime({ ctx, ...request }),
    setup(hub) {
      const sessions = new EventSessions(ctx, hub);
      hub.useMethods(HubMethods, sessions.handlers);
      hub.onLeave((group) => sessions.watchers.changed(group));
      hub.onShutdown(() => sessions.watchers.stop());
      ctx.realtime = sessions;
    },
  });
});
