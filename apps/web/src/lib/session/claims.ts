import { jwtDecode } from 'jwt-decode';
import { CLAIM_NAME_IDENTIFIER, type TokenClaims } from '@hubbub/contract';
import type { StoredTokens } from './token-cookie';

const CLAIM_NAME = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name';
const CLAIM_EMAIL = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  jwt: string;
  refreshToken: string;
  claims: TokenClaims;
}

/** Spec 8: an undecodable payload yields empty claims rather than an error. */
export function decodeClaims(jwt: string): TokenClaims {
  try {
    const claims = jwtDecode<TokenClaims>(jwt);
    return claims && typeof claims === 'object' ? claims : {};
  } catch {
    return {};
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function userFromTokens(tokens: StoredTokens): SignedInUser {
  const claims = decodeClaims(tokens.jwt);
  return {
    id: text(claims[CLAIM_NAME_IDENTIFIER]) || text(claims.sub),
    email: text(claims.email) || text(claims[CLAIM_EMAIL]),
    name: text(claims.name) || text(claims[CLAIM_NAME]),
    jwt: tokens.jwt,
    refreshToken: tokens.refreshToken,
    claims,
  };
}
