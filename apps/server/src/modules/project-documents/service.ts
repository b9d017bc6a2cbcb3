import { randomBytes } from 'node:crypto';
import {
  ADD_ON_DOWNLOAD_HTML,
  DOCUMENT_IMAGE_BOX,
  DOCUMENT_IMAGES_MAX,
  DOCUMENT_REVISIONS_MAX,
  DOCUMENT_SEARCH_PAGE_SIZE,
  DOCUMENTS_PER_ACCOUNT_MAX,
  documentPlainText,
  formatNumber,
  parseDocumentContent,
  safeFileName,
  type DocumentImage,
  type DocumentRevision,
  type DocumentRevisionSummary,
  type Ok,
  type ProjectDocument,
  type ProjectDocumentCreateSchema,
  type ProjectDocumentSearchResult,
  type ProjectDocumentSearchSchema,
  type ProjectDocumentUpdateSchema,
} from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { addOnRequired, invalid, notFound, notOwner, planLimit, versionConflict } from '../../lib/app-error.js';
import { escapeHtml, inlineImage } from '../../lib/html-file.js';
import { normaliseImage } from '../../lib/images.js';
import { findUserById } from '../users/service.js';
import { imageSources, nodeHtml, renderDocumentHtml } from './html.js';
import * as repo from './repository.js';
import { searchWords, snippetOf, wordPattern } from './snippet.js';
import { strictStoredBody, strictStoredContent } from './stored-content.js';
import { contentOptionsOf } from './uploads-url.js';

type Fields = Pick<z.output<typeof ProjectDocumentCreateSchema>, 'title' | 'eventId' | 'contentType' | 'contentJson' | 'visibility'>;

const toDocument = (row: repo.DocumentRow): ProjectDocument => ({
  id: row.id,
  userId: row.userId,
  eventId: row.eventId,
  title: row.title,
  contentType: row.contentType,
  contentJson: row.contentJson,
  visibility: row.visibility,
  version: row.version,
  created: row.created,
  updated: row.updated,
});

/**
 * The body checked node by node and stored as the strict form the check rebuilt (never the text
 * as sent), the event checked as one of the caller's own; nothing is stored otherwise.
 */
async function writeOf(ctx: AppContext, auth: AuthInfo, input: Fields): Promise<repo.DocumentWrite> {
  const content = parseDocumentContent(input.contentJson, contentOptionsOf(ctx.config));
  if (!content.success) throw invalid(`contentJson is not a valid document: ${content.issues.join('; ')}`, { contentJson: content.issues });
  // One answer for an event that does not exist and one that is someone else's: saving a document tells nothing of other people's drafts.
  // Co-hosts read an event's documents; linking one (and so showing it on the public page) stays the host's.
  if (input.eventId && (await repo.eventRoleOf(ctx.db, { tenantId: auth.tenant.id, eventId: input.eventId, viewerId: auth.userId })) !== 'host') {
    throw invalid('A document can belong only to one of your own events.', { eventId: ['Choose one of your own events.'] });
  }
  if (input.visibility === 'public' && !input.eventId) {
    throw invalid('A public document is shown on its event page: choose its event first.', { visibility: ['Link the document to an event to make it public.'] });
  }
  return { eventId: input.eventId, title: input.title, contentType: input.contentType, contentJson: JSON.stringify(content.data), plainText: documentPlainText(content.data), visibility: input.visibility };
}

const NOT_VISIBLE = 'No document with this id is visible to you.';

/**
 * Whether the viewer may see the document at all: their own, any of an event they run (its host
 * and co-hosts read each other's), or a public one on an event they can see.
 */
async function visibleTo(db: Db, args: { tenantId: string; row: repo.DocumentRow; viewerId: string | null; now: Date }): Promise<boolean> {
  const { row } = args;
  if (row.userId === args.viewerId) return true;
  if (row.eventId === null) return false;
  const role = await repo.eventRoleOf(db, { tenantId: args.tenantId, eventId: row.eventId, viewerId: args.viewerId });
  if (role === 'host' || role === 'co-host') return true;
  return row.visibility === 'public' && repo.eventVisible(db, { tenantId: args.tenantId, eventId: row.eventId, viewerId: args.viewerId, now: args.now });
}

/** A document as this person may read it: their own, or a public one on an event they can see. Others get 404. */
export async function getDocument(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<ProjectDocument> {
  const row = await repo.findDocument(opts.ctx.db, opts.tenant.id, opts.id);
  if (row && (await visibleTo(opts.ctx.db, { tenantId: opts.tenant.id, row, viewerId: opts.viewerId, now: opts.ctx.now() }))) return toDocument(row);
  throw notFound(NOT_VISIBLE);
}

export async function createDocument(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof ProjectDocumentCreateSchema> }): Promise<ProjectDocument> {
  const { ctx, auth } = opts;
  const write = await writeOf(ctx, auth, opts.input);
  const row = await ctx.db.transaction(async (tx) => {
    if ((await repo.countDocuments(tx, auth.tenant.id, auth.userId)) >= DOCUMENTS_PER_ACCOUNT_MAX) {
      throw planLimit('Document limit reached', `An account holds at most ${formatNumber(DOCUMENTS_PER_ACCOUNT_MAX, { locale: 'en-US' })} documents; delete one you no longer need.`);
    }
    return repo.insertDocument(tx, { tenantId: auth.tenant.id, userId: auth.userId, write, now: ctx.now() });
  });
  return toDocument(row);
}

/** Saves over the version the caller names; a stale one is refused with the version now stored, and the previous version is kept as a revision. */
export async function updateDocument(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof ProjectDocumentUpdateSchema> }): Promise<ProjectDocument> {
  const { ctx, auth, input } = opts;
  const write = await writeOf(ctx, auth, input);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockDocument(tx, auth.tenant.id, input.id);
    // Someone who cannot see it learns nothing, not even that it exists; someone who can (a public one) is told it is not theirs.
    if (!current || !(await visibleTo(tx, { tenantId: auth.tenant.id, row: current, viewerId: auth.userId, now: ctx.now() }))) throw notFound(NOT_VISIBLE);
    if (current.userId !== auth.userId) throw notOwner('Only the author of this document may change it.');
    if (current.version !== input.version) {
      throw versionConflict(`This document was saved elsewhere: you edited version ${input.version}, it is at version ${current.version} now.`, current.version);
    }
    const now = ctx.now();
    await repo.keepRevision(tx, { documentId: current.id, version: current.version, title: current.title, contentJson: current.contentJson, plainText: current.plainText, contentRules: current.contentRules, now, keep: DOCUMENT_REVISIONS_MAX });
    return repo.updateDocument(tx, { id: current.id, write, version: current.version + 1, now });
  });
  return toDocument(row);
}

/** Deletes the document, its revisions and its pictures' records, then the pictures' files. */
export async function deleteDocument(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Ok> {
  const { ctx } = opts;
  await ownDocument(ctx, opts.auth, opts.id);
  const images = await repo.imagePaths(ctx.db, opts.id);
  await repo.deleteDocument(ctx.db, opts.auth.tenant.id, opts.id);
  // After the commit: a file left behind by a crash here costs disk, a missing one would break a page.
  await Promise.all(images.map((path) => ctx.files.remove(path).catch(() => undefined)));
  return { ok: true };
}

/**
 * A picture for the document, checked by its bytes like thumbnails (re-encoded to WebP, metadata
 * dropped, at most DOCUMENT_IMAGE_BOX). Kept until the document is deleted, so its revisions
 * still show it after it is removed from the newest version.
 */
export async function addImage(opts: { ctx: AppContext; auth: AuthInfo; id: string; data: Buffer }): Promise<DocumentImage> {
  const { ctx } = opts;
  const doc = await ownDocument(ctx, opts.auth, opts.id);
  if ((await repo.countImages(ctx.db, doc.id)) >= DOCUMENT_IMAGES_MAX) {
    throw invalid(`A document holds at most ${DOCUMENT_IMAGES_MAX} pictures.`);
  }
  const image = await normaliseImage(opts.data, DOCUMENT_IMAGE_BOX);
  const path = await ctx.files.put(`documents/${doc.id}-${randomBytes(6).toString('hex')}.webp`, image);
  await repo.insertImage(ctx.db, doc.id, path, ctx.now());
  return { path };
}

/** The caller's own document; one they cannot see is 404 like a missing one, one they can see but do not own is 403. */
async function ownDocument(ctx: AppContext, auth: AuthInfo, id: string): Promise<repo.DocumentRow> {
  const row = await repo.findDocument(ctx.db, auth.tenant.id, id);
  if (!row || !(await visibleTo(ctx.db, { tenantId: auth.tenant.id, row, viewerId: auth.userId, now: ctx.now() }))) throw notFound(NOT_VISIBLE);
  if (row.userId !== auth.userId) throw notOwner('Only the author of this document may do this.');
  return row;
}

export async function listRevisions(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<DocumentRevisionSummary[]> {
  const doc = await ownDocument(opts.ctx, opts.auth, opts.id);
  return repo.listRevisions(opts.ctx.db, doc.id);
}

export async function getRevision(opts: { ctx: AppContext; auth: AuthInfo; id: string; version: number }): Promise<DocumentRevision> {
  const doc = await ownDocument(opts.ctx, opts.auth, opts.id);
  const revision = await repo.findRevision(opts.ctx.db, doc.id, opts.version);
  if (!revision) throw notFound(`This document has no kept version ${opts.version}.`);
  return { version: revision.version, title: revision.title, created: revision.created, contentJson: revision.contentJson };
}

/** An earlier version becomes the newest (the one it replaces is kept too, so a restore can be undone). */
export async function restoreRevision(opts: { ctx: AppContext; auth: AuthInfo; id: string; version: number }): Promise<ProjectDocument> {
  const { ctx, auth } = opts;
  const doc = await ownDocument(ctx, auth, opts.id);
  const revision = await repo.findRevision(ctx.db, doc.id, opts.version);
  if (!revision) throw notFound(`This document has no kept version ${opts.version}.`);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockDocument(tx, auth.tenant.id, doc.id);
    if (!current) throw notFound(NOT_VISIBLE);
    const now = ctx.now();
    await repo.keepRevision(tx, { documentId: current.id, version: current.version, title: current.title, contentJson: current.contentJson, plainText: current.plainText, contentRules: current.contentRules, now, keep: DOCUMENT_REVISIONS_MAX });
    // Brought to today's rules on the way back (a kept body may predate them, or name pictures from a bucket no longer configured).
    const body = strictStoredBody(revision.contentJson, contentOptionsOf(ctx.config));
    const write = { eventId: current.eventId, title: revision.title, contentType: current.contentType, ...body, visibility: current.visibility };
    return repo.updateDocument(tx, { id: current.id, write, version: current.version + 1, now });
  });
  return toDocument(row);
}

export async function eventDocuments(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; viewerId: string | null }): Promise<ProjectDocument[]> {
  const rows = await repo.eventDocumentsOf(opts.ctx.db, { tenantId: opts.tenant.id, eventId: opts.eventId, viewerId: opts.viewerId, now: opts.ctx.now() });
  if (!rows) throw notFound('No event with this id is visible to you.');
  return rows.map(toDocument);
}

/**
 * An event's public documents drawn as HTML for a page the server writes (the public event page),
 * from the strict form of what is stored, as the download draws them: every text escaped, links
 * only to the web or mail, pictures from their own address (this server's uploads or the bucket,
 * which the strict form allows and the page's policy lets load). Headings start at h2.
 */
export async function eventDocumentsHtml(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; viewerId: string | null }): Promise<{ id: string; title: string; html: string }[]> {
  const docs = await eventDocuments(opts);
  const options = contentOptionsOf(opts.ctx.config);
  return docs.map((doc) => {
    const content = strictStoredContent(doc.contentJson, options);
    const pictures = new Map([...imageSources(content)].map((src) => [src, escapeHtml(src)]));
    return { id: doc.id, title: doc.title, html: nodeHtml(content, pictures) };
  });
}

export async function searchDocuments(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof ProjectDocumentSearchSchema> }): Promise<ProjectDocumentSearchResult> {
  const { input } = opts;
  const orderBy = input.orderBy === 'Relevance' && !input.searchText ? 'Updated' : input.orderBy;
  // Newest and most relevant first, titles A to Z, unless told otherwise.
  const descending = input.isDescending ?? orderBy !== 'Title';
  const words = searchWords(input.searchText);
  const rows = await repo.searchDocuments(opts.ctx.db, {
    pattern: wordPattern(words),
    tenantId: opts.auth.tenant.id,
    userId: opts.auth.userId,
    text: input.searchText,
    eventId: input.eventId ?? null,
    orderBy,
    descending,
    limit: DOCUMENT_SEARCH_PAGE_SIZE,
    offset: (input.pageNumber - 1) * DOCUMENT_SEARCH_PAGE_SIZE,
  });
  const filter = { tenantId: opts.auth.tenant.id, userId: opts.auth.userId, text: input.searchText, eventId: input.eventId ?? null };
  const totalCount = rows[0]?.total ?? (input.pageNumber > 1 ? await repo.countMatches(opts.ctx.db, filter) : 0);
  return {
    totalCount,
    pageNumber: input.pageNumber,
    pageSize: DOCUMENT_SEARCH_PAGE_SIZE,
    documents: rows.map((r) => ({ id: r.id, eventId: r.eventId, title: r.title, visibility: r.visibility, version: r.version, updated: r.updated, snippet: snippetOf(r.excerpt, words, { start: r.cutStart, end: r.cutEnd }) })),
  };
}

/**
 * A document as one self-contained HTML file, for holders of the Download.HTML add-on (read from
 * the database, not the token): the document as this person may read it, pictures inlined.
 */
export async function documentHtml(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<{ fileName: string; html: string }> {
  const { ctx, auth } = opts;
  const user = await findUserById(ctx.db, auth.tenant.id, auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  if (!user.addOns.includes(ADD_ON_DOWNLOAD_HTML)) {
    throw addOnRequired(`Downloading a document as HTML needs the ${ADD_ON_DOWNLOAD_HTML} add-on. Add it on your Subscription page (Account → Subscription).`);
  }
  const doc = await getDocument({ ctx, tenant: auth.tenant, id: opts.id, viewerId: auth.userId });
  // Drawn from the strict form of what is stored: a body the rules no longer accept whole still shows what they allow.
  const content = strictStoredContent(doc.contentJson, contentOptionsOf(ctx.config));
  const images = new Map<string, string>();
  for (const src of imageSources(content)) {
    const data = await inlineImage(ctx.files, src);
    if (data) images.set(src, data);
  }
  const html = renderDocumentHtml({ title: doc.title, content, images, generatedAt: ctx.now() });
  return { fileName: safeFileName(`${doc.title}.html`), html };
}
