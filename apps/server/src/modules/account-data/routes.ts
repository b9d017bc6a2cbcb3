import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDataApi } from '@hubbub/contract';
import { contentDisposition } from '../../lib/html-file.js';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

/** Settings: download my data, delete my account. */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, accountDataApi.export, {
    handler: async (request, reply) => {
      const data = await service.exportAccount({ ctx, auth: authOf(request) });
      void reply.header('content-disposition', contentDisposition(`hubbub-my-data-${data.exportedAt.slice(0, 10)}.json`)).header('cache-control', 'no-store');
      return data;
    },
  });

  route(app, accountDataApi.delete, {
    handler: async (request) => {
      await service.deleteMyAccount({ ctx, auth: authOf(request), input: request.body, ip: request.ip, log: request.log });
      return { ok: true as const };
    },
  });
};
