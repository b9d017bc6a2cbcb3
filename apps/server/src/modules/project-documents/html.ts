import { DOCUMENT_LINK_REL, formatDateTime, SAFE_LINK, type DocumentContent } from '@hubbub/contract';
import { escapeHtml, htmlPage } from '../../lib/html-file.js';

type Node = DocumentContent;
type Mark = { type: string; attrs?: Record<string, unknown> };

export interface DocumentPage {
  title: string;
  content: Node;
  /** Each picture's data: URL by its stored src; a picture without one shows its description. */
  images: Map<string, string>;
  generatedAt: Date;
}

const SIMPLE_MARKS: Record<string, string> = { bold: 'strong', italic: 'em', strike: 's', code: 'code', underline: 'u' };
const BLOCKS: Record<string, string> = { paragraph: 'p', bulletList: 'ul', listItem: 'li', blockquote: 'blockquote', table: 'table', tableRow: 'tr' };
const int = (v: unknown, min: number, max: number) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null);

function textHtml(node: Node): string {
  let html = escapeHtml(node.text ?? '');
  for (const mark of (node.marks ?? []) as Mark[]) {
    const tag = SIMPLE_MARKS[mark.type];
    if (tag) html = `<${tag}>${html}</${tag}>`;
    else if (mark.type === 'link' && typeof mark.attrs?.href === 'string' && SAFE_LINK.test(mark.attrs.href)) {
      // Whatever rel the mark holds, the stored rule: the opened page cannot reach back (no reverse tabnabbing).
      html = `<a href="${escapeHtml(mark.attrs.href)}" rel="${DOCUMENT_LINK_REL}">${html}</a>`;
    }
  }
  return html;
}

/**
 * A document's JSON as HTML, node by node over the contract's closed set of nodes and marks:
 * every text and attribute escaped, links only to the web or mail, pictures only as the data:
 * URLs given (so the file needs nothing else), anything unknown reduced to its text.
 */
export function nodeHtml(node: Node, images: Map<string, string>): string {
  const inner = () => (node.content ?? []).map((child) => nodeHtml(child, images)).join('');
  const attrs = node.attrs ?? {};
  switch (node.type) {
    case 'text':
      return textHtml(node);
    case 'doc':
      return inner();
    case 'heading': {
      // The file's title is its h1: the document's headings sit below it.
      const level = (int(attrs.level, 1, 3) ?? 1) + 1;
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'orderedList': {
      const start = int(attrs.start, 0, 100_000);
      return `<ol${start !== null && start !== 1 ? ` start="${start}"` : ''}>${inner()}</ol>`;
    }
    case 'taskList':
      return `<ul class="tasks">${inner()}</ul>`;
    case 'taskItem':
      return `<li><input type="checkbox" disabled${attrs.checked === true ? ' checked' : ''} aria-label="${attrs.checked === true ? 'Done' : 'To do'}"><div>${inner()}</div></li>`;
    case 'codeBlock':
      return `<pre><code>${inner()}</code></pre>`;
    case 'horizontalRule':
      return '<hr>';
    case 'hardBreak':
      return '<br>';
    case 'image': {
      const alt = typeof attrs.alt === 'string' ? attrs.alt : '';
      const data = typeof attrs.src === 'string' ? images.get(attrs.src) : undefined;
      return data ? `<figure><img src="${data}" alt="${escapeHtml(alt)}"></figure>` : `<p class="muted">[Picture${alt ? `: ${escapeHtml(alt)}` : ''}]</p>`;
    }
    case 'tableHeader':
    case 'tableCell': {
      const tag = node.type === 'tableHeader' ? 'th' : 'td';
      const colspan = int(attrs.colspan, 2, 50);
      const rowspan = int(attrs.rowspan, 2, 500);
      return `<${tag}${colspan ? ` colspan="${colspan}"` : ''}${rowspan ? ` rowspan="${rowspan}"` : ''}>${inner()}</${tag}>`;
    }
    default: {
      const tag = BLOCKS[node.type];
      return tag ? `<${tag}>${inner()}</${tag}>` : inner();
    }
  }
}

/** Every picture src in the document, once each. */
export function imageSources(node: Node, into = new Set<string>()): Set<string> {
  if (node.type === 'image' && typeof node.attrs?.src === 'string') into.add(node.attrs.src);
  for (const child of node.content ?? []) imageSources(child, into);
  return into;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:760px;margin:0 auto;padding:32px 20px 48px}h1{font-size:2rem;line-height:1.2;margin:0 0 24px}h2,h3,h4{line-height:1.3;margin:1.6em 0 .5em}
p{margin:0 0 .8em;overflow-wrap:anywhere}a{color:#4338ca}blockquote{margin:0 0 1em;padding:.2em 1em;border-left:4px solid #d6d3d1;color:#57534e}
pre{background:#f5f5f4;padding:12px;border-radius:8px;overflow:auto}code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
figure{margin:1em 0}img{max-width:100%;height:auto;border-radius:8px}hr{border:0;border-top:1px solid #e7e5e4;margin:2em 0}
table{border-collapse:collapse;margin:1em 0;width:100%}th,td{border:1px solid #d6d3d1;padding:6px 10px;text-align:left;vertical-align:top}th{background:#f5f5f4}
th p,td p{margin:0}ul.tasks{list-style:none;padding-left:4px}ul.tasks li{display:flex;gap:8px;align-items:baseline}ul.tasks li div{flex:1}
.muted{color:#78716c}footer{margin-top:40px;color:#a8a29e;font-size:.85rem}
`;

/** The document as one HTML file that opens anywhere, offline, and can make no request (see OFFLINE_CSP). */
export function renderDocumentHtml(page: DocumentPage): string {
  return htmlPage({
    title: page.title,
    style: STYLE,
    body: `<h1>${escapeHtml(page.title)}</h1>
${nodeHtml(page.content, page.images)}
<footer>Saved from Hubbub on ${escapeHtml(formatDateTime(page.generatedAt, { locale: 'en-US', timeZone: 'UTC', year: true, zoneName: true }))}.</footer>`,
  });
}
