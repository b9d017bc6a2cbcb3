import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDispatch, leaveAllGroups } from './hub.js';
import { negotiateRoutes } from './negotiate.js';
import { DEFAULT_HUB_TIMINGS, HubRuntime, type HubTimings } from './runtime.js';
import type { GroupBus } from './groups.js';
import { attachWebSocket } from './websocket.js';

export { broadcastToEvent } from './hub.js';
export type { GroupBus } from './groups.js';
export type { HubRuntime, HubTimings } from './runtime.js';

export interface HubOptions extends Partial<HubTimings> {
  /** Signs connection tokens; the app's JWT secret so every instance can check them. */
  jwtSecret: string;
  /** In-process when absent. */
  bus?: GroupBus;
}

declare module '../../app.js' {
  interface BuildOptions {
    /** Hub timings (tests shorten them) and the group bus. */
    hub?: Partial<HubTimings> & { bus?: GroupBus };
  }
}

/** The realtime hub at /Engine/hub (spec 7 "Realtime hub"). */
export const hubPlugin = fp(async (app: FastifyInstance, opts: HubOptions) => {
  const { jwtSecret, bus, ...timings } = opts;
  const hub: HubRuntime = new HubRuntime({ ...DEFAULT_HUB_TIMINGS, ...timings }, createDispatch(app.ctx, () => hub), app.log, bus);
  hub.onDisconnect = (connection) => leaveAllGroups(hub, connection);
  app.ctx.hub = hub;
  await app.register(negotiateRoutes, { secret: jwtSecret });
  const detach = attachWebSocket({ app, hub, secret: jwtSecret });
  // preClose runs before the HTTP server stops, while clients can still read the Close message.
  app.addHook('preClose', async () => {
    await hub.shutdown();
    await detach();
  });
});
