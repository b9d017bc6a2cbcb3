import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { CLAIM_FEATURE, CLAIM_NAME_IDENTIFIER, CLAIM_ROLE } from '@hubbub/contract';

export const JWT_LIFETIME_SECONDS = 60 * 60;
const ISSUER = 'hubbub';

export interface AccessClaims {
  userId: string;
  name: string;
  email: string;
  roles: string[];
  features: string[];
  tenant: string;
  sessionId: string;
}

export interface JwtSigner {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims & { exp: number }>;
  /**
   * Whose token this is, when this server signed it, however long ago it expired: for what only
   * needs to know who the browser belongs to (the public event page sends a signed-in person on
   * to the full page, whose app refreshes the token). Never for authorising a call.
   */
  verifyIgnoringExpiry(token: string): Promise<AccessClaims>;
}

export class InvalidTokenError extends Error {}

/** The claims a verified payload carries; a token without a user, session or tenant is refused. */
/** A verified token's claims, as fast-jwt answers them. */
type JwtPayload = Record<string, unknown> & { exp?: unknown };

function claimsOf(payload: JwtPayload): AccessClaims {
  const role = payload[CLAIM_ROLE];
  const feature = payload[CLAIM_FEATURE];
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const userId = str(payload[CLAIM_NAME_IDENTIFIER]);
  const sessionId = str(payload.sid);
  const tenant = str(payload.tenant);
  if (!userId || !sessionId || !tenant) throw new InvalidTokenError('Incomplete token.');
  return {
    userId,
    sessionId,
    tenant,
    name: str(payload.name),
    email: str(payload.email),
    roles: Array.isArray(role) ? role.map(String) : role ? [String(role)] : [],
    features: str(feature).split(';').filter(Boolean),
  };
}

function asInvalid(error: unknown): InvalidTokenError {
  if (error instanceof InvalidTokenError) return error;
  if (error instanceof TokenError && error.code === TokenError.codes.expired) return new InvalidTokenError('The token has expired.');
  return new InvalidTokenError('The token is not valid.');
}

/**
 * The app's own tokens (HS256) through fast-jwt, which signs and verifies with node:crypto's HMAC
 * synchronously: a crowd of 5,000 at a live event's door verifies 5,000 tokens at once, and
 * WebCrypto's promise per verify (jose) cost a tenth of a millisecond each on the event loop.
 * Only HS256 is accepted, with this server as the issuer and an expiry always required.
 */
export function createJwtSigner(secret: string, lifetimeSeconds = JWT_LIFETIME_SECONDS): JwtSigner {
  const signer = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER, expiresIn: lifetimeSeconds * 1000, header: { alg: 'HS256', typ: 'JWT' } });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER, requiredClaims: ['exp'] });
  // The signature, issuer and algorithm are checked as always; only the clock is not.
  const ignoringExpiry = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER, ignoreExpiration: true, ignoreNotBefore: true });
  return {
    async sign(claims) {
      // The role claim is a string for one role and a list for several, as .NET clients expect.
      const role = claims.roles.length === 1 ? claims.roles[0] : claims.roles.length ? claims.roles : undefined;
      return signer({
        [CLAIM_NAME_IDENTIFIER]: claims.userId,
        name: claims.name,
        email: claims.email,
        ...(role ? { [CLAIM_ROLE]: role } : {}),
        [CLAIM_FEATURE]: claims.features.join(';'),
        tenant: claims.tenant,
        sid: claims.sessionId,
        sub: claims.userId,
      });
    },
    async verify(token) {
      try {
        const payload = verifier(token) as JwtPayload;
        if (typeof payload.exp !== 'number') throw new InvalidTokenError('Incomplete token.');
        return { ...claimsOf(payload), exp: payload.exp };
      } catch (error) {
        throw asInvalid(error);
      }
    },
    async verifyIgnoringExpiry(token) {
      try {
        return claimsOf(ignoringExpiry(token) as JwtPayload);
      } catch (error) {
        throw asInvalid(error);
      }
    },
  };
}
