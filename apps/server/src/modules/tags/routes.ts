import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventTagSchema, IdSchema, OkSchema, ProblemSchema, TagSchema, TagSearchSchema } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import * as service from './service.js';

const tags = ['tags'];
const security = [{ bearer: [] }];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const Tags = z.array(TagSchema);

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get('/tag/categories', {
    schema: { tags, summary: 'Event categories', response: { 200: Tags } },
    handler: (request) => service.categories({ ctx, tenant: request.tenant }),
  });
  app.post('/tag/search', {
    schema: { tags, summary: 'Tags by name, optionally within a category', body: TagSearchSchema, response: { 200: Tags, 400: ProblemSchema } },
    handler: (request) => service.search({ ctx, tenant: request.tenant, ...request.body }),
  });
  app.post('/event/tag/', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Tag one of your events', body: EventTagSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.tagEvent({ ctx, auth: authOf(request), ...request.body }),
  });
  app.delete('/event/tag/:eventId/:tagId', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Remove a tag from one of your events', params: z.object({ eventId: IdSchema, tagId: IdSchema }), response: { 200: OkSchema, ...problems } },
    handler: (request) => service.untagEvent({ ctx, auth: authOf(request), ...request.params }),
  });
};
