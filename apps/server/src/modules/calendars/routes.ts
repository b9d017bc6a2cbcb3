import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarCreateSchema,
  CalendarFeedParamsSchema,
  CalendarListSchema,
  CalendarSchema,
  CalendarUpdateSchema,
  IdParamsSchema,
  OkSchema,
  ProblemSchema,
  routes,
} from '@hubbub/contract';
import { contentDisposition } from '../../lib/html-file.js';
import { notFound } from '../../lib/app-error.js';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['calendars'];
const ICS = 'text/calendar; charset=utf-8';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const preHandler = app.requireAuth;

  app.get(routes.calendars, {
    preHandler,
    schema: { tags, security, summary: 'Your calendars, newest first', response: { 200: CalendarListSchema, ...problems } },
    handler: (request) => service.listCalendars({ ctx, auth: authOf(request) }),
  });
  app.post(routes.calendars, {
    preHandler,
    schema: { tags, security, summary: "Create a calendar (within the plan's calendarCapacity: 403 plan_limit beyond it)", body: CalendarCreateSchema, response: { 200: CalendarSchema, ...problems } },
    handler: (request) => service.createCalendar({ ctx, auth: authOf(request), input: request.body }),
  });
  app.post(routes.calendarUpdate, {
    preHandler,
    schema: { tags, security, summary: "Rename a calendar, change a saved search's query or its email alerts, or choose whether a My events calendar includes drafts", body: CalendarUpdateSchema, response: { 200: CalendarSchema, ...problems } },
    handler: (request) => service.updateCalendar({ ctx, auth: authOf(request), input: request.body }),
  });
  app.delete(routes.calendar, {
    preHandler,
    schema: { tags, security, summary: 'Delete a calendar; its feed address answers 404 from then on', params: IdParamsSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.deleteCalendar({ ctx, auth: authOf(request), id: request.params.id }),
  });
  app.post(routes.calendarToken, {
    preHandler,
    schema: { tags, security, summary: 'A new secret feed address; the old one answers 404 from now on', params: IdParamsSchema, response: { 200: CalendarSchema, ...problems } },
    handler: (request) => service.newFeedToken({ ctx, auth: authOf(request), id: request.params.id }),
  });

  app.get(routes.eventIcs, {
    preHandler: app.optionalAuth,
    schema: {
      tags,
      summary: 'One event as an iCalendar file (Add to calendar)',
      params: IdParamsSchema,
      response: { 200: z.any().describe('text/calendar; charset=utf-8, as an attachment'), ...problems },
    },
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
  app.get(routes.calendarFeed, {
    schema: {
      tags,
      summary: 'A calendar as iCalendar (RFC 5545), at its secret address; 304 when unchanged',
      params: CalendarFeedParamsSchema,
      response: { 200: z.any().describe('text/calendar; charset=utf-8'), 304: z.null().describe('Not modified'), 400: ProblemSchema, 404: ProblemSchema },
    },
    handler: async (request, reply) => {
      const inm = request.headers['if-none-match'];
      const ims = request.headers['if-modified-since'];
      const feed = await service.feedOf({ ctx, token: request.params.token, ifNoneMatch: inm, ifModifiedSince: ims });
      if (!feed) throw notFound('No calendar has this address. It may have been deleted or given a new address.');
      void reply.header('etag', feed.etag).header('last-modified', feed.lastModified.toUTCString()).header('cache-control', 'private, max-age=300').header('referrer-policy', 'no-referrer');
      if (feed.body === undefined) return reply.code(304).send(null);
      return reply.type(ICS).send(feed.body);
    },
  });
};
