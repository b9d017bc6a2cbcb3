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
