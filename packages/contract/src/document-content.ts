import { z } from 'zod';

// A project document's body (spec 1 and 7): ProseMirror (Tiptap) JSON over a closed set of nodes,
// marks and attributes. Two readings share one rule set: parseDocumentContent refuses anything
// else (what a save sends), sanitizeDocumentContent keeps what it can and drops the rest (what a
// screen shows, and bodies stored before the rules were this strict). Both answer the strict form,
// rebuilt key by key, so nothing unchecked is ever stored or drawn (issue 22).

const DEPTH_MAX = 24;
const CONTENT_MAX = 10_000;
const TEXT_MAX = 100_000;
const MARKS_MAX = 10;
const SRC_MAX = 2000;

/** Links may go to the web or to mail, nowhere else (no javascript:, no data:). */
export const SAFE_LINK = /^(https?:\/\/|mailto:)[^\s]*$/i;

/**
 * The rel of every stored link, whatever was sent: the page a link opens cannot reach back to the
 * document's page (noopener: no reverse tabnabbing) nor learn its address (noreferrer), and search
 * engines give a link planted in a public document no credit (nofollow). The editor sets the same.
 */
export const DOCUMENT_LINK_REL = 'noopener noreferrer nofollow';

/** Where POST documents/{id}/images puts a picture on this server's own disk. */
export const DOCUMENT_IMAGES_PATH = '/uploads/documents/';
/** The file name the server gives an uploaded picture: `<document id>-<12 hex>.webp`. */
const UPLOADED_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{12}\.webp$/;

export interface DocumentContentOptions {
  /** Where the server's uploads are served besides its own /uploads/ (its S3_PUBLIC_URL when S3 holds them); null: nowhere else. */
  uploadsUrl?: string | null;
}

/** Whether src is a picture uploaded to a document of this server: exactly the shape its upload answers, from nowhere else. */
export function isDocumentImageSrc(src: string, options: DocumentContentOptions = {}): boolean {
  const bucket = options.uploadsUrl ? `${options.uploadsUrl.replace(/\/+$/, '')}/documents/` : null;
  const prefix = src.startsWith(DOCUMENT_IMAGES_PATH) ? DOCUMENT_IMAGES_PATH : bucket && src.startsWith(bucket) ? bucket : null;
  return prefix !== null && UPLOADED_FILE.test(src.slice(prefix.length));
}

type Node = { type: string; attrs?: Record<string, unknown>; content?: Node[]; marks?: Mark[]; text?: string };
type Mark = { type: string; attrs?: Record<string, unknown> };
export type DocumentContent = Node;

const SIMPLE_MARKS = ['bold', 'italic', 'strike', 'code', 'underline'] as const;

const LinkAttrs = z
  .strictObject({
    href: z.string().max(SRC_MAX).regex(SAFE_LINK, { message: 'Links start with http://, https:// or mailto:.' }),
    target: z.literal('_blank', { message: 'A link opens in a new tab (target "_blank") or in place (no target).' }).nullish(),
    rel: z.string().max(200).nullish(),
    class: z.null({ message: 'A link carries no class.' }).optional(),
    title: z.string().max(500).nullish(),
  })
  // Rebuilt in the editor's key order, rel forced (see DOCUMENT_LINK_REL).
  .transform((a) => ({
    href: a.href,
    ...(a.target !== undefined && { target: a.target }),
    rel: DOCUMENT_LINK_REL,
    ...(a.class !== undefined && { class: a.class }),
    ...(a.title !== undefined && { title: a.title }),
  }));

const MarkSchema = z.discriminatedUnion('type', [z.strictObject({ type: z.enum(SIMPLE_MARKS) }), z.strictObject({ type: z.literal('link'), attrs: LinkAttrs })], {
  message: 'Marks are bold, italic, strike, code, underline or link.',
});

const TextSchema = z
  .strictObject({ type: z.literal('text'), marks: z.array(MarkSchema).max(MARKS_MAX).optional(), text: z.string().min(1).max(TEXT_MAX) })
  .transform(({ type, marks, text }) => ({ type, ...(marks && marks.length > 0 ? { marks } : {}), text }));

const align = z.enum(['left', 'center', 'right', 'justify']).nullish();
const cellSpan = (max: number) => z.number().int().min(1).max(max);
const cell = { colspan: cellSpan(50).optional(), rowspan: cellSpan(500).optional(), colwidth: z.array(z.number().min(0).max(10_000)).max(50).nullish(), align: z.enum(['left', 'center', 'right']).nullish() };

/**
 * Each node's attributes, key by key, in the order the editor writes them (its getJSON). Only what
 * the editor's extensions make (apps/web documentExtensions, checked by its round-trip test); a
 * value that reaches the page as markup is held to what it can mean (a code language becomes a class).
 */
const ATTRS: Record<string, Record<string, z.ZodType> | null> = {
  doc: null,
  paragraph: { textAlign: align },
  heading: { level: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'Headings are level 1, 2 or 3.' }), textAlign: align },
  bulletList: null,
  orderedList: { start: z.number().int().min(0).max(100_000).optional(), type: z.enum(['1', 'a', 'A', 'i', 'I']).nullish() },
  listItem: null,
  taskList: null,
  taskItem: { checked: z.boolean() },
  blockquote: null,
  codeBlock: { language: z.string().regex(/^[\w+#.-]{1,40}$/, { message: 'A code language is one word.' }).nullish() },
  horizontalRule: null,
  hardBreak: null,
  image: {
    src: z.string().max(SRC_MAX),
    alt: z.string().max(500).nullish(),
    title: z.string().max(500).nullish(),
    width: z.number().int().min(1).max(10_000).nullish(),
    height: z.number().int().min(1).max(10_000).nullish(),
  },
  table: null,
  tableRow: null,
  tableHeader: cell,
  tableCell: cell,
};
/** Attributes a node cannot do without, and what a damaged stored one gets instead. */
const REQUIRED: Record<string, Record<string, unknown>> = { heading: { level: 1 }, taskItem: { checked: false }, image: { src: '' } };
const ATTR_SCHEMAS = Object.fromEntries(
  Object.entries(ATTRS).map(([type, shape]) => [type, shape === null ? z.undefined({ message: 'This part takes no attributes.' }) : REQUIRED[type] ? z.strictObject(shape) : z.strictObject(shape).optional()]),
) as Record<string, z.ZodType<Record<string, unknown> | undefined>>;
export const DOCUMENT_NODE_TYPES = Object.keys(ATTRS);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const NODE_KEYS = new Set(['type', 'attrs', 'content']);

interface Walk {
  issues: { path: (string | number)[]; message: string }[];
  options: DocumentContentOptions;
}

/** The node rebuilt from its checked parts; problems go to walk.issues. */
function strictNode(value: unknown, path: (string | number)[], depth: number, walk: Walk): Node | undefined {
  const issue = (message: string, at: (string | number)[] = []) => void walk.issues.push({ path: [...path, ...at], message });
  if (walk.issues.length >= 10) return undefined;
  if (depth > DEPTH_MAX) return issue(`The document is nested more than ${DEPTH_MAX} levels deep.`);
  if (!isRecord(value)) return issue('Each part of the document is an object.');
  if (value.type === 'text') {
    const parsed = TextSchema.safeParse(value);
    if (!parsed.success) for (const i of parsed.error.issues) issue(i.message, i.path.map(String));
    return parsed.data;
  }
  const schema = typeof value.type === 'string' && Object.hasOwn(ATTRS, value.type) ? ATTR_SCHEMAS[value.type] : undefined;
  if (!schema) return issue(`Unknown content "${String(value.type).slice(0, 40)}".`, ['type']);
  if (value.type === 'doc' && depth > 0) return issue('A document holds no other document.', ['type']);
  const extra = Object.keys(value).find((k) => !NODE_KEYS.has(k));
  if (extra !== undefined) return issue(extra === 'marks' ? 'Only text carries marks.' : `Unexpected field "${extra.slice(0, 40)}".`, extra === 'marks' ? ['marks'] : []);
  const attrs = schema.safeParse(value.attrs);
  if (!attrs.success) for (const i of attrs.error.issues) issue(i.message, ['attrs', ...i.path.map(String)]);
  if (value.type === 'image' && attrs.success && !isDocumentImageSrc(String(attrs.data?.src), walk.options)) {
    issue("A picture must be one uploaded to this server's documents.", ['attrs', 'src']);
  }
  const node: Node = { type: value.type as string, ...(attrs.data !== undefined && { attrs: attrs.data }) };
  if (value.content !== undefined) {
    if (!Array.isArray(value.content) || value.content.length > CONTENT_MAX) return issue(`content is a list of at most ${CONTENT_MAX.toLocaleString('en-US')} parts.`, ['content']);
    node.content = value.content.map((child, i) => strictNode(child, [...path, 'content', i], depth + 1, walk)).filter((n): n is Node => n !== undefined);
  }
  return node;
}

function strictDocument(value: unknown, options: DocumentContentOptions): { success: true; data: DocumentContent } | { success: false; issues: string[] } {
  if (!isRecord(value) || value.type !== 'doc') return { success: false, issues: ['The body is a rich-text document ({"type":"doc"}).'] };
  const walk: Walk = { issues: [], options };
  const data = strictNode(value, [], 0, walk);
  if (walk.issues.length || !data) return { success: false, issues: walk.issues.slice(0, 10).map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)) };
  return { success: true, data };
}

/** Version 1 of a document's body, as zod: the strict form of a `doc` of the nodes and marks above. */
export const documentContentSchema = (options: DocumentContentOptions = {}) =>
  z.unknown().transform((value, ctx): DocumentContent => {
    const result = strictDocument(value, options);
    if (result.success) return result.data;
    for (const message of result.issues) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
export const DocumentContentSchema = documentContentSchema();

/**
 * contentJson parsed, checked and rebuilt: the strict form to store (JSON.stringify of `data`),
 * never the text as sent. Refuses what the rules do not know, saying where; never throws.
 */
export function parseDocumentContent(json: string, options: DocumentContentOptions = {}): { success: true; data: DocumentContent } | { success: false; issues: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { success: false, issues: ['contentJson is not valid JSON.'] };
  }
  return strictDocument(value, options);
}

/** Every word of any JSON, as lines of paragraphs (a body the rules cannot read keeps its text). */
function looseText(value: unknown, depth = 0): string[] {
  if (depth > 200 || !isRecord(value)) return [];
  const own = value.type === 'text' && typeof value.text === 'string' ? [value.text] : [];
  const alt = value.type === 'image' && isRecord(value.attrs) && typeof value.attrs.alt === 'string' ? [value.attrs.alt] : [];
  const children = Array.isArray(value.content) ? value.content.flatMap((c) => looseText(c, depth + 1)) : [];
  return [...own, ...alt, ...children].filter(Boolean);
}

const textNodes = (text: string, marks?: Mark[]): Node[] => {
  const nodes: Node[] = [];
  for (let i = 0; i < text.length; i += TEXT_MAX) nodes.push({ type: 'text', ...(marks && marks.length > 0 ? { marks } : {}), text: text.slice(i, i + TEXT_MAX) });
  return nodes;
};
const paragraphOf = (text: string, marks?: Mark[]): Node[] => (text ? [{ type: 'paragraph', content: textNodes(text, marks) }] : []);

function cleanMark(value: unknown): Mark[] {
  if (!isRecord(value)) return [];
  if ((SIMPLE_MARKS as readonly unknown[]).includes(value.type)) return [{ type: value.type as string }];
  const a = isRecord(value.attrs) ? value.attrs : {};
  if (value.type !== 'link' || typeof a.href !== 'string' || a.href.length > SRC_MAX || !SAFE_LINK.test(a.href)) return [];
  return [
    {
      type: 'link',
      attrs: {
        href: a.href,
        // Any target but none opens apart (with the forced rel): no stored link leaves the app's tab.
        ...('target' in a && { target: a.target === null || a.target === undefined ? null : '_blank' }),
        ...('class' in a && { class: null }),
        ...('title' in a && { title: typeof a.title === 'string' ? a.title.slice(0, 500) : null }),
      },
    },
  ];
}

function cleanAttrs(type: string, value: unknown): Record<string, unknown> | undefined {
  const shape = ATTRS[type];
  if (!shape) return undefined;
  const given = isRecord(value) ? value : {};
  const kept = Object.fromEntries(Object.entries(shape).flatMap(([key, schema]) => (key in given && schema.safeParse(given[key]).success ? [[key, given[key]]] : [])));
  if (REQUIRED[type]) return { ...REQUIRED[type], ...kept };
  return Object.keys(kept).length ? kept : undefined;
}

/** Whether something lies more than `levels` levels below this node. */
function deeperThan(value: unknown, levels: number): boolean {
  if (!isRecord(value) || !Array.isArray(value.content) || !value.content.length) return false;
  return levels <= 0 || value.content.some((child) => deeperThan(child, levels - 1));
}

function cleanNode(value: unknown, depth: number, options: DocumentContentOptions): Node[] {
  if (!isRecord(value)) return [];
  if (value.type === 'text') {
    if (typeof value.text !== 'string' || !value.text) return [];
    return textNodes(value.text, Array.isArray(value.marks) ? value.marks.flatMap(cleanMark).slice(0, MARKS_MAX) : undefined);
  }
  const type = typeof value.type === 'string' && Object.hasOwn(ATTRS, value.type) ? value.type : null;
  // Unknown, or holding more than fits below this depth: its words stay, as a paragraph.
  if (!type || type === 'doc' || (depth >= DEPTH_MAX - 1 && deeperThan(value, DEPTH_MAX - depth))) return paragraphOf(looseText(value).join(' '));
  const attrs = cleanAttrs(type, value.attrs);
  if (type === 'image' && !isDocumentImageSrc(String(attrs?.src), options)) {
    // A picture from elsewhere is never fetched; what it showed stays readable, a link where it can be one.
    const src = typeof attrs?.src === 'string' ? attrs.src : '';
    const alt = typeof attrs?.alt === 'string' ? attrs.alt.trim() : '';
    return paragraphOf(alt || src, src.length <= SRC_MAX && SAFE_LINK.test(src) ? [{ type: 'link', attrs: { href: src } }] : undefined);
  }
  const node: Node = { type, ...(attrs !== undefined && { attrs }) };
  if (Array.isArray(value.content)) node.content = value.content.flatMap((child) => cleanNode(child, depth + 1, options)).slice(0, CONTENT_MAX);
  return [node];
}

const emptyDocument = (): DocumentContent => ({ type: 'doc', content: [{ type: 'paragraph' }] });

/**
 * Any value as a document in the strict form, keeping what the rules allow: unknown attributes
 * and marks dropped, links given their forced rel, a link that is not web or mail reduced to its
 * text, a picture from elsewhere reduced to its description or address (a link), unknown parts to
 * their words. For drawing a stored body and for bodies stored before the rules (never for a save,
 * which is refused instead). Anything that is not a `doc` is an empty document.
 */
export function sanitizeDocumentContent(value: unknown, options: DocumentContentOptions = {}): DocumentContent {
  if (!isRecord(value) || value.type !== 'doc') return emptyDocument();
  const cleaned: Node = { type: 'doc', content: Array.isArray(value.content) ? value.content.flatMap((child) => cleanNode(child, 1, options)).slice(0, CONTENT_MAX) : [] };
  const checked = strictDocument(cleaned, options);
  // Not expected (the cleaning keeps only what the rules accept); should it happen, the words stay.
  return checked.success ? checked.data : { type: 'doc', content: looseText(value).slice(0, CONTENT_MAX).flatMap((line) => paragraphOf(line)) };
}

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
