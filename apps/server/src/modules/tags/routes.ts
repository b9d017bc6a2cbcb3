import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemSchema, TagSchema, TagSearchSchema, routes } from '@hubbub/contract';
import * as service from './service.js';

const tags = ['tags'];
const Tags = z.array(TagSchema);

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(routes.tagCategories, {
    schema: { tags, summary: 'Event categories', response: { 200: Tags } },
    handler: (request) => service.categories({ ctx, tenant: request.tenant }),
  });
  app.post(routes.tagSearch, {
    schema: { tags, summary: 'Tags by name, optionally within a category', body: TagSearchSchema, response: { 200: Tags, 400: ProblemSchema } },
    handler: (request) => service.search({ ctx, tenant: request.tenant, ...request.body }),
  });
};
