import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SERVER_AREAS } from '@hubbub/contract';
import { notFound } from '../lib/app-error.js';
import { DOCUMENT_ONLY_HEADERS, isSubresourceOnly } from './security-headers.js';

/** An address the server answers (the API, the hub, feeds...): an unknown one is a Problem, not the web app. */
export function isApiPath(url: string): boolean {
  return SERVER_AREAS.some((p) => url.startsWith(p));
}

/** Serves the built web app: hashed assets cached for a year, the shell and service worker never. */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  // Registered even before a build exists, with a wildcard route: files are looked up per
  // request (not listed once at start), so a build that lands or is swapped in while the server
  // runs is served whole without a restart. A missing file falls through to the handler below.
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset; they go out with the matching Content-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(opts.distDir, filePath);
      if (!rel.startsWith(`assets${path.sep}`)) {
        res.header('cache-control', 'no-cache');
        return;
      }
      res.header('cache-control', 'public, max-age=31536000, immutable');
      // A hashed file never changes: nothing to revalidate against.
      res.removeHeader('etag');
      res.removeHeader('last-modified');
      // Helmet wrote its headers on the raw answer; the file is the .br or .gz beside the asset when one is sent.
      if (isSubresourceOnly(rel.replace(/\.(br|gz)$/, ''))) for (const name of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(name);
    },
  });
  // Looked at on every page (one stat): a build that lands or is swapped in while the server
  // runs is served at once, and a folder removed under it is a 503, never a loop of not-founds.
  const hasBuild = () => fs.existsSync(indexFile);
  if (!hasBuild()) app.log.warn({ distDir: opts.distDir }, 'the web app is not built: run "npm run build"');

  const sendShell = (reply: FastifyReply) => {
    if (!hasBuild()) return reply.code(503).type('text/plain').send('The web app is not built. Run "npm run build".');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  app.decorateReply('sendShell', function (this: FastifyReply) {
    return sendShell(this);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || isApiPath(request.url) || path.extname(request.url.split('?')[0])) {
      throw notFound(`Nothing is at ${request.method} ${request.url.split('?')[0]}.`);
    }
    return sendShell(reply);
  });
});
