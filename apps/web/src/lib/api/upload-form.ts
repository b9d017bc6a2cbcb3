import { safeFileName } from '@hubbub/contract';

/**
 * The multipart body of an upload: one field named `file`, under a name every file system
 * takes (spec 5), since a person's file may be called anything and the name travels along.
 */
export function uploadForm(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('file', file, safeFileName(name));
  return form;
}

/** The server's picture limits (thumbnails, flyers, line-ups); checked here first so nobody waits for a 413. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why this file cannot be a picture, in a person's words; null when it may be sent. */
export function imageUploadProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF picture.';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'The picture is larger than 10 MB. Choose a smaller one.';
  return null;
}
