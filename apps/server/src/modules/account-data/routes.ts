import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountDeleteSchema, AccountExportSchema, OkSchema, routes } from '@hubbub/contract';
import { contentDisposition } from '../../lib/html-file.js';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['account'];

/** Settings: download my data, delete my account. */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(routes.accountExport, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Everything the account holds as one JSON file (profile, events, flyers, documents, links, follows)', response: { 200: AccountExportSchema, ...problems } },
    handler: async (request, reply) => {
      const data = await service.exportAccount({ ctx, auth: authOf(request) });
      void reply.header('content-disposition', contentDisposition(`hubbub-my-data-${data.exportedAt.slice(0, 10)}.json`)).header('cache-control', 'no-store');
      return data;
    },
  });

  app.post(routes.accountDelete, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Deletes the account and everything it owns, files included; confirmed by the password (or the email for an account without one)',
      body: AccountDeleteSchema,
      response: { 200: OkSchema, ...problems },
    },
    handler: async (request) => {
      await service.deleteMyAccount({ ctx, auth: authOf(request), input: request.body, ip: request.ip, log: request.log });
      return { ok: true as const };
    },
  });
};
