import { z } from 'zod';
import { PROJECT } from './api-prefixes.js';
import { IdParamsSchema, IdSchema, OkSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Project documents (spec 1 and 7): the organiser's notebook — programme, FAQ, run sheet —
// private while drafted, public on its event's page when ready. The body is rich text as
// ProseMirror (Tiptap) JSON, checked node by node and stored in its strict form (document-content.ts).

export * from './document-content.js';

export const DOCUMENT_TITLE_MAX = 200;
/** contentJson as sent, in characters: about 100 pages of text. */
export const DOCUMENT_CONTENT_JSON_MAX = 500_000;
export const DOCUMENTS_PER_ACCOUNT_MAX = 1_000;
/** Revisions kept per document; older ones are thinned (see the server's revisions). */
export const DOCUMENT_REVISIONS_MAX = 50;
export const DOCUMENT_SEARCH_PAGE_SIZE = 20;
/** Pictures one document may hold (each re-encoded, at most DOCUMENT_IMAGE_BOX). */
export const DOCUMENT_IMAGES_MAX = 100;
export const DOCUMENT_IMAGE_BOX = { width: 2000, height: 2000 };
/** contentType of documents whose contentJson is DocumentContentSchema version 1. */
export const DOCUMENT_CONTENT_TYPE = 'application/vnd.hubbub.document+json; version=1';

export const DocumentVisibilitySchema = z.enum(['private', 'public'], { message: 'Visibility is private or public.' }).meta({ id: 'DocumentVisibility' });
export type DocumentVisibility = z.infer<typeof DocumentVisibilitySchema>;

export const ProjectDocumentSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    eventId: z.uuid().nullable(),
    title: z.string(),
    contentType: z.string(),
    contentJson: z.string(),
    visibility: DocumentVisibilitySchema,
    /** Every update names the version it changes; a stale one is 409 with the current version. */
    version: z.number().int(),
    created: z.string(),
    updated: z.string(),
  })
  .meta({ id: 'ProjectDocument' });
export type ProjectDocument = z.infer<typeof ProjectDocumentSchema>;

const EMPTY_DOC = '{"type":"doc","content":[{"type":"paragraph"}]}';
const documentFields = {
  title: z.string({ message: 'Title is required.' }).trim().min(1, { message: 'Title is required.' }).max(DOCUMENT_TITLE_MAX, { message: `Title must be at most ${DOCUMENT_TITLE_MAX} characters.` }),
  eventId: IdSchema.nullish().transform((v) => v ?? null),
  contentType: z.literal(DOCUMENT_CONTENT_TYPE, { message: `contentType must be "${DOCUMENT_CONTENT_TYPE}".` }).default(DOCUMENT_CONTENT_TYPE),
  contentJson: z.string().max(DOCUMENT_CONTENT_JSON_MAX, { message: `The document must be at most ${DOCUMENT_CONTENT_JSON_MAX.toLocaleString('en-US')} characters of JSON.` }).default(EMPTY_DOC),
  visibility: DocumentVisibilitySchema.default('private'),
};

export const ProjectDocumentCreateSchema = z.object(documentFields).meta({ id: 'ProjectDocumentCreate' });
export type ProjectDocumentCreate = z.input<typeof ProjectDocumentCreateSchema>;

export const ProjectDocumentUpdateSchema = z
  .object({ id: IdSchema, version: z.number({ message: 'version is required: the version this change is based on.' }).int().min(1), ...documentFields })
  .meta({ id: 'ProjectDocumentUpdate' });
export type ProjectDocumentUpdate = z.input<typeof ProjectDocumentUpdateSchema>;

export const ProjectDocumentSearchSchema = z
  .object({
    searchText: z.string().trim().max(200).nullish().transform((v) => v ?? ''),
    eventId: IdSchema.nullish(),
    orderBy: z.enum(['Updated', 'Title', 'Relevance'], { message: 'orderBy is Updated, Title or Relevance.' }).default('Updated'),
    isDescending: z.boolean().optional(),
    pageNumber: z.number().int().min(1).max(1000, { message: 'pageNumber must be 1 to 1000.' }).default(1),
  })
  .meta({ id: 'ProjectDocumentSearch' });
export type ProjectDocumentSearch = z.input<typeof ProjectDocumentSearchSchema>;

/** A stretch of a snippet; `hit` marks the words that matched, so screens highlight them without HTML. */
export const SnippetPartSchema = z.object({ text: z.string(), hit: z.boolean() }).meta({ id: 'SnippetPart' });

export const ProjectDocumentHitSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid().nullable(),
    title: z.string(),
    visibility: DocumentVisibilitySchema,
    version: z.number().int(),
    updated: z.string(),
    snippet: z.array(SnippetPartSchema),
  })
  .meta({ id: 'ProjectDocumentHit' });
export type ProjectDocumentHit = z.infer<typeof ProjectDocumentHitSchema>;

export const ProjectDocumentSearchResultSchema = z
  .object({ totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int(), documents: z.array(ProjectDocumentHitSchema) })
  .meta({ id: 'ProjectDocumentSearchResult' });
export type ProjectDocumentSearchResult = z.infer<typeof ProjectDocumentSearchResultSchema>;

export const DocumentRevisionSummarySchema = z
  .object({ version: z.number().int(), title: z.string(), created: z.string() })
  .meta({ id: 'DocumentRevisionSummary' });
export const DocumentRevisionListSchema = z.array(DocumentRevisionSummarySchema).meta({ id: 'DocumentRevisionList' });
export type DocumentRevisionSummary = z.infer<typeof DocumentRevisionSummarySchema>;

export const DocumentRevisionSchema = DocumentRevisionSummarySchema.extend({ contentJson: z.string() }).meta({ id: 'DocumentRevision' });
export type DocumentRevision = z.infer<typeof DocumentRevisionSchema>;

export const DocumentRevisionParamsSchema = z.object({
  id: IdSchema,
  version: z.string().regex(/^\d{1,9}$/, { message: 'version must be a whole number.' }).transform(Number),
});

export const ProjectDocumentListSchema = z.array(ProjectDocumentSchema).meta({ id: 'ProjectDocumentList' });
export const EventDocumentsParamsSchema = z.object({ eventId: IdSchema });

/** An uploaded picture, ready for an image node's `src`. */
export const DocumentImageSchema = z.object({ path: z.string() }).meta({ id: 'DocumentImage' });
export type DocumentImage = z.infer<typeof DocumentImageSchema>;

const DOCUMENT = `${PROJECT}/projectDocument`;

/** The spec's five calls (search, get, create, update, delete), plus revisions, pictures, the HTML download and an event's public documents. */
export const projectDocumentApi = defineEndpoints('projectDocument', {
  search: endpoint('POST', `${DOCUMENT}/search/`, {
    summary: 'Search your documents: full text over title and body, ranked, with highlighted snippets',
    auth: 'bearer',
    body: ProjectDocumentSearchSchema,
    answer: ProjectDocumentSearchResultSchema,
    problems: [400, 404],
  }),
  ofEvent: endpoint('GET', `${DOCUMENT}/event/:eventId`, {
    summary: "An event's public documents, for its page",
    auth: 'optional',
    params: EventDocumentsParamsSchema,
    answer: ProjectDocumentListSchema,
    problems: [400, 401, 403, 404],
  }),
  get: endpoint('GET', `${DOCUMENT}/:id`, {
    summary: 'One document: your own, or a public one of an event you can see',
    auth: 'optional',
    params: IdParamsSchema,
    answer: ProjectDocumentSchema,
    problems: [400, 401, 403, 404],
  }),
  create: endpoint('POST', `${DOCUMENT}/`, { summary: 'Create a document; answers it', auth: 'bearer', body: ProjectDocumentCreateSchema, answer: ProjectDocumentSchema, problems: [400, 404] }),
  update: endpoint('POST', `${DOCUMENT}/update`, {
    summary: 'Save a document over the version you name (409 version_conflict with currentVersion when it changed since)',
    auth: 'bearer',
    body: ProjectDocumentUpdateSchema,
    answer: ProjectDocumentSchema,
    problems: [400, 404, 409],
  }),
  delete: endpoint('DELETE', `${DOCUMENT}/:id`, { summary: 'Delete one of your documents', auth: 'bearer', params: IdParamsSchema, answer: OkSchema, problems: [400, 404] }),
  revisions: endpoint('GET', `${DOCUMENT}/:id/revisions`, {
    summary: "Your document's kept versions, newest first",
    auth: 'bearer',
    params: IdParamsSchema,
    answer: DocumentRevisionListSchema,
    problems: [400, 404],
  }),
  revision: endpoint('GET', `${DOCUMENT}/:id/revisions/:version`, {
    summary: 'One kept version of your document',
    auth: 'bearer',
    params: DocumentRevisionParamsSchema,
    answer: DocumentRevisionSchema,
    problems: [400, 404],
  }),
  restore: endpoint('POST', `${DOCUMENT}/:id/revisions/:version/restore`, {
    summary: 'Make a kept version the newest (the one it replaces is kept too)',
    auth: 'bearer',
    params: DocumentRevisionParamsSchema,
    answer: ProjectDocumentSchema,
    problems: [400, 404],
  }),
  /** A multipart upload: one field named `file`, no JSON body. */
  uploadImage: endpoint('POST', `${DOCUMENT}/:id/images`, {
    summary: 'Upload a picture for your document (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB); answers its path for an image node',
    auth: 'bearer',
    consumes: ['multipart/form-data'],
    params: IdParamsSchema,
    answer: DocumentImageSchema,
    problems: [400, 404, 413, 415],
  }),
  /** Answers an HTML file, not JSON. */
  export: endpoint('GET', `${DOCUMENT}/:id/export`, {
    produces: 'text/html',
    summary: 'Download a document as one self-contained HTML file (needs the Download.HTML add-on)',
    auth: 'bearer',
    params: IdParamsSchema,
    problems: [400, 404],
  }),
});
