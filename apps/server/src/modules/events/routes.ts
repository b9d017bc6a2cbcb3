import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EventCreateSchema,
  EventListSchema,
  EventPointsResultSchema,
  EventSchema,
  EventSearchRequestSchema,
  EventSearchResultSchema,
  EventUpdateSchema,
  IdParamsSchema,
  OkSchema,
  ProblemSchema,
} from '@hubbub/contract';
import { AppError } from '../../lib/app-error.js';
import { MAX_UPLOAD_BYTES } from '../../lib/images.js';
import { authOf } from '../../plugins/auth.js';
import * as service from './service.js';

const tags = ['events'];
const security = [{ bearer: [] }];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

// The hot search answers are built field by field by the service; validating them again
// with zod on every call cost more than the database work, so they are only stringified.
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post('/event/search/', {
    preHandler: app.optionalAuth,
    serializerCompiler: plainJson,
    schema: {
      tags,
      summary: `Search published events in a box and date window (50 per page; the window defaults to 30 days from now)`,
      body: EventSearchRequestSchema,
      response: { 200: EventSearchResultSchema, ...problems },
    },
    handler: (request) => service.searchEvents({ ctx, tenant: request.tenant, viewerId: request.auth?.userId ?? null, input: request.body ?? EventSearchRequestSchema.parse({}) }),
  });

  app.post('/event/search/points', {
    preHandler: app.optionalAuth,
    serializerCompiler: plainJson,
    schema: { tags, summary: 'Every event of a search as [id, longitude, latitude], for map clusters', body: EventSearchRequestSchema, response: { 200: EventPointsResultSchema, ...problems } },
    handler: (request) => service.searchPoints({ ctx, tenant: request.tenant, viewerId: request.auth?.userId ?? null, input: request.body ?? EventSearchRequestSchema.parse({}) }),
  });

  app.get('/event/mine/', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Your events, drafts included, soonest first', response: { 200: EventListSchema, ...problems } },
    handler: (request) => service.myEvents({ ctx, auth: authOf(request) }),
  });

  app.get('/event/following/', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Events you follow, soonest first', response: { 200: EventListSchema, ...problems } },
    handler: (request) => service.followedEvents({ ctx, auth: authOf(request) }),
  });

  app.get('/event/:id', {
    preHandler: app.optionalAuth,
    schema: { tags, summary: 'One event', params: IdParamsSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.getEvent({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }),
  });

  app.post('/event/', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: "Create an event (within the plan's eventCapacity)", body: EventCreateSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.createEvent({ ctx, auth: authOf(request), input: request.body }),
  });

  app.post('/event/update/', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Update one of your events', body: EventUpdateSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.updateEvent({ ctx, auth: authOf(request), input: request.body }),
  });

  app.delete('/event/:id', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Delete one of your events', params: IdParamsSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.deleteEvent({ ctx, auth: authOf(request), id: request.params.id }),
  });

  app.post('/event/thumbnail/:id', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Upload the thumbnail (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB)',
      consumes: ['multipart/form-data'],
      params: IdParamsSchema,
      response: { 200: EventSchema, 413: ProblemSchema, 415: ProblemSchema, ...problems },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError(415, 'Unsupported media type', 'Send the image as multipart/form-data with a field named "file".');
      const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'file') throw new AppError(400, 'Bad request', 'The form has no file; send it in a field named "file".');
      const data = await file.toBuffer();
      return service.setThumbnail({ ctx, auth: authOf(request), id: request.params.id, data });
    },
  });

  app.delete('/event/thumbnail/:id', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Remove the thumbnail', params: IdParamsSchema, response: { 200: EventSchema, ...problems } },
    handler: (request) => service.removeThumbnail({ ctx, auth: authOf(request), id: request.params.id }),
  });
};
