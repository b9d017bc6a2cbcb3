import { sanitizeDocumentContent, type DocumentContentOptions } from '@hubbub/contract';
import type { JSONContent } from '@tiptap/core';
import { getContainerData } from '@/lib/container/container-data';

const EMPTY: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The content rules as this server applies them: pictures from its /uploads/ or its uploads URL (S3) only. */
export const serverContentOptions = (): DocumentContentOptions => ({ uploadsUrl: getContainerData()?.uploadsUrl ?? null });

/**
 * A stored body as the reader and the editor show it: the contract's strict form. The server
 * stored it so, but the page does not rely on that alone: unknown attributes go, every link gets
 * the forced rel, links that would run script or leave the web lose their link (the text stays),
 * and pictures that are not this server's uploads are never fetched (their description or address
 * stays, as a link).
 */
export function safeContent(contentJson: string, options: DocumentContentOptions = serverContentOptions()): JSONContent {
  try {
    return sanitizeDocumentContent(JSON.parse(contentJson), options) as JSONContent;
  } catch {
    return EMPTY;
  }
}
