import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PUBLIC_EVENT_PREFIX, publicEventPath } from '@hubbub/contract';
import { contentDisposition } from '../../lib/html-file.js';
import { readerLocale } from './locale.js';
import { renderNotFound } from './render.js';
import { SCRIPT_PATH, WORKER_PATH, pageScripts, type PageScripts } from './script.js';
import { cookieUserId } from './session.js';
import * as service from './service.js';

const HTML = 'text/html; charset=utf-8';
// Pages of the site, not calls of the API: left out of the OpenAPI document.
const page = { schema: { hide: true } };

type Slug = { Params: { slug: string } };

/** The friendly 404: a page with the way on (the map, or signing in when the event is the reader's own draft). */
function missing(reply: FastifyReply, slug: string | null) {
  const back = slug && service.SLUG_PATTERN.test(slug) ? publicEventPath(slug) : '/search';
  return reply.code(404).type(HTML).header('cache-control', 'no-cache').send(renderNotFound(back));
}

/**
 * The public event pages (/e/…), written by the server for the web site's tenant: no X-Tenant,
 * no bearer; the session cookie only decides whether the reader goes on to the full page.
 */
export const eventPageRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get<Slug>(`${PUBLIC_EVENT_PREFIX}:slug`, page, async (request, reply) => {
    const { slug } = request.params;
    const viewerId = await cookieUserId(ctx, request.cookies);
    const answer = await service.publicEventPage({ ctx, slug, viewerId, locale: readerLocale(request.headers['accept-language']) });
    // The same address answers a visitor, a signed-in person and each language differently.
    void reply.header('vary', 'Cookie, Accept-Language');
    if (answer.kind === 'redirect') return reply.header('cache-control', 'private, no-store').redirect(answer.location, 302);
    if (answer.kind === 'missing') return missing(reply, slug);
    // Read again on every visit (the going count and the phase move), cheaply when unchanged.
    void reply.header('cache-control', 'public, no-cache').header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
    return reply.type(HTML).send(answer.html);
  });

  app.get<Slug>(`${PUBLIC_EVENT_PREFIX}:slug/calendar.ics`, page, async (request, reply) => {
    const file = await service.publicEventIcs({ ctx, slug: request.params.slug });
    if (!file) return missing(reply, request.params.slug);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'public, no-cache').send(file.body);
  });

  for (const format of ['png', 'jpg'] as const) {
    app.get<Slug>(`${PUBLIC_EVENT_PREFIX}:slug/preview.${format}`, page, async (request, reply) => {
      const image = await service.previewImage({ ctx, slug: request.params.slug, format });
      if (!image) return missing(reply, request.params.slug);
      void reply.header('cache-control', 'public, max-age=3600').header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.type(image.type).send(image.body);
    });
  }

  for (const [path, which] of [
    [SCRIPT_PATH, 'page'],
    [WORKER_PATH, 'worker'],
  ] as const satisfies readonly (readonly [string, keyof PageScripts])[]) {
    app.get<{ Querystring: { v?: string } }>(path, page, async (request, reply) => {
      const script = (await pageScripts())[which];
      // Its address names its build: a page asks for the build it was written with, kept for a year.
      const cache = request.query.v === script.version ? 'public, max-age=31536000, immutable' : 'no-cache';
      return reply.type('text/javascript; charset=utf-8').header('cache-control', cache).send(script.code);
    });
  }

  // Anything else under /e/ (a bare /e/, a deeper path, a slug too long for the router) is a page that is not there.
  app.get(`${PUBLIC_EVENT_PREFIX}*`, page, async (_request, reply) => missing(reply, null));
};
