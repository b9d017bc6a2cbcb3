import type { FastifyBaseLogger } from 'fastify';
import { documentPlainText, sanitizeDocumentContent, type DocumentContent, type DocumentContentOptions } from '@hubbub/contract';
import type { Db } from '../../db/client.js';
import { CONTENT_RULES, storeCheckedBody, uncheckedBodies } from './repository.js';

const BATCH = 100;

/**
 * A stored body in the strict form, whatever it holds: what the rules allow is kept (see
 * sanitizeDocumentContent), and text that is not JSON at all stays as one paragraph of text.
 */
export function strictStoredContent(contentJson: string, options: DocumentContentOptions): DocumentContent {
  let value: unknown;
  try {
    value = JSON.parse(contentJson);
  } catch {
    value = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: contentJson }] }] };
  }
  return sanitizeDocumentContent(value, options);
}

/** strictStoredContent as the columns hold it. */
export function strictStoredBody(contentJson: string, options: DocumentContentOptions): { contentJson: string; plainText: string } {
  const content = strictStoredContent(contentJson, options);
  return { contentJson: JSON.stringify(content), plainText: documentPlainText(content) };
}

/**
 * Brings every document and kept revision stored under older content rules (before issue 22:
 * unknown attributes, any link rel, pictures from anywhere) to the strict form, once: each row
 * records the rules it was brought to, so a later start finds nothing to do, and a start that
 * stopped half-way goes on where it stopped. Run at start, before the app answers. TypeScript,
 * not SQL: the rules are the contract's own, and which pictures are this server's depends on
 * its configuration (S3_PUBLIC_URL).
 */
export async function checkStoredDocuments(opts: { db: Db; options: DocumentContentOptions; log?: FastifyBaseLogger }): Promise<{ checked: number; changed: number }> {
  let checked = 0;
  let changed = 0;
  for (const table of ['documents', 'revisions'] as const) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await uncheckedBodies(opts.db, { table, rules: CONTENT_RULES, after, limit: BATCH });
      if (!rows.length) break;
      for (const row of rows) {
        const strict = strictStoredBody(row.contentJson, opts.options);
        await storeCheckedBody(opts.db, { table, id: row.id, version: row.version, ...strict, rules: CONTENT_RULES });
        checked++;
        if (strict.contentJson !== row.contentJson) changed++;
      }
      after = rows[rows.length - 1].id;
    }
  }
  if (checked) opts.log?.info({ checked, changed, rules: CONTENT_RULES }, 'stored documents brought to the strict content rules');
  return { checked, changed };
}
