import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { containerApi, type ContainerData } from '@hubbub/contract';
import { route } from '../../plugins/endpoint-route.js';

function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** GET / is the container data for API clients and the web app for browsers. */
export const containerRoutes: FastifyPluginAsyncZod<{ data: ContainerData }> = async (app, { data }) => {
  route(app, containerApi.data, {
    handler: async (request, reply) => {
      if (prefersJson(request.headers.accept)) return data;
      return reply.sendShell();
    },
  });
};
