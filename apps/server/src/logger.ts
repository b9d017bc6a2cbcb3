import { escapeRegExp, SECRET_PAGES, SECRET_PATH_PREFIXES } from '@hubbub/contract';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

// Secrets that travel in URLs: in the path of the calls the endpoint tables mark `secretPath`
// (verification and reset codes, feed and unsubscribe tokens); in the query, hub tokens and a provider's code and state.
const SECRET_PATH = new RegExp(`(${SECRET_PATH_PREFIXES.map(escapeRegExp).join('|')})[^/?#]+`, 'i');
// And in the web pages links open (an invitation, a co-host's link): `/event/{id}/invitation/{secret}`.
const SECRET_PAGE = new RegExp(`(${SECRET_PAGES.map((page) => escapeRegExp(page.slice(0, page.lastIndexOf(':'))).replace(/:\w+/g, '[^/?#]+')).join('|')})[^/?#]+`, 'i');
const SECRET_QUERY = /([?&](?:access_token|token|code|state|refreshToken)=)[^&#]*/gi;

export function scrubUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_PAGE, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.refreshToken', 'body.code', 'body.state', 'jwt', 'refreshToken', 'password'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) {
        return { method: request.method, url: scrubUrl(request.url), ip: request.ip, tenant: request.headers['x-tenant'] };
      },
    },
  };
}

/** A request slower than this is logged at warn even when it succeeded. */
export const SLOW_REQUEST_MS = 2000;

/** Errors that only mean the client went away before the answer was sent. */
function isClientGone(error: Error & { code?: string }): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.code === 'EPIPE' || /premature close|aborted/i.test(error.message);
}

/**
 * Fastify's per-request log lines at levels an operator can live with: each request's
 * start and end at debug, a slow one at warn, a failure at error, and a client that hung
 * up (a closed tab, a cancelled fetch) at debug, since nothing went wrong on our side.
 */
export class OperatorLogController extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super({});
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    if (error && !isClientGone(error)) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else if (error) reply.log.debug({ req: request, res: reply, responseTime }, 'client closed the request');
    else if (responseTime >= this.slowMs) reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    else reply.log.debug({ res: reply, responseTime }, 'request completed');
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (isClientGone(error)) reply.log.debug({ req: request }, 'client closed the request');
    else reply.log.warn({ req: request, err: error }, 'answer cut short by an error after its headers were sent');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}
