import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventsApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { sendHtmlFile } from '../../lib/html-file.js';
import * as service from './service.js';

export const eventHtmlRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, eventsApi.export, {
    schema: {
      description:
        'The event with its details, a locator map, its thumbnail and flyers inlined, and its timeline: readable offline, no request leaves the page. Without the add-on: 403 `add_on_required`.',
      response: { 200: z.any().describe('The page: text/html; charset=utf-8, as an attachment') },
    },
    handler: async (request, reply) => sendHtmlFile(reply, await service.eventHtml({ ctx, auth: authOf(request), id: request.params.id })),
  });
};
