import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContainerDataSchema, type ContainerData } from '@hubbub/contract';

function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** GET / is the container data for API clients and the web app for browsers. */
export const containerRoutes: FastifyPluginAsyncZod<{ data: ContainerData }> = async (app, { data }) => {
  app.get('/', {
    schema: { tags: ['container'], summary: 'Container data (with Accept: application/json), else the web app', response: { 200: ContainerDataSchema } },
    handler: async (request, reply) => {
      if (prefersJson(request.headers.accept)) return data;
      return reply.sendShell();
    },
  });
};
