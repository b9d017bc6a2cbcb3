import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Answers over 1 KB go out compressed when the client asks (brotli, else gzip), with
 * `Vary: Accept-Encoding`. Brotli at quality 4 compresses JSON about as well as gzip's
 * best for a fraction of brotli's default cost per request. Static assets are compressed
 * at build time instead (plugins/spa.ts serves the .br and .gz files).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
