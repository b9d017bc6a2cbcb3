import Cookies from 'js-cookie';
import { DEFAULT_TENANT } from '@hubbub/contract';

/** Spec 9: the tenant key followed by _token. */
export const TOKEN_COOKIE = `${DEFAULT_TENANT}_token`;
export const TOKEN_COOKIE_DAYS = 365;

export interface StoredTokens {
  jwt: string;
  refreshToken: string;
}

export function readTokenCookie(): StoredTokens | null {
  const raw = Cookies.get(TOKEN_COOKIE);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object') {
      const { jwt, refreshToken } = value as Record<string, unknown>;
      if (typeof jwt === 'string' && jwt) {
        return { jwt, refreshToken: typeof refreshToken === 'string' ? refreshToken : '' };
      }
    }
  } catch {
    // A cookie we cannot read is treated like no cookie at all.
  }
  return null;
}

export function writeTokenCookie(tokens: StoredTokens): void {
  Cookies.set(TOKEN_COOKIE, JSON.stringify({ jwt: tokens.jwt, refreshToken: tokens.refreshToken }), {
    expires: TOKEN_COOKIE_DAYS,
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

export function removeTokenCookie(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
