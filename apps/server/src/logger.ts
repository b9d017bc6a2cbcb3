import type { FastifyServerOptions } from 'fastify';

// Secrets that travel in URLs: verification and reset codes and calendar feed tokens in the path, hub tokens and a provider's code and state in the query.
const SECRET_PATH = /(\/auth\/(?:verify|password\/reset)\/|\/feeds\/|\/unsubscribe\/)[^/?#]+/i;
const SECRET_QUERY = /([?&](?:access_token|token|code|state|refreshToken)=)[^&#]*/gi;

export function scrubUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
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
