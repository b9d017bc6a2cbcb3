import type { FastifyRequest } from 'fastify';
import { AppError, malformed, unsupportedMediaType } from '../lib/app-error.js';
import { MAX_UPLOAD_BYTES } from '../lib/images.js';

/** A multipart parser error (busboy's carry no status): a 4xx stays, anything else means the form is broken. */
function uploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error as Error;
  return malformed('The upload could not be read as multipart/form-data: the form is cut off or its boundary is wrong.');
}

/** The one image of an upload form (field "file"), read whole; its content is checked by the service. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the image as multipart/form-data with a field named "file".');
  try {
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file') throw malformed('The form has no file; send it in a field named "file".');
    return await file.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}
