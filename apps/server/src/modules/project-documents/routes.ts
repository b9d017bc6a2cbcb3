import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentImageSchema,
  DocumentRevisionListSchema,
  DocumentRevisionParamsSchema,
  DocumentRevisionSchema,
  IdParamsSchema,
  IdSchema,
  OkSchema,
  ProblemSchema,
  ProjectDocumentCreateSchema,
  ProjectDocumentListSchema,
  ProjectDocumentSchema,
  ProjectDocumentSearchResultSchema,
  ProjectDocumentSearchSchema,
  ProjectDocumentUpdateSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { readUpload } from '../../plugins/uploads.js';
import { sendHtmlFile } from '../../lib/html-file.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['documents'];
const withConflict = { ...problems, 409: ProblemSchema };

/** The spec's five calls (search, get, create, update, delete), plus revisions and an event's public documents. */
export const projectDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.documentSearch, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Search your documents: full text over title and body, ranked, with highlighted snippets', body: ProjectDocumentSearchSchema, response: { 200: ProjectDocumentSearchResultSchema, ...problems } },
    handler: (request) => service.searchDocuments({ ctx, auth: authOf(request), input: request.body ?? ProjectDocumentSearchSchema.parse({}) }),
  });

  app.get(routes.eventDocuments, {
    preHandler: app.optionalAuth,
    schema: { tags, summary: "An event's public documents, for its page", params: z.object({ eventId: IdSchema }), response: { 200: ProjectDocumentListSchema, ...problems } },
    handler: (request) => service.eventDocuments({ ctx, tenant: request.tenant, eventId: request.params.eventId, viewerId: request.auth?.userId ?? null }),
  });

  app.get(routes.document, {
    preHandler: app.optionalAuth,
    schema: { tags, summary: 'One document: your own, or a public one of an event you can see', params: IdParamsSchema, response: { 200: ProjectDocumentSchema, ...problems } },
    handler: (request) => service.getDocument({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }),
  });

  app.post(routes.documentCreate, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Create a document; answers it', body: ProjectDocumentCreateSchema, response: { 200: ProjectDocumentSchema, ...problems } },
    handler: (request) => service.createDocument({ ctx, auth: authOf(request), input: request.body }),
  });

  app.post(routes.documentUpdate, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Save a document over the version you name (409 version_conflict with currentVersion when it changed since)',
      body: ProjectDocumentUpdateSchema,
      response: { 200: ProjectDocumentSchema, ...withConflict },
    },
    handler: (request) => service.updateDocument({ ctx, auth: authOf(request), input: request.body }),
  });

  app.delete(routes.document, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Delete one of your documents', params: IdParamsSchema, response: { 200: OkSchema, ...problems } },
    handler: (request) => service.deleteDocument({ ctx, auth: authOf(request), id: request.params.id }),
  });

  app.get(routes.documentRevisions, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: "Your document's kept versions, newest first", params: IdParamsSchema, response: { 200: DocumentRevisionListSchema, ...problems } },
    handler: (request) => service.listRevisions({ ctx, auth: authOf(request), id: request.params.id }),
  });

  app.get(routes.documentRevision, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'One kept version of your document', params: DocumentRevisionParamsSchema, response: { 200: DocumentRevisionSchema, ...problems } },
    handler: (request) => service.getRevision({ ctx, auth: authOf(request), id: request.params.id, version: request.params.version }),
  });

  app.post(routes.documentRestore, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Make a kept version the newest (the one it replaces is kept too)', params: DocumentRevisionParamsSchema, response: { 200: ProjectDocumentSchema, ...problems } },
    handler: (request) => service.restoreRevision({ ctx, auth: authOf(request), id: request.params.id, version: request.params.version }),
  });

  app.post(routes.documentImages, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Upload a picture for your document (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB); answers its path for an image node',
      consumes: ['multipart/form-data'],
      params: IdParamsSchema,
      response: { 200: DocumentImageSchema, 413: ProblemSchema, 415: ProblemSchema, ...problems },
    },
    handler: async (request) => service.addImage({ ctx, auth: authOf(request), id: request.params.id, data: await readUpload(request) }),
  });

  app.get(routes.documentExport, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Download a document as one self-contained HTML file (needs the Download.HTML add-on)',
      description: 'Pictures inlined, no request leaves the page. Without the add-on: 403 `add_on_required`. Markdown is made by the web app from the JSON, for everyone.',
      params: IdParamsSchema,
      response: { 200: z.any().describe('The page: text/html; charset=utf-8, as an attachment'), ...problems },
    },
    handler: async (request, reply) => {
      return sendHtmlFile(reply, await service.documentHtml({ ctx, auth: authOf(request), id: request.params.id }));
    },
  });
};
