import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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
}

export class InvalidTokenError extends Error {}

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
        const role = payload[CLAIM_ROLE];
        const feature = payload[CLAIM_FEATURE];
        const str = (v: unknown) => (typeof v === 'string' ? v : '');
        const userId = str(payload[CLAIM_NAME_IDENTIFIER]);
        const sessionId = str(payload.sid);
        const tenant = str(payload.tenant);
        if (!userId || !sessionId || !tenant || typeof payload.exp !== 'number') throw new InvalidTokenError('Incomplete token.');
        return {
          userId,
          sessionId,
          tenant,
          name: str(payload.name),
          email: str(payload.email),
          roles: Array.isArray(role) ? role.map(String) : role ? [String(role)] : [],
          features: str(feature).split(';').filter(Boolean),
          exp: payload.exp,
        };
      } catch (error) {
        if (error instanceof InvalidTokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('The token has expired.');
        throw new InvalidTokenError('The token is not valid.');
      }
    },
  };
}
