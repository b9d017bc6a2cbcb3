import { projectDocumentApi, type DocumentImage } from '@hubbub/contract';
import { api, uploadForm } from '@/lib/api';

/** The server's limit; checked here first so a person does not wait for a 413. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** One multipart field named `file`; the server checks the bytes (`image_invalid` if not a picture). */
export function uploadDocumentImage({ documentId, file }: { documentId: string; file: File }): Promise<DocumentImage> {
  return api.call(projectDocumentApi.uploadImage, { params: { id: documentId }, body: uploadForm(file, file.name) });
}
