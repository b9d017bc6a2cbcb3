import sharp from 'sharp';

/** A 16:9 thumbnail drawn locally: a gradient with soft circles, varied by a seed. */
export async function drawThumbnail(colours: [string, string], seed: number): Promise<Buffer> {
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1280;
    const y = (seed * 53 + i * 131) % 720;
    const r = 60 + ((seed * 31 + i * 47) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${0.06 + (i % 3) * 0.05}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>
    </linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
