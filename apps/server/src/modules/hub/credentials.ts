import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { HubIdentity } from './identity.js';

/** Who is calling: from the upgrade or negotiate request (query and headers); the app decides how. */
export type HubAuthenticate = (request: { url: string; headers: IncomingHttpHeaders }) => Promise<HubIdentity>;

const CONNECTION_TOKEN_TTL_MS = 5 * 60_000;

export const newConnectionId = () => randomBytes(16).toString('base64url');

function hmacKey(secret: string): Buffer {
  // A key of its own, so a connection token can never pass for a JWT signature.
  return createHmac('sha256', secret).update('hubbub hub connection token').digest();
}

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', hmacKey(secret)).update(body).digest();
}

/**
 * A connection token any instance can check (signed, not stored), so negotiate
 * and the WebSocket may reach different instances.
 */
export function signConnectionToken(opts: { secret: string; connectionId: string; auth: HubIdentity; now: Date }): string {
  const expires = opts.now.getTime() + CONNECTION_TOKEN_TTL_MS;
  const body = Buffer.from(JSON.stringify([opts.connectionId, opts.auth.userId, opts.auth.tenant.id, expires])).toString('base64url');
  return `${body}.${signature(opts.secret, body).toString('base64url')}`;
}

/** The connection id the token was issued for, or undefined when it is forged, expired or someone else's. */
export function verifyConnectionToken(opts: { secret: string; token: string; auth: HubIdentity; now: Date }): string | undefined {
  const [body, sig, extra] = opts.token.split('.');
  if (!body || !sig || extra !== undefined) return undefined;
  const expected = signature(opts.secret, body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const [connectionId, userId, tenantId, expires] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (typeof connectionId !== 'string' || typeof expires !== 'number') return undefined;
    if (userId !== opts.auth.userId || tenantId !== opts.auth.tenant.id || expires < opts.now.getTime()) return undefined;
    return connectionId;
  } catch {
    return undefined;
  }
}
