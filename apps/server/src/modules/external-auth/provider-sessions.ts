import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { ExternalIdentity } from './identity.js';
import type { ExternalProviders } from './providers.js';
import * as oidc from './oidc.js';
import * as repo from './repository.js';

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;
type Slug = oidc.ProviderSlug;

/** Provider tokens of sessions that ended without a logout are kept this long, then purged. */
const PURGE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Where the browser comes back after Microsoft's end-session page. */
const AFTER_LOGOUT_PATH = '/dashboard';

/** Keeps the provider's tokens with the session, sealed, so its logout can revoke them. */
export async function keepTokens(ctx: AppContext, providers: ExternalProviders, sessionId: string, slug: Slug, login: oidc.VerifiedLogin, identity: ExternalIdentity): Promise<void> {
  await repo.purgeEndedSessionTokens(ctx.db, new Date(ctx.now().getTime() - PURGE_AFTER_MS));
  await repo.saveSessionTokens(ctx.db, {
    sessionId,
    provider: slug,
    sealedAccessToken: providers.tokens.seal(login.accessToken),
    sealedRefreshToken: login.refreshToken ? providers.tokens.seal(login.refreshToken) : null,
    logoutHint: identity.logoutHint,
    expiresAt: login.expiresIn ? new Date(ctx.now().getTime() + login.expiresIn * 1000) : null,
  });
}

/** Revokes the held tokens (in parallel, each bounded); answers the sign-out page to visit, Microsoft's first. */
export async function endProviderSessions(ctx: AppContext, providers: ExternalProviders, held: repo.SessionTokensRow[], log: Log): Promise<string | null> {
  const pages = await Promise.all(
    held.map(async (row): Promise<[Slug, string | undefined]> => {
      const slug = row.provider as Slug;
      if (!providers.settings(slug)) return [slug, undefined];
      let provider: oidc.Provider;
      try {
        provider = await providers.get(slug);
      } catch (error) {
        log.warn({ provider: slug, reason: oidc.failureReason(error) }, 'ending the provider session failed; signed out here anyway');
        return [slug, undefined];
      }
      // An expired access token is dead already (the provider would refuse to revoke it).
      const accessAlive = !row.expiresAt || row.expiresAt > ctx.now();
      const tokens: [string | null, 'access_token' | 'refresh_token'][] = [
        [row.sealedRefreshToken, 'refresh_token'],
        [accessAlive ? row.sealedAccessToken : null, 'access_token'],
      ];
      for (const [sealed, hint] of tokens) {
        if (!sealed) continue;
        try {
          if (await oidc.revoke(provider, providers.tokens.open(sealed), hint)) log.info({ provider: slug, hint }, 'provider token revoked');
        } catch (error) {
          log.warn({ provider: slug, hint, reason: oidc.failureReason(error) }, 'revoking a provider token failed; signed out here anyway');
        }
      }
      return [slug, oidc.endSessionUrl(provider, { postLogoutRedirectUri: `${ctx.config.publicUrl}${AFTER_LOGOUT_PATH}`, logoutHint: row.logoutHint })];
    }),
  );
  const order: Slug[] = ['microsoft', 'google'];
  const page = pages.filter(([, url]) => url).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))[0];
  return page?.[1] ?? null;
}
