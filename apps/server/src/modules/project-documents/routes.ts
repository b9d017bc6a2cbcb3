import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProjectDocumentSearchSchema, projectDocumentApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { readUpload } from '../../plugins/uploads.js';
import { sendHtmlFile } from '../../lib/html-file.js';
import * as service from './service.js';

/** The spec's five calls (search, get, create, update, delete), plus revisions and an event's public documents. */
export const projectDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, projectDocumentApi.search, { handler: (request) => service.searchDocuments({ ctx, auth: authOf(request), input: request.body ?? ProjectDocumentSearchSchema.parse({}) }) });
  route(app, projectDocumentApi.ofEvent, { handler: (request) => service.eventDocuments({ ctx, tenant: request.tenant, eventId: request.params.eventId, viewerId: request.auth?.userId ?? null }) });
  route(app, projectDocumentApi.get, { handler: (request) => service.getDocument({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }) });
  route(app, projectDocumentApi.create, { handler: (request) => service.createDocument({ ctx, auth: authOf(request), input: request.body }) });
  route(app, projectDocumentApi.update, { handler: (request) => service.updateDocument({ ctx, auth: authOf(request), input: request.body }) });
  route(app, projectDocumentApi.delete, { handler: (request) => service.deleteDocument({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, projectDocumentApi.revisions, { handler: (request) => service.listRevisions({ ctx, auth: authOf(request), id: request.params.id }) });
  route(app, projectDocumentApi.revision, { handler: (request) => service.getRevision({ ctx, auth: authOf(request), id: request.params.id, version: request.params.version }) });
  route(app, projectDocumentApi.restore, { handler: (request) => service.restoreRevision({ ctx, auth: authOf(request), id: request.params.id, version: request.params.version }) });
  // Multipart: the entry has no body schema; readUpload takes the one file field.
  route(app, projectDocumentApi.uploadImage, { handler: async (request) => service.addImage({ ctx, auth: authOf(request), id: request.params.id, data: await readUpload(request) }) });
  // An HTML file, not JSON: the OpenAPI document says so in its 200.
  route(app, projectDocumentApi.export, {
    schema: {
      description: 'Pictures inlined, no request leaves the page. Without the add-on: 403 `add_on_required`. Markdown is made by the web app from the JSON, for everyone.',
      response: { 200: z.any().describe('The page: text/html; charset=utf-8, as an attachment') },
    },
    handler: async (request, reply) => sendHtmlFile(reply, await service.documentHtml({ ctx, auth: authOf(request), id: request.params.id })),
  });
};
