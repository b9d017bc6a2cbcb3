import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountSchema, AccountUsageSchema, ManifestSchema, ProblemSchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(routes.account, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'The signed-in account with plan and usage', response: { 200: AccountSchema, 401: ProblemSchema } },
    handler: (request) => service.account({ ctx, auth: authOf(request) }),
  });
  app.get(routes.manifest, {
    schema: { tags, summary: 'Settings; Products is a JSON-encoded list of the plans, then the add-ons', response: { 200: ManifestSchema } },
    handler: () => service.manifest(ctx),
  });
  app.get(routes.usage, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: "The signed-in user's capacities and counts", response: { 200: AccountUsageSchema, 401: ProblemSchema } },
    handler: (request) => service.usage({ ctx, auth: authOf(request) }),
  });
};
