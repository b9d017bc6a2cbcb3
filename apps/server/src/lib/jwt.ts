import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
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
function claimsOf(payload: JWTPayload): AccessClaims {
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
  if (error instanceof joseErrors.JWTExpired) return new InvalidTokenError('The token has expired.');
  return new InvalidTokenError('The token is not valid.');
}

export function createJwtSigner(secret: string, lifetimeSeconds = JWT_LIFETIME_SECONDS): JwtSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      // The role claim is a string for one role and a list for several, as .NET clients expect.
      const role = claims.roles.length === 1 ? claims.roles[0] : claims.roles.length ? claims.roles : undefined;
      return new SignJWT({
        [CLAIM_NAME_IDENTIFIER]: claims.userId,
        name: claims.name,
        email: claims.email,
        ...(role ? { [CLAIM_ROLE]: role } : {}),
        [CLAIM_FEATURE]: claims.features.join(';'),
        tenant: claims.tenant,
        sid: claims.sessionId,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.exp !== 'number') throw new InvalidTokenError('Incomplete token.');
        return { ...claimsOf(payload), exp: payload.exp };
      } catch (error) {
        throw asInvalid(error);
      }
    },
    async verifyIgnoringExpiry(token) {
      try {
        // The signature, issuer and algorithm are checked as always; only the clock is not.
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: new Date(0) });
        return claimsOf(payload);
      } catch (error) {
        throw asInvalid(error);
      }
    },
  };
}
