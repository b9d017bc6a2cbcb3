import type { FastifyReply } from 'fastify';
import type { FileStore } from './file-store.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Everything people typed goes through here: text, never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** RFC 6266 with RFC 5987's filename* for names beyond ASCII; the plain filename keeps only safe ASCII. */
export function contentDisposition(fileName: string): string {
  // One underscore per character, however many UTF-16 units it takes.
  const ascii = Array.from(fileName, (c) => (/^[\x20-\x7e]$/.test(c) && c !== '"' && c !== '\\' ? c : '_')).join('');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The types uploads are stored as (all re-encoded by sharp); anything else is not inlined. */
function imageTypeOf(data: Buffer): string | null {
  if (data.length > 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length > 8 && data[0] === 0x89 && data.toString('latin1', 1, 4) === 'PNG') return 'image/png';
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length > 6 && data.toString('latin1', 0, 3) === 'GIF') return 'image/gif';
  return null;
}

/** A stored picture as a data: URL; a missing file or a store that fails leaves it out rather than failing the download. */
export async function inlineImage(files: FileStore, publicPath: string | null | undefined): Promise<string | null> {
  if (!publicPath) return null;
  try {
    const data = await files.get(publicPath);
    const type = data && imageTypeOf(data);
    return type ? `data:${type};base64,${data.toString('base64')}` : null;
  } catch {
    return null;
  }
}

/** What a self-contained file declares: no request may leave it, whatever it holds. */
export const OFFLINE_CSP = `default-src 'none'; img-src data:; style-src 'unsafe-inline'`;

/** A whole self-contained page: the offline policy, the title (escaped), inline styles and the body as given. */
export function htmlPage(page: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${OFFLINE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Hubbub">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`;
}

/** Answers a generated page as a download: never cached, never sniffed as anything else. */
export function sendHtmlFile(reply: FastifyReply, file: { fileName: string; html: string }) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.html);
}
