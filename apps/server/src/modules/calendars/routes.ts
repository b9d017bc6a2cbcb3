import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarsApi } from '@hubbub/contract';
import { contentDisposition } from '../../lib/html-file.js';
import { notFound } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

const ICS = 'text/calendar; charset=utf-8';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, calendarsApi.list, { handler: (request) => service.listCalendars({ ctx, auth: authOf(request) }) });
  route(app, calendarsApi.create, { handler: (request) => service.createCalendar({ ctx, auth: authOf(request), input: request.body }) });
  route(app, calendarsApi.update, { handler: (request) => service.updateCalendar({ ctx, auth: authOf(request), input: request.body }) });
  route(app, calendarsApi.delete, { handler: (request) => service.deleteCalendar({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, calendarsApi.newToken, { handler: (request) => service.newFeedToken({ ctx, auth: authOf(request), id: request.params.id }) });

  route(app, calendarsApi.eventIcs, {
    // The answer is a file, not JSON: the document says so rather than a schema.
    schema: { response: { 200: z.any().describe(`${ICS}, as an attachment`) } },
    handler: async (request, reply) => {
      const file = await service.eventFile({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null });
      return reply.type(ICS).header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'private, no-cache').send(file.body);
    },
  });
};

/**
 * The feeds calendar apps subscribe to: no tenant header and no sign-in (the secret address is the
 * key), so they live outside the API's tenant scope. ETag and Last-Modified make polling cheap.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, calendarsApi.feed, {
    schema: { response: { 200: z.any().describe(ICS), 304: z.null().describe('Not modified') } },
    handler: async (request, reply) => {
      const inm = request.headers['if-none-match'];
      const ims = request.headers['if-modified-since'];
      const feed = await service.feedOf({ ctx, token: request.params.token, ifNoneMatch: inm, ifModifiedSince: ims });
      if (!feed) throw notFound('No calendar has this address. It may have been deleted or given a new address.');
      void reply.header('etag', feed.etag).header('last-modified', feed.lastModified.toUTCString()).header('cache-control', 'private, max-age=300').header('referrer-policy', 'no-referrer');
      if (feed.body === undefined) {
        // Set as the property: the entry types the reply's codes by its JSON answers, and 304 is the route's own.
        reply.statusCode = 304;
        return reply.send(null);
      }
      return reply.type(ICS).send(feed.body);
    },
  });
};
