import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findBadText } from '@hubbub/contract';
import { invalid, malformed } from '../lib/app-error.js';

function refuseBadText(where: string, value: unknown): void {
  const bad = findBadText(value);
  if (bad) throw invalid(`The request ${where} is not valid: ${bad.field}.`, { [bad.field]: [bad.problem] });
}

/**
 * Every text the API takes is text the database can store: JSON bodies, query strings
 * and path parameters are checked once here, before any route, so no field of any call
 * can reach PostgreSQL with an unpaired surrogate or a control character (a 500 there).
 */
export const requestTextPlugin = fp(async (app: FastifyInstance) => {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // The spec's follow call posts an empty body; an empty JSON body means "no body", not an error.
    if (typeof body !== 'string' || body.trim() === '') return done(null, undefined);
    // Fastify's own parser answers through the callback (its type also allows a promise, never used here).
    void defaultJson(request, body, (error, parsed) => {
      if (error) return done(error, undefined);
      try {
        refuseBadText('body', parsed);
      } catch (refused) {
        return done(refused as Error, undefined);
      }
      done(null, parsed);
    });
  });

  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw malformed('The address must not contain NUL characters.');
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    refuseBadText('query', request.query);
    refuseBadText('path', request.params);
  });
});
