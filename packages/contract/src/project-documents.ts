import { z } from 'zod';
import { IdSchema } from './common.js';

// Project documents (spec 1 and 7): the organiser's notebook — programme, FAQ, run sheet —
// private while drafted, public on its event's page when ready. The body is rich text as
// ProseMirror (Tiptap) JSON, checked here node by node so nothing but known content is stored.

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
const DEPTH_MAX = 24;
/** contentType of documents whose contentJson is DocumentContentSchema version 1. */
export const DOCUMENT_CONTENT_TYPE = 'application/vnd.hubbub.document+json; version=1';

/** Links may go to the web or to mail, nowhere else (no javascript:, no data:). */
export const SAFE_LINK = /^(https?:\/\/|mailto:)[^\s]*$/i;
/** Pictures inside a document are the server's own uploads. */
export const DOCUMENT_IMAGE_SRC = /^(\/uploads\/documents\/[\w./-]+|https?:\/\/[^\s"'<>]+\/documents\/[\w./-]+)$/;

const Mark = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['bold', 'italic', 'strike', 'code', 'underline']) }),
  z.strictObject({
    type: z.literal('link'),
    attrs: z.object({
      href: z.string().max(2000).regex(SAFE_LINK, { message: 'Links start with http://, https:// or mailto:.' }),
      target: z.string().nullish(),
      rel: z.string().nullish(),
      class: z.string().nullish(),
    }),
  }),
]);

const TEXT = z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(100_000), marks: z.array(Mark).max(10).optional() });

type Node = { type: string; attrs?: Record<string, unknown>; content?: Node[]; marks?: unknown[]; text?: string };

const align = z.enum(['left', 'center', 'right', 'justify']).nullish();
const blockAttrs = z.object({ textAlign: align }).optional();
const NODE_ATTRS: Record<string, z.ZodType> = {
  doc: z.undefined(),
  paragraph: blockAttrs,
  heading: z.object({ level: z.union([z.literal(1), z.literal(2), z.literal(3)]), textAlign: align }),
  bulletList: z.undefined(),
  orderedList: z.object({ start: z.number().int().min(0).max(100_000).optional(), type: z.string().max(10).nullish() }).optional(),
  listItem: z.undefined(),
  taskList: z.undefined(),
  taskItem: z.object({ checked: z.boolean() }),
  blockquote: z.undefined(),
  codeBlock: z.object({ language: z.string().max(40).nullish() }).optional(),
  horizontalRule: z.undefined(),
  hardBreak: z.undefined(),
  image: z.object({
    src: z.string().max(2000).regex(DOCUMENT_IMAGE_SRC, { message: "A picture must be one uploaded to this document's images." }),
    alt: z.string().max(500).nullish(),
    title: z.string().max(500).nullish(),
  }),
  table: z.undefined(),
  tableRow: z.undefined(),
  tableHeader: z.object({ colspan: z.number().int().min(1).max(50).optional(), rowspan: z.number().int().min(1).max(500).optional(), colwidth: z.array(z.number()).max(50).nullish() }).optional(),
  tableCell: z.object({ colspan: z.number().int().min(1).max(50).optional(), rowspan: z.number().int().min(1).max(500).optional(), colwidth: z.array(z.number()).max(50).nullish() }).optional(),
};
export const DOCUMENT_NODE_TYPES = Object.keys(NODE_ATTRS);

function checkNode(node: unknown, path: (string | number)[], depth: number, ctx: z.RefinementCtx): void {
  if (depth > DEPTH_MAX) {
    ctx.addIssue({ code: 'custom', message: `The document is nested more than ${DEPTH_MAX} levels deep.`, path });
    return;
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    ctx.addIssue({ code: 'custom', message: 'Each part of the document is an object.', path });
    return;
  }
  const n = node as Node;
  if (n.type === 'text') {
    const parsed = TEXT.safeParse(n);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path.map(String)] });
    return;
  }
  const attrs = typeof n.type === 'string' ? NODE_ATTRS[n.type] : undefined;
  if (!attrs) {
    ctx.addIssue({ code: 'custom', message: `Unknown content "${String(n.type).slice(0, 40)}".`, path: [...path, 'type'] });
    return;
  }
  const extra = Object.keys(n).filter((k) => !['type', 'attrs', 'content', 'marks'].includes(k));
  if (extra.length) ctx.addIssue({ code: 'custom', message: `Unexpected field "${extra[0].slice(0, 40)}".`, path });
  const checked = attrs.safeParse(n.attrs);
  if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, 'attrs', ...issue.path.map(String)] });
  if (n.marks !== undefined) ctx.addIssue({ code: 'custom', message: 'Only text carries marks.', path: [...path, 'marks'] });
  if (n.content !== undefined) {
    if (!Array.isArray(n.content) || n.content.length > 10_000) {
      ctx.addIssue({ code: 'custom', message: 'content is a list of at most 10,000 parts.', path: [...path, 'content'] });
      return;
    }
    n.content.forEach((child, i) => checkNode(child, [...path, 'content', i], depth + 1, ctx));
  }
}

/** Version 1 of a document's body: a ProseMirror `doc` of the nodes and marks above. */
export const DocumentContentSchema = z
  .custom<Node>((v) => typeof v === 'object' && v !== null && (v as Node).type === 'doc', { message: 'The body is a rich-text document ({"type":"doc"}).' })
  .superRefine((doc, ctx) => checkNode(doc, [], 0, ctx));
export type DocumentContent = Node;

/** The text of a document, paragraphs and list items on their own lines: for search and snippets. */
export function documentPlainText(doc: DocumentContent): string {
  const lines: string[] = [];
  let line = '';
  const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'taskItem', 'codeBlock', 'tableCell', 'tableHeader', 'blockquote']);
  const walk = (n: Node) => {
    if (n.type === 'text') line += n.text ?? '';
    else if (n.type === 'hardBreak') line += '\n';
    else if (n.type === 'image' && typeof n.attrs?.alt === 'string') line += n.attrs.alt;
    n.content?.forEach(walk);
    if (BLOCKS.has(n.type) && line) {
      lines.push(line);
      line = '';
    }
  };
  walk(doc);
  if (line) lines.push(line);
  return lines.join('\n');
}

/** contentJson parsed and checked; never throws. */
export function parseDocumentContent(json: string): { success: true; data: DocumentContent } | { success: false; issues: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { success: false, issues: ['contentJson is not valid JSON.'] };
  }
  const parsed = DocumentContentSchema.safeParse(value);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, issues: parsed.error.issues.slice(0, 10).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)) };
}

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
