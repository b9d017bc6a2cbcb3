import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ProblemCode } from '@hubbub/contract';
import { isDatabaseUnreachable } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { problem, problemOf, writeProblem } from '../lib/problem.js';
import { safeError } from '../lib/safe-error.js';

export { problem } from '../lib/problem.js';

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ProblemCode; title: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_request', title: 'Malformed JSON', detail: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_request', title: 'Empty body', detail: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', title: 'Body too large', detail: 'The request body is larger than the server accepts.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', title: 'Unsupported media type', detail: 'Send the body as application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'malformed_request', title: 'Bad request', detail: 'The Content-Length header does not match the body.' },
};

/** The code of a 4xx that carries no code of its own (a plugin's error, such as an upload over the size limit). */
function codeOfStatus(status: number): ProblemCode {
  if (status === 401) return 'unauthenticated';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'malformed_request';
}

function fieldErrors(error: { validation: { instancePath?: string; message?: string }[] }) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '(root)';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return errors;
}

const internalProblem = problem(500, 'internal', 'Internal error', 'The server failed to answer; the failure was logged under the correlation id.');

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers too large, a
 * broken request line) is answered as a Problem too, then the socket is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  writeProblem(
    socket,
    tooLarge
      ? problem(431, 'malformed_request', 'Headers too large', 'The request headers are larger than the server accepts.')
      : problem(400, 'malformed_request', 'Bad request', 'The request could not be parsed as HTTP.'),
  );
}

/** Every failure becomes a JSON Problem; client mistakes are 4xx, never 5xx. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(problemOf(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const where = error.validationContext === 'params' ? 'path' : error.validationContext === 'querystring' ? 'query' : 'body';
      const fields = Object.keys(errors).join(', ');
      return reply.code(400).send(problem(400, 'validation', 'Validation failed', `The request ${where} is not valid: ${fields}.`, errors));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send(problem(known.status, known.code, known.title, known.detail));
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues, correlationId: request.id }, 'response did not match its schema');
      return reply.code(500).send({ ...internalProblem, correlationId: request.id });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(problem(error.statusCode, codeOfStatus(error.statusCode), 'Bad request', error.message));
    }
    if (isDatabaseUnreachable(error)) {
      // The database is away (restarting, failing over): not this request's fault, and over soon.
      request.log.warn({ err: safeError(error), correlationId: request.id }, 'database unreachable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(problem(503, 'not_ready', 'Not ready', 'The database cannot be reached just now; try again in a few seconds.'));
    }
    request.log.error({ err: safeError(error), correlationId: request.id }, 'unhandled error');
    return reply.code(500).send({ ...internalProblem, correlationId: request.id });
  });
});
