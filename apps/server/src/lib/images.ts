import sharp from 'sharp';
import { imageInvalid } from './app-error.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Checks the bytes (not the name or the declared type), then re-encodes to WebP:
 * orientation applied, metadata (EXIF, GPS) dropped, size bounded.
 */
export async function normaliseImage(input: Buffer, box: { width: number; height: number }): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 60_000_000 }).metadata()).format;
  } catch {
    throw imageInvalid('Not an image', 'The file is not a JPEG, PNG, WebP or GIF image.');
  }
  if (!format || !ACCEPTED.has(format)) {
    throw imageInvalid('Unsupported image', `Images must be JPEG, PNG, WebP or GIF; this file is ${format ?? 'unknown'}.`);
  }
  try {
    return await sharp(input, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw imageInvalid('Broken image', 'The image could not be read; it may be damaged.');
  }
}
