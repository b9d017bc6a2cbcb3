import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
});
