import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { HUB_PATH } from '@hubbub/contract';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { problem, problemOf, writeProblem } from '../../lib/problem.js';
import { scrubUrl } from '../../logger.js';
import { newConnectionId, verifyConnectionToken, type HubAuthenticate } from './credentials.js';
import type { HubRuntime } from './runtime.js';

/**
 * A socket error after the upgrade is the connection's to handle. Declared out here: an arrow
 * made inside onUpgrade would share its closure and keep every upgrade request (headers,
 * token) alive as long as the connection.
 */
const ignoreSocketError = () => {};

/**
 * Upgrades GET /Engine/hub?id=<connectionToken> (after negotiate) or without id
 * (skipNegotiation) to the hub's WebSocket, after checking tenant and JWT again:
 * the upgrade is its own request and may reach another instance.
 */
export function attachWebSocket(opts: {
  app: FastifyInstance;
  hub: HubRuntime;
  secret: string;
  authenticate: HubAuthenticate;
  now: () => Date;
}): () => Promise<void> {
  const { app, hub, secret, authenticate } = opts;
  // The ws limit only guards memory; the protocol's own limit closes with a hub error.
  const wss = new WebSocketServer({ noServer: true, maxPayload: hub.timings.maxMessageBytes * 4 });
  const path = HUB_PATH.toLowerCase();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = request.url ?? '/';
    if (new URL(url, 'http://hub.invalid').pathname.replace(/\/$/, '').toLowerCase() !== path) return writeProblem(socket, problemOf(notFound('No WebSocket here.')));
    socket.on('error', ignoreSocketError);
    void (async () => {
      const auth = await authenticate({ url, headers: request.headers });
      const token = new URL(url, 'http://hub.invalid').searchParams.get('id');
      const connectionId = token ? verifyConnectionToken({ secret, token, auth, now: opts.now() }) : newConnectionId();
      if (!connectionId) throw notFound('No connection has this id; negotiate again.');
      if (hub.connections.has(connectionId)) throw conflict('This connection is already open.');
      wss.handleUpgrade(request, socket, head, (ws) => hub.accept(ws, connectionId, auth));
    })().catch((error: unknown) => {
      if (error instanceof AppError) return writeProblem(socket, problemOf(error), error.headers);
      app.log.error({ err: error, url: scrubUrl(url) }, 'hub upgrade failed');
      writeProblem(socket, problem(500, 'internal', 'Internal error', 'The hub could not accept the connection.'));
    });
  };

  app.server.on('upgrade', onUpgrade);
  return async () => {
    app.server.off('upgrade', onUpgrade);
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
