import {
  EXTERNAL_PROVIDER_SLUGS,
  providerOfSlug,
  safeReturnPath,
  type ConnectedAccounts,
  type ExternalLogin,
  type ExternalLoginResult,
  type LogoutResult,
} from '@hubbub/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../db/client.js';
import { externalConflict, externalRefused, notFound, providerFailed, providerUnconfigured, unauthorized } from '../../lib/app-error.js';
import { hashSecret, randomToken } from '../../lib/secrets.js';
import * as auth from '../auth/service.js';
import * as users from '../users/service.js';
import { accountFor, identityColumns } from './accounts.js';
import { identityOf } from './identity.js';
import * as oidc from './oidc.js';
import { endProviderSessions, keepTokens } from './provider-sessions.js';
import { labelOf, type ExternalProviders } from './providers.js';
import * as repo from './repository.js';

export { configuredProviders, createExternalProviders, type ExternalProviders } from './providers.js';

/** How long a started sign-in may take at the provider. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Used and expired attempts are kept this long, then purged. */
const PURGE_AFTER_MS = 24 * 60 * 60 * 1000;
/** The browser's binding secret: 32 random bytes, base64url. */
const BINDING = /^[A-Za-z0-9_-]{43}$/;

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;
type Slug = oidc.ProviderSlug;

function requireConfigured(providers: ExternalProviders, slug: Slug): void {
  if (!providers.settings(slug)) {
    throw providerUnconfigured(`Sign-in with ${labelOf(slug)} is not configured on this server. Sign in with your email and password.`);
  }
}

/** The provider's metadata, or a 502 when it cannot be reached. */
async function providerOf(providers: ExternalProviders, slug: Slug, log: Log): Promise<oidc.Provider> {
  try {
    return await providers.get(slug);
  } catch (error) {
    log.warn({ provider: slug, reason: oidc.failureReason(error) }, 'external provider discovery failed');
    throw providerFailed(`${labelOf(slug)} could not be reached. Try again in a moment.`);
  }
}

function toProblem(error: unknown, slug: Slug, log: Log): unknown {
  if (!(error instanceof oidc.OidcError)) return error;
  log.warn({ provider: slug, code: error.code, reason: oidc.failureReason(error) }, 'external sign-in refused');
  return error.code === 'external_provider_failed' ? providerFailed(error.message) : externalRefused(error.code, error.message);
}

export interface Started {
  authorizationUrl: string;
  /** The browser's binding secret, to set as its cookie (a reused one, or new). */
  binding: string;
}

/** Starts a sign-in or a connection: a single-use attempt bound to this browser, and the provider's URL. */
async function begin(opts: {
  ctx: AppContext;
  providers: ExternalProviders;
  tenant: TenantRef;
  slug: Slug;
  returnTo: string;
  binding: string | undefined;
  link?: AuthInfo;
  log: Log;
}): Promise<Started> {
  const { ctx, providers, slug } = opts;
  requireConfigured(providers, slug);
  const request = await oidc.authorizationRequest(await providerOf(providers, slug, opts.log));
  // Several tabs may sign in at once: they share the browser's binding.
  const binding = opts.binding && BINDING.test(opts.binding) ? opts.binding : randomToken();
  const now = ctx.now();
  await repo.purgeRequests(ctx.db, new Date(now.getTime() - PURGE_AFTER_MS));
  await repo.insertRequest(ctx.db, {
    tenantId: opts.tenant.id,
    provider: slug,
    intent: opts.link ? 'link' : 'login',
    userId: opts.link?.userId,
    sessionId: opts.link?.sessionId,
    stateHash: hashSecret(request.state),
    bindingHash: hashSecret(binding),
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    returnTo: opts.returnTo,
    expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
  });
  return { authorizationUrl: request.url.href, binding };
}

/** Who calls, and the providers this server is configured for (the module's, not the context's: only its routes use them). */
type Caller = { ctx: AppContext; providers: ExternalProviders; ip: string; binding: string | undefined; log: Log };

export function startLogin(opts: Caller & { tenant: TenantRef; slug: Slug; returnTo: string | undefined }): Promise<Started> {
  return auth.withExternalBudgets(opts.ctx, opts.ip, () => begin({ ...opts, returnTo: safeReturnPath(opts.returnTo) }));
}

export function startLink(opts: Caller & { auth: AuthInfo; slug: Slug; returnTo: string | undefined }): Promise<Started> {
  const returnTo = opts.returnTo ? safeReturnPath(opts.returnTo) : '/account/settings';
  return auth.withExternalBudgets(opts.ctx, opts.ip, () => begin({ ...opts, tenant: opts.auth.tenant, link: opts.auth, returnTo }));
}

/** The way back: the attempt this browser started (used up now), then the provider's verified answer. */
async function finish(opts: Caller & { tenant: TenantRef; body: ExternalLogin; link?: AuthInfo }) {
  const { ctx, providers } = opts;
  const slug = EXTERNAL_PROVIDER_SLUGS[opts.body.provider];
  requireConfigured(providers, slug);
  const stale = () =>
    externalRefused('external_state_invalid', `This ${labelOf(slug)} sign-in was not started in this browser, was used already or took too long. Start again.`);
  if (!opts.binding || !BINDING.test(opts.binding)) throw stale();
  const request = await repo.consumeRequest(ctx.db, {
    tenantId: opts.tenant.id,
    provider: slug,
    intent: opts.link ? 'link' : 'login',
    userId: opts.link?.userId,
    sessionId: opts.link?.sessionId,
    stateHash: hashSecret(opts.body.state),
    bindingHash: hashSecret(opts.binding),
    at: ctx.now(),
  });
  if (!request) throw stale();
  const provider = await providerOf(providers, slug, opts.log);
  try {
    const login = await oidc.exchange(provider, opts.body, { state: opts.body.state, nonce: request.nonce, codeVerifier: request.codeVerifier });
    return { slug, request, login, identity: identityOf(slug, login) };
  } catch (error) {
    throw toProblem(error, slug, opts.log);
  }
}

/** POST auth/external: signs in (creating or linking the account as the rules allow) and opens a session. */
export function externalLogin(opts: Caller & { tenant: TenantRef; body: ExternalLogin }): Promise<ExternalLoginResult> {
  return auth.withExternalBudgets(opts.ctx, opts.ip, async () => {
    const { ctx, providers, tenant } = opts;
    const { slug, request, login, identity } = await finish(opts);
    const user = await accountFor(ctx, tenant, slug, identity);
    const { tokens, sessionId } = await auth.openSession(ctx, user, tenant);
    await keepTokens(ctx, providers, sessionId, slug, login, identity);
    return { ...tokens, returnTo: request.returnTo };
  });
}

/** POST auth/external/link: connects the provider account to the signed-in account that started it. */
export function completeLink(opts: Caller & { auth: AuthInfo; body: ExternalLogin }): Promise<ConnectedAccounts> {
  return auth.withExternalBudgets(opts.ctx, opts.ip, async () => {
    const { ctx, providers, auth: who } = opts;
    const { slug, login, identity } = await finish({ ...opts, tenant: who.tenant, link: who });
    const label = labelOf(slug);
    const known = await repo.findIdentity(ctx.db, { tenantId: who.tenant.id, provider: slug, subject: identity.subject });
    if (known && known.userId !== who.userId) {
      throw externalConflict('external_identity_taken', `This ${label} account is connected to another Hubbub account. Disconnect it there first.`);
    }
    if (known) {
      // Connected again by the signed-in owner: it speaks for the account now.
      await repo.touchIdentity(ctx.db, known.id, { email: identity.email, at: ctx.now(), trusted: true });
    } else {
      if ((await repo.listIdentities(ctx.db, who.tenant.id, who.userId)).some((i) => i.provider === slug)) {
        throw externalConflict('external_identity_taken', `Another ${label} account is connected already. Disconnect it first.`);
      }
      try {
        await repo.insertIdentity(ctx.db, { ...identityColumns(who.tenant, slug, identity), userId: who.userId, trusted: true, at: ctx.now() });
      } catch (error) {
        if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
        throw externalConflict('external_identity_taken', `This ${label} account was connected to an account meanwhile.`);
      }
    }
    await keepTokens(ctx, providers, who.sessionId, slug, login, identity);
    return connectedAccounts({ ctx, providers, auth: who });
  });
}

export async function connectedAccounts(opts: { ctx: AppContext; providers: ExternalProviders; auth: AuthInfo }): Promise<ConnectedAccounts> {
  const { ctx, auth: who } = opts;
  const user = await users.findUserById(ctx.db, who.tenant.id, who.userId);
  if (!user) throw unauthorized('The account no longer exists.');
  const identities = await repo.listIdentities(ctx.db, who.tenant.id, who.userId);
  return {
    accounts: identities.flatMap((i) => {
      const provider = providerOfSlug(i.provider);
      return provider
        ? [{ provider, email: i.email, linkedAt: i.linkedAt.toISOString(), lastUsedAt: i.lastUsedAt?.toISOString() ?? null }]
        : [];
    }),
    available: opts.providers.configured,
    hasPassword: Boolean(user.passwordHash),
  };
}

/** Disconnects a provider; refused when it is the account's last way to sign in. Its tokens are revoked. */
export async function unlink(opts: { ctx: AppContext; providers: ExternalProviders; auth: AuthInfo; slug: Slug; log: Log }): Promise<ConnectedAccounts> {
  const { ctx, auth: who, slug } = opts;
  const label = labelOf(slug);
  await ctx.db.transaction(async (tx) => {
    const identities = await repo.lockIdentities(tx, who.tenant.id, who.userId);
    const target = identities.find((i) => i.provider === slug);
    if (!target) throw notFound(`No ${label} account is connected to this account.`);
    const user = await users.findUserById(tx, who.tenant.id, who.userId);
    if (!user) throw unauthorized('The account no longer exists.');
    if (!user.passwordHash && identities.length === 1) {
      throw externalConflict(
        'last_sign_in_method',
        `${label} is the only way to sign in to this account. Set a password first ("Forgot your password?" on the sign-in page), then disconnect ${label}.`,
      );
    }
    await repo.deleteIdentity(tx, target.id);
  });
  await endProviderSessions(ctx, opts.providers, await repo.takeUserProviderTokens(ctx.db, who.userId, slug), opts.log);
  return connectedAccounts(opts);
}

/**
 * GET auth/logout: ends the session here first, then the provider's side (spec 4 and 8): its
 * tokens are revoked, and when the provider offers a sign-out page (Microsoft) the browser is
 * sent through it. A provider that fails is logged and ignored; the person is signed out here.
 */
export async function logout(opts: { ctx: AppContext; providers: ExternalProviders; auth: AuthInfo; log: Log }): Promise<LogoutResult> {
  const { ctx } = opts;
  await auth.logout(opts);
  const held = await repo.takeSessionTokens(ctx.db, opts.auth.sessionId);
  return { ok: true, endSessionUrl: await endProviderSessions(ctx, opts.providers, held, opts.log) };
}
