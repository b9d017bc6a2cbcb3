import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HUB_PATH } from '@hubbub/contract';
import { problem } from '../lib/problem.js';

/**
 * While the app closes, every answer carries `Connection: close`. Node closes only the
 * connections that are idle when closing starts; a request still in flight (an upload)
 * would otherwise leave its keep-alive socket open after its answer and hold the
 * shutdown until the keep-alive timeout.
 */
export const closingPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // A closing instance still serves the API (a balancer does not retry a POST elsewhere), but no
  // new hub connection: its negotiate would lead to a WebSocket the closing server must then wait
  // for. The client negotiates again, with another instance or this one's successor.
  const hubPath = HUB_PATH.toLowerCase();
  app.addHook('onRequest', async (request, reply) => {
    if (!closing || !request.url.toLowerCase().startsWith(hubPath)) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .send(problem(503, 'not_ready', 'Not ready', 'This instance is shutting down; connect again.'));
  });
});
