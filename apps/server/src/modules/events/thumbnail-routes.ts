import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { SMALL_THUMBNAIL, SMALL_THUMBNAILS_PREFIX, THUMBNAILS_PREFIX, THUMBNAIL_FILE_NAME } from '@hubbub/contract';
import { notFound } from '../../lib/app-error.js';

/** The small copy of a stored thumbnail (cover-cropped to the cards' 16:9). */
export function shrinkThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image).resize({ ...SMALL_THUMBNAIL, fit: 'cover', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
}

/**
 * GET /uploads/thumbnails/small/{name}: the small copy of /uploads/thumbnails/{name}, made from
 * the stored picture on the first request and kept in the store beside it (the static uploads
 * folder serves everything else). Any picture stored under thumbnails/ gets one, whoever stored it
 * (an upload, the demo seed). Names are unique per upload, so the copy is cached for a year.
 */
export async function thumbnailRoutes(app: FastifyInstance): Promise<void> {
  const files = app.ctx.files;
  // A file beside the static uploads, not an API call: left out of the OpenAPI document like them.
  app.get<{ Params: { name: string } }>(`${SMALL_THUMBNAILS_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!THUMBNAIL_FILE_NAME.test(name)) throw notFound(`No thumbnail is named ${JSON.stringify(name)}.`);
    const small = `${SMALL_THUMBNAILS_PREFIX}${name}`;
    let image = await files.get(small);
    if (!image) {
      const original = await files.get(`${THUMBNAILS_PREFIX}${name}`);
      if (!original) throw notFound(`No thumbnail is named ${JSON.stringify(name)}.`);
      image = await shrinkThumbnail(original).catch(() => {
        throw notFound(`The thumbnail ${JSON.stringify(name)} could not be read as a picture.`);
      });
      // Two first requests at once both write the same bytes; the store writes aside and renames.
      await files.put(small.slice('/uploads/'.length), image);
    }
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(image);
  });
}
