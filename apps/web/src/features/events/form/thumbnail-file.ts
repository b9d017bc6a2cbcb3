import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from '../api/thumbnail';

/** Why a chosen file cannot be a thumbnail, checked before any upload; null when it can. */
export function thumbnailFileProblem(file: { type: string; size: number }): string | null {
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF picture.';
  if (file.size > THUMBNAIL_MAX_BYTES) return 'That picture is larger than 10 MB. Choose a smaller one.';
  return null;
}
