import type { FastifyRequest } from 'fastify';
import { malformed, unsupportedMediaType } from '../lib/app-error.js';
import { MAX_UPLOAD_BYTES } from '../lib/images.js';

/** The one image of an upload form (field "file"), read whole; its content is checked by the service. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the image as multipart/form-data with a field named "file".');
  const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  if (!file || file.fieldname !== 'file') throw malformed('The form has no file; send it in a field named "file".');
  return file.toBuffer();
}
