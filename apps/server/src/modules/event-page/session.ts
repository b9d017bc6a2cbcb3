import { DEFAULT_TENANT } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';

/** The web app keeps its session in this cookie (spec 9: the tenant key, then _token), as JSON { jwt, refreshToken }. */
export const TOKEN_COOKIE = `${DEFAULT_TENANT}_token`;

/**
 * Who the browser belongs to, from the web app's session cookie: the user id when it holds a JWT
 * this server signed for the web site's tenant, however long ago it expired (the full page's app
 * refreshes it); null for a visitor, or for a cookie that is not one.
 */
export async function cookieUserId(ctx: AppContext, cookies: Record<string, string | undefined>): Promise<string | null> {
  const raw = cookies[TOKEN_COOKIE];
  if (!raw || raw.length > 8192) return null;
  let jwt: unknown;
  try {
    jwt = (JSON.parse(raw) as { jwt?: unknown } | null)?.jwt;
  } catch {
    return null;
  }
  if (typeof jwt !== 'string' || !jwt) return null;
  try {
    const claims = await ctx.jwt.verifyIgnoringExpiry(jwt);
    return claims.tenant === DEFAULT_TENANT ? claims.userId : null;
  } catch {
    return null;
  }
}
