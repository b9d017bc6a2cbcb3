import { z } from 'zod';
import { IdSchema } from './common.js';

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

/** An uploaded picture, ready for an image node's `src`. */
export const DocumentImageSchema = z.object({ path: z.string() }).meta({ id: 'DocumentImage' });
export type DocumentImage = z.infer<typeof DocumentImageSchema>;
