import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector } from '../../db/columns.js';
import { events } from '../events/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/** An organiser's document (programme, FAQ, run sheet): rich text, private or public on its event's page. */
export const projectDocuments = pgTable(
  'project_documents',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The event it belongs to; the document stays (unlinked) when the event is deleted. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    contentType: text('content_type').notNull(),
    contentJson: text('content_json').notNull(),
    plainText: text('plain_text').notNull(),
    /** The content rules contentJson was last brought to (project-documents CONTENT_RULES); 0: stored before they were strict. */
    contentRules: integer('content_rules').notNull().default(0),
    visibility: text('visibility').notNull().default('private'),
    version: integer('version').notNull().default(1),
    searchText: tsvector('search_text')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', plain_text), 'B')`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_documents_owner_updated_idx').on(t.tenantId, t.userId, t.updatedAt),
    index('project_documents_event_idx').on(t.eventId),
    // One author's matches straight from the index (btree_gin puts the author in the GIN key): a word
    // common across every account costs no more than the author's own share of it.
    index('project_documents_search_idx').using('gin', t.userId, t.searchText),
  ],
);

/** Earlier versions of a document, kept on every save (bounded and thinned by the service). */
export const projectDocumentRevisions = pgTable(
  'project_document_revisions',
  {
    id: id(),
    documentId: uuid('document_id').notNull().references(() => projectDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    contentJson: text('content_json').notNull(),
    plainText: text('plain_text').notNull(),
    /** As on project_documents: the content rules this kept body was last brought to. */
    contentRules: integer('content_rules').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('project_document_revisions_version_key').on(t.documentId, t.version)],
);

/** The pictures uploaded into a document, so deleting the document deletes their files too. */
export const projectDocumentImages = pgTable(
  'project_document_images',
  {
    id: id(),
    documentId: uuid('document_id').notNull().references(() => projectDocuments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_document_images_document_idx').on(t.documentId)],
);
