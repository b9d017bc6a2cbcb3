import { parseFlyerContent, type FlyerBlock, type FlyerContent, type HubEvent } from '@hubbub/contract';
import { escapeHtml } from './html-file.js';

// A flyer drawn as static HTML with the app's layout (blocks placed on a 4:5 card), for the pages
// the server writes itself: the downloaded event file and the public event page.

/** Colours reach CSS only in the #rrggbb form the flyer schema allows; anything else is dropped. */
const colour = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : '#000000');
const pct = (n: number) => `${Math.round(n * 100000) / 1000}%`;
/** Flyer sizes are pixels on a 400-pixel-wide card, as the app's renderer reads them. */
const cqw = (px: number) => `${Math.round((px / 400) * 100000) / 1000}cqw`;

function blockHtml(block: FlyerBlock, picture: string | null): string {
  const top = pct(block.y);
  if (block.kind === 'text') {
    const base = `top:${top};text-align:${block.align};color:${colour(block.color)};font-size:${cqw(block.fontSize)};`;
    const place =
      block.align === 'left'
        ? `left:${pct(block.x)};max-width:${pct(1 - block.x)};transform:translateY(-50%)`
        : block.align === 'right'
          ? `right:${pct(1 - block.x)};max-width:${pct(block.x)};transform:translateY(-50%)`
          : `left:${pct(block.x)};width:max-content;max-width:${pct(Math.min(block.x, 1 - block.x) * 2)};transform:translate(-50%,-50%)`;
    return `<p class="t" style="${base}${place}">${escapeHtml(block.text)}</p>`;
  }
  const centred = `top:${top};left:${pct(block.x)};transform:translate(-50%,-50%);`;
  if (block.kind === 'emoji') return `<span class="e" style="${centred}font-size:${cqw(block.size)}">${escapeHtml(block.emoji)}</span>`;
  return picture ? `<img class="i" style="${centred}width:${pct(block.width)}" src="${escapeHtml(picture)}" alt="">` : '';
}

function backgroundOf(content: FlyerContent): string {
  const b = content.background;
  if (b.kind === 'solid') return colour(b.color);
  const stops = b.colors.length === 1 ? [b.colors[0], b.colors[0]] : b.colors;
  return `linear-gradient(${Math.round(b.angle)}deg, ${stops.map(colour).join(', ')})`;
}

/** The flyer's picture as a page may load it: an uploaded file's own address (this server's or the bucket's), else none. */
export function flyerPicturePath(flyer: HubEvent['flyers'][number]): string | null {
  const parsed = parseFlyerContent(flyer.contentJson);
  const path = parsed.success ? parsed.data.imagePath : null;
  return path && (/^\/uploads\/[^?#]+$/.test(path) || /^https:\/\/[^\s"'<>]+$/.test(path)) ? path : null;
}

/**
 * One flyer as a figure: the card with its blocks, and its name below. `picture` is the image
 * block's source (a data: URL in a downloaded file, the upload's address on a page).
 */
export function flyerHtml(flyer: HubEvent['flyers'][number], picture: string | null): string {
  const parsed = parseFlyerContent(flyer.contentJson);
  const name = `<figcaption>${escapeHtml(flyer.name)}</figcaption>`;
  if (!parsed.success) return `<figure class="flyer"><div class="card fallback">This flyer can't be shown</div>${name}</figure>`;
  const blocks = parsed.data.blocks.map((b) => blockHtml(b, picture)).join('');
  return `<figure class="flyer" id="flyer-${escapeHtml(flyer.id)}"><div class="card" style="background:${backgroundOf(parsed.data)}">${blocks}</div>${name}</figure>`;
}

/** The styles flyerHtml's markup needs (the list, the card and its blocks); a page adds its own colours. */
export const FLYER_CSS = `
.flyers{display:flex;flex-wrap:wrap;gap:20px}.flyer{margin:0;width:280px}.flyer figcaption{margin-top:6px;font-weight:600}
.card{position:relative;container-type:inline-size;aspect-ratio:4/5;overflow:hidden;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.2);isolation:isolate}
.card .t{position:absolute;margin:0;line-height:1.2;font-weight:700;white-space:pre-wrap;overflow-wrap:anywhere;box-sizing:border-box;padding-inline:3cqw}
.card .e{position:absolute;line-height:1;font-family:"Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji",sans-serif}
.card .i{position:absolute;display:block;height:auto;border-radius:2cqw}.fallback{display:flex;align-items:center;justify-content:center;background:#f5f5f4;color:#78716c}
`;
