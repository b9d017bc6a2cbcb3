import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/** The drawing inside a Tabler outline icon (24×24, stroked), without its invisible bounding path. */
async function iconBody(name: string): Promise<string> {
  const svg = await fs.readFile(require.resolve(`@tabler/icons/outline/${name}.svg`), 'utf8');
  const inner = svg.slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>'));
  return inner.replace(/<path stroke="none"[^>]*\/>/, '');
}

/**
 * A 16:9 thumbnail drawn locally: the category's gradient with soft circles, varied by a seed,
 * and the event's icon large in white, so the picture says what the event is.
 */
export async function drawThumbnail(colours: [string, string], seed: number, icon: string): Promise<Buffer> {
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1280;
    const y = (seed * 53 + i * 131) % 720;
    const r = 60 + ((seed * 31 + i * 47) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${0.06 + (i % 3) * 0.05}"/>`;
  }).join('');
  const glyph = `<g transform="translate(440 160) scale(16.667)" fill="none" stroke="#fff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" opacity="0.92">${await iconBody(icon)}</g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>
    </linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>${circles}<circle cx="640" cy="360" r="250" fill="#000" fill-opacity="0.12"/>${glyph}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
