import sharp from 'sharp';
import { escapeHtml } from '../../lib/html-file.js';

/** The size link previews ask for (Open Graph's and X's large card): 1.91:1. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

export interface PreviewCardText {
  name: string;
  /** "Wed, Nov 25, 7:00 – 10:00 PM CST" */
  when: string;
  /** "Blue Note · Kansas City, MO" */
  where: string;
  /** "Canceled", "Live"…: a word over the name, or null. */
  phase: string | null;
}

/** Breaks text into at most `maxLines` lines of about `perLine` characters, the last one cut with an ellipsis. */
export function wrapLines(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const chunks = Array.from(word).length > perLine ? (Array.from(word).join('').match(new RegExp(`.{1,${perLine}}`, 'gu')) ?? [word]) : [word];
    for (const chunk of chunks) {
      if (!line) line = chunk;
      else if (Array.from(`${line} ${chunk}`).length <= perLine) line = `${line} ${chunk}`;
      else {
        lines.push(line);
        line = chunk;
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = Array.from(kept[maxLines - 1]);
  kept[maxLines - 1] = `${last.slice(0, Math.max(1, perLine - 1)).join('').trimEnd()}…`;
  return kept;
}

const FONT = `'DejaVu Sans','Liberation Sans',Arial,Helvetica,sans-serif`;

/**
 * The picture a link preview shows for an event without a thumbnail: the event's name, when and
 * where on Hubbub's violet, with the Hubbub mark, drawn as SVG and rasterised by sharp (the
 * system's fonts draw the text). Every text is escaped into the SVG.
 */
export function previewCardSvg(text: PreviewCardText): string {
  const name = wrapLines(text.name, 26, 3);
  const nameSize = name.length === 3 ? 60 : 68;
  const nameTop = 250 - (name.length - 1) * (nameSize * 0.6);
  const nameLines = name
    .map((line, i) => `<text x="80" y="${Math.round(nameTop + i * nameSize * 1.15)}" font-size="${nameSize}" font-weight="700" fill="#fff">${escapeHtml(line)}</text>`)
    .join('');
  const when = wrapLines(text.when, 52, 1)[0] ?? '';
  const where = wrapLines(text.where, 56, 1)[0] ?? '';
  const below = Math.round(nameTop + (name.length - 1) * nameSize * 1.15 + 80);
  const phase = text.phase
    ? `<rect x="80" y="${Math.round(nameTop - nameSize - 52)}" width="${Math.round(Array.from(text.phase).length * 17 + 40)}" height="44" rx="22" fill="#fff" fill-opacity="0.18"/>` +
      `<text x="100" y="${Math.round(nameTop - nameSize - 22)}" font-size="26" font-weight="700" fill="#fff">${escapeHtml(text.phase.toUpperCase())}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" font-family="${FONT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5f3dc4"/><stop offset="1" stop-color="#3b5bdb"/></linearGradient></defs>
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="url(#g)"/>
<circle cx="1090" cy="80" r="240" fill="#fff" fill-opacity="0.06"/><circle cx="1150" cy="600" r="180" fill="#fff" fill-opacity="0.05"/>
${phase}${nameLines}
<text x="80" y="${below}" font-size="34" fill="#fff" fill-opacity="0.92">${escapeHtml(when)}</text>
<text x="80" y="${below + 50}" font-size="30" fill="#fff" fill-opacity="0.8">${escapeHtml(where)}</text>
<g transform="translate(80 526)"><rect width="56" height="56" rx="12" fill="#fff"/><path transform="scale(0.875)" d="M14 20a6 6 0 0 1 6-6h24a6 6 0 0 1 6 6v16a6 6 0 0 1-6 6H30l-9 8v-8h-1a6 6 0 0 1-6-6z" fill="#7048e8"/></g>
<text x="152" y="566" font-size="32" font-weight="700" fill="#fff">Hubbub</text>
</svg>`;
}

/** The card as PNG, the format every previewer takes. */
export function previewCardPng(text: PreviewCardText): Promise<Buffer> {
  return sharp(Buffer.from(previewCardSvg(text))).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
}

/**
 * The event's own thumbnail as a preview: cropped to 1.91:1 and re-encoded as JPEG (thumbnails
 * are stored as WebP, which not every previewer reads). Null when the picture cannot be read.
 */
export async function previewFromPicture(picture: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(picture, { limitInputPixels: 60_000_000 })
      .resize({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}
