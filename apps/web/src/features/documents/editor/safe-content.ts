import { DOCUMENT_IMAGE_SRC, SAFE_LINK } from '@hubbub/contract';
import type { JSONContent } from '@tiptap/core';

const EMPTY: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * A stored body as the reader shows it. The server checked it when it was saved, but the page
 * does not rely on that alone: links that would run script or leave the web lose their link
 * (the text stays), pictures that are not this site's uploads are dropped.
 */
export function safeContent(contentJson: string): JSONContent {
  let doc: unknown;
  try {
    doc = JSON.parse(contentJson);
  } catch {
    return EMPTY;
  }
  if (!doc || typeof doc !== 'object' || (doc as JSONContent).type !== 'doc') return EMPTY;
  return clean(doc as JSONContent) ?? EMPTY;
}

function clean(node: JSONContent): JSONContent | null {
  if (node.type === 'image' && !(typeof node.attrs?.src === 'string' && DOCUMENT_IMAGE_SRC.test(node.attrs.src))) return null;
  const marks = node.marks?.filter((m) => m.type !== 'link' || (typeof m.attrs?.href === 'string' && SAFE_LINK.test(m.attrs.href)));
  const content = node.content?.map(clean).filter((n): n is JSONContent => n !== null);
  return { ...node, ...(marks ? { marks } : {}), ...(content ? { content } : {}) };
}
