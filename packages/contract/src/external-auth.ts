import { z } from 'zod';
import { PRESENCE } from './api-prefixes.js';
import { LoginResultSchema } from './auth.js';
import { defineEndpoints, endpoint, pathOf } from './endpoint.js';

/**
 * Sign-in with an external OpenID Connect provider (spec 1, 4, 7). Bodies and answers name a
 * provider as the spec does, `Google` or `Windows` (Microsoft: work, school and personal
 * accounts); paths and redirect URIs use its slug, `google` or `microsoft`.
 */
export const EXTERNAL_PROVIDERS = ['Google', 'Windows'] as const;
export const ExternalProviderSchema = z.enum(EXTERNAL_PROVIDERS).meta({
  id: 'ExternalProvider',
  description: 'An external sign-in provider as the spec names it: `Google`, or `Windows` for Microsoft (work, school and personal accounts).',
});
export type ExternalProvider = z.infer<typeof ExternalProviderSchema>;

export const EXTERNAL_PROVIDER_SLUGS = { Google: 'google', Windows: 'microsoft' } as const satisfies Record<ExternalProvider, string>;
export type ExternalProviderSlug = (typeof EXTERNAL_PROVIDER_SLUGS)[ExternalProvider];
export const ExternalProviderSlugSchema = z.enum(['google', 'microsoft'], { message: 'The provider must be "google" or "microsoft".' });
/** What people see: the spec's `Windows` is Microsoft's sign-in today. */
export const EXTERNAL_PROVIDER_LABELS = { Google: 'Google', Windows: 'Microsoft' } as const satisfies Record<ExternalProvider, string>;

export function providerOfSlug(slug: string): ExternalProvider | undefined {
  return EXTERNAL_PROVIDERS.find((p) => EXTERNAL_PROVIDER_SLUGS[p] === slug);
}

/** The web app's page the providers send the browser back to: `${PUBLIC_URL}/auth/callback/{slug}` is the redirect URI to register. */
export const EXTERNAL_CALLBACK_PATH = '/auth/callback';

export const ExternalProviderParamsSchema = z.object({ provider: ExternalProviderSlugSchema });

/** Where the web app goes after signing in when no (acceptable) return address was given. */
export const DEFAULT_RETURN_PATH = '/dashboard';

/**
 * A return address inside the app, or the default: only a local path is accepted (no other
 * site, no `//host`, no backslash or control character), and never a sign-in page (a loop).
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 1024 || !raw.startsWith('/') || raw.startsWith('//') || /[\\\p{Cc}]/u.test(raw)) return DEFAULT_RETURN_PATH;
  if (/^\/(login|register|auth\/callback)(\/|\?|#|$)/i.test(raw)) return DEFAULT_RETURN_PATH;
  return raw;
}

/** GET auth/external/{provider}/start: a browser navigation, so the tenant rides in the query. */
export const ExternalStartQuerySchema = z.object({
  tenant: z.string().max(64).optional(),
  returnTo: z.string().max(2048).optional().meta({ description: 'A local path to come back to (anything else is replaced by /dashboard).' }),
});

/**
 * The "External login body" of spec 7: what the provider's redirect brought to the app's
 * callback page (`/auth/callback/{slug}` on PUBLIC_URL), posted as it came.
 */
export const ExternalLoginSchema = z
  .object({
    provider: ExternalProviderSchema,
    code: z.string().min(1).max(4096).meta({ description: 'The authorization code from the callback.' }),
    state: z.string().min(16).max(512).meta({ description: 'The `state` from the callback; it must belong to an attempt this browser started.' }),
    iss: z.string().max(512).optional().meta({ description: 'The `iss` parameter of the callback (RFC 9207), when the provider sent one.' }),
  })
  .meta({
    id: 'ExternalLogin',
    description:
      'The external login body: the provider (`Google` or `Windows`) and what its redirect brought to `/auth/callback/{google|microsoft}` (`code`, `state`, `iss`), posted from the browser that started the sign-in.',
  });
export type ExternalLogin = z.infer<typeof ExternalLoginSchema>;

/** The login answer (jwt, refreshToken, rememberMe forced to true) and where the person was going. */
export const ExternalLoginResultSchema = LoginResultSchema.extend({
  returnTo: z.string().meta({ description: 'The local path given when the sign-in started.' }),
}).meta({ id: 'ExternalLoginResult' });
export type ExternalLoginResult = z.infer<typeof ExternalLoginResultSchema>;

export const ExternalLinkStartSchema = z
  .object({ returnTo: z.string().max(2048).optional() })
  .meta({ id: 'ExternalLinkStart' });
export type ExternalLinkStart = z.infer<typeof ExternalLinkStartSchema>;

export const AuthorizationUrlSchema = z
  .object({ authorizationUrl: z.string().meta({ description: "The provider's sign-in page; the browser goes there." }) })
  .meta({ id: 'AuthorizationUrl' });
export type AuthorizationUrl = z.infer<typeof AuthorizationUrlSchema>;

export const ConnectedAccountSchema = z
  .object({
    provider: ExternalProviderSchema,
    email: z.string().nullable().meta({ description: 'The email the provider gave when it was last used.' }),
    linkedAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ConnectedAccount' });
export type ConnectedAccount = z.infer<typeof ConnectedAccountSchema>;

export const ConnectedAccountsSchema = z
  .object({
    accounts: z.array(ConnectedAccountSchema),
    /** Providers this server offers (connected or not). */
    available: z.array(ExternalProviderSchema),
    /** False for an account made by a provider: then its last connected account cannot be removed. */
    hasPassword: z.boolean(),
  })
  .meta({ id: 'ConnectedAccounts' });
export type ConnectedAccounts = z.infer<typeof ConnectedAccountsSchema>;

/** What the provider round trips may answer besides the account calls' statuses: 502 when the provider fails. */
const externalProblems = [400, 401, 403, 404, 409, 429, 502] as const;
/** The same for calls made as the signed-in person (401 and 403 come with the bearer). */
const linkProblems = [400, 404, 409, 429, 502] as const;

/** The calls of signing in with a provider and of the providers connected to an account (modules/external-auth). */
export const externalAuthApi = defineEndpoints('externalAuth', {
  login: endpoint('POST', `${PRESENCE}/auth/external`, {
    summary: 'Sign in with Google or Microsoft ("Windows"): post what the provider sent to /auth/callback/{google|microsoft}',
    body: ExternalLoginSchema,
    answer: ExternalLoginResultSchema,
    problems: externalProblems,
  }),
  /** A browser navigation, not a fetch: see `externalStartPath`. */
  start: endpoint('GET', `${PRESENCE}/auth/external/:provider/start`, {
    summary: "Start signing in with a provider: redirects (302) to the provider's sign-in page",
    params: ExternalProviderParamsSchema,
    query: ExternalStartQuerySchema,
    status: 302,
    problems: [400, 429],
  }),
  link: endpoint('POST', `${PRESENCE}/auth/external/link`, {
    summary: 'Finish connecting a provider to the signed-in account (what the provider sent to the callback)',
    auth: 'bearer',
    body: ExternalLoginSchema,
    answer: ConnectedAccountsSchema,
    problems: linkProblems,
  }),
  accounts: endpoint('GET', `${PRESENCE}/auth/external/accounts`, {
    summary: 'The providers connected to the signed-in account, with when each was connected and last used',
    auth: 'bearer',
    answer: ConnectedAccountsSchema,
    problems: [400, 404],
  }),
  connect: endpoint('POST', `${PRESENCE}/auth/external/accounts/:provider`, {
    summary: "Start connecting a provider: answers the provider's sign-in page for the browser to visit (and sets the binding cookie)",
    auth: 'bearer',
    params: ExternalProviderParamsSchema,
    body: ExternalLinkStartSchema,
    answer: AuthorizationUrlSchema,
    problems: linkProblems,
  }),
  disconnect: endpoint('DELETE', `${PRESENCE}/auth/external/accounts/:provider`, {
    summary: 'Disconnect a provider (refused when it is the only way to sign in)',
    auth: 'bearer',
    params: ExternalProviderParamsSchema,
    answer: ConnectedAccountsSchema,
    problems: linkProblems,
  }),
});

/** The sign-in button's address (`provider` is the slug): a navigation carries no X-Tenant header, so the tenant rides in the query. */
export function externalStartPath(provider: string, query: { tenant: string; returnTo: string }): string {
  return `${pathOf(externalAuthApi.start, { provider })}?tenant=${encodeURIComponent(query.tenant)}&returnTo=${encodeURIComponent(query.returnTo)}`;
}
