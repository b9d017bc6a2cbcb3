import type { FastifyInstance } from 'fastify';
import { HUB_NEGOTIATE_PATH } from '@hubbub/contract';
import { newConnectionId, signConnectionToken, type HubAuthenticate } from './credentials.js';

// WebSockets only, Text only: the hub speaks the JSON protocol and nothing needs long polling.
const TRANSPORTS = [{ transport: 'WebSockets', transferFormats: ['Text'] }];

/**
 * POST /Engine/hub/negotiate?negotiateVersion=0|1 (TransportProtocols.md). Version 1
 * separates the public connectionId from the connectionToken the client sends back
 * as `id`; version 0 uses the connectionId for both, so it carries the token.
 * useStatefulReconnect is never offered: the hub keeps no replay buffer.
 */
export async function negotiateRoutes(app: FastifyInstance, opts: { secret: string; authenticate: HubAuthenticate; now: () => Date }) {
  app.post(HUB_NEGOTIATE_PATH, { schema: { hide: true } }, async (request) => {
    const auth = await opts.authenticate({ url: request.url, headers: request.headers });
    const asked = Number((request.query as Record<string, unknown>).negotiateVersion ?? 0);
    const version = Number.isFinite(asked) && asked >= 1 ? 1 : 0;
    const connectionId = newConnectionId();
    const connectionToken = signConnectionToken({ secret: opts.secret, connectionId, auth, now: opts.now() });
    return version === 1
      ? { negotiateVersion: 1, connectionId, connectionToken, availableTransports: TRANSPORTS }
      : { negotiateVersion: 0, connectionId: connectionToken, availableTransports: TRANSPORTS };
  });
}
