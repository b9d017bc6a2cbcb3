import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import { sendHtmlFile } from '../../lib/html-file.js';
import * as service from './service.js';

const tags = ['events'];

export const eventHtmlRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(routes.eventExport, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Download an event as one self-contained HTML file (needs the Download.HTML add-on)',
      description: 'The event with its details, a locator map, its thumbnail and flyers inlined, and its timeline: readable offline, no request leaves the page. Without the add-on: 403 `add_on_required`.',
      params: IdParamsSchema,
      response: { 200: z.any().describe('The page: text/html; charset=utf-8, as an attachment'), ...problems },
    },
    handler: async (request, reply) => {
      return sendHtmlFile(reply, await service.eventHtml({ ctx, auth: authOf(request), id: request.params.id }));
    },
  });
};
