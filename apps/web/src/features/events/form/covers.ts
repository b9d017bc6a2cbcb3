/**
 * Generated covers for quick create: gradients of the flyer catalogue (by name, so they match the
 * flyers), drawn with the event's name on them in the browser and uploaded as its thumbnail.
 * Kept here rather than read from the catalogue, which would pull all 382 gradients and the emoji
 * list into the page. Each is dark enough behind white text (a scrim is added under the words).
 */
export interface Cover {
  key: string;
  name: string;
  colors: string[];
  angle: number;
}

const cover = (name: string, colors: string[], angle = 135): Cover => ({ key: `gradient:${name}`, name, colors, angle });

export const COVERS: readonly Cover[] = [
  cover('Purple Love', ['#cc2b5e', '#753a88']),
  cover('Bloody Mary', ['#ff512f', '#dd2476'], 120),
  cover('Kashmir', ['#614385', '#516395'], 160),
  cover('Sunset', ['#0b486b', '#f56217'], 110),
  cover('Frost', ['#000428', '#004e92'], 150),
  cover('Shifter', ['#bc4e9c', '#f80759'], 135),
  cover('Moonlit Asteroid', ['#0f2027', '#203a43', '#2c5364'], 160),
  cover('Blue Raspberry', ['#0083b0', '#00b4db'], 120),
];

export const isCoverKey = (key: string): boolean => COVERS.some((c) => c.key === key);

export const coverOf = (key: string | null): Cover | undefined => COVERS.find((c) => c.key === key);

/** The CSS background of a cover tile (the same gradient the canvas draws). */
export function coverBackground(c: Cover): string {
  return `linear-gradient(${c.angle}deg, ${c.colors.join(', ')})`;
}

/** Breaks the name into at most three lines that fit `width` at the canvas's current font. */
export function wrapLines(measure: (text: string) => number, text: string, width: number, maxLines = 3): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/\s*\S*$/, '')}…`;
  return kept;
}

/** A 1280×720 JPEG of the cover with the name (and a line under it, the date) in white. */
export async function drawCover(c: Cover, name: string, subtitle: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = 1280;
  canvas.height = 720;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This browser cannot draw the cover. Choose a picture instead.');
  const rad = (c.angle * Math.PI) / 180;
  const dx = Math.sin(rad) * 640;
  const dy = -Math.cos(rad) * 360;
  const gradient = g.createLinearGradient(640 - dx, 360 - dy, 640 + dx, 360 + dy);
  c.colors.forEach((colour, i) => gradient.addColorStop(i / (c.colors.length - 1), colour));
  g.fillStyle = gradient;
  g.fillRect(0, 0, 1280, 720);
  // Soft circles, as the demo thumbnails have, so the cover is not a flat swatch.
  for (let i = 0; i < 5; i++) {
    g.beginPath();
    g.arc((i * 311 + 180) % 1280, (i * 197 + 90) % 720, 90 + i * 40, 0, Math.PI * 2);
    g.fillStyle = `rgba(255,255,255,${0.05 + (i % 3) * 0.03})`;
    g.fill();
  }
  g.fillStyle = 'rgba(0,0,0,0.28)';
  g.fillRect(0, 0, 1280, 720);
  g.fillStyle = '#ffffff';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.font = '700 84px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const lines = wrapLines((t) => g.measureText(t).width, name, 1100);
  const lineHeight = 100;
  const top = 340 - ((lines.length - 1) * lineHeight) / 2;
  lines.forEach((line, i) => g.fillText(line, 640, top + i * lineHeight));
  if (subtitle) {
    g.font = '500 40px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
    g.fillText(subtitle, 640, top + lines.length * lineHeight + 10);
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The cover could not be drawn.'))), 'image/jpeg', 0.88));
}
