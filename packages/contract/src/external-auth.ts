import { z } from 'zod';
import { LoginResultSchema } from './auth.js';

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

/** GET auth/logout: the session is over; `endSessionUrl` is the provider's sign-out page to send the browser through (Microsoft), or null. */
export const LogoutResultSchema = z
  .object({ ok: z.literal(true), endSessionUrl: z.string().nullable() })
  .meta({ id: 'LogoutResult' });
export type LogoutResult = z.infer<typeof LogoutResultSchema>;
