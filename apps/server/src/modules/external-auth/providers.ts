import { EXTERNAL_PROVIDERS, EXTERNAL_PROVIDER_LABELS, EXTERNAL_PROVIDER_SLUGS, providerOfSlug, type ExternalProvider } from '@hubbub/contract';
import type { Config } from '../../config.js';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.js';
import { discover, type Provider, type ProviderSettings, type ProviderSlug } from './oidc.js';

/** Discovery documents and keys change rarely; a failed discovery is tried again on the next sign-in. */
const DISCOVERY_TTL_MS = 24 * 60 * 60 * 1000;

/** The external sign-in providers this server is configured for, discovered on first use. */
export interface ExternalProviders {
  /** In the spec's names, for the container data and the Settings page. */
  readonly configured: ExternalProvider[];
  settings(slug: ProviderSlug): ProviderSettings | undefined;
  /** The provider's discovered metadata; throws OidcError external_provider_failed when it cannot be reached. */
  get(slug: ProviderSlug): Promise<Provider>;
  /** Seals the provider tokens kept for a session (revoked at its logout). */
  readonly tokens: SecretBox;
}

/** What people call the provider: Google, Microsoft. */
export const labelOf = (slug: ProviderSlug): string => EXTERNAL_PROVIDER_LABELS[providerOfSlug(slug)!];

export function providerSettings(config: Config): ProviderSettings[] {
  const redirectUri = (slug: ProviderSlug) => `${config.publicUrl}/auth/callback/${slug}`;
  const all: (ProviderSettings | undefined)[] = [
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? {
          slug: 'google',
          issuer: config.GOOGLE_ISSUER ?? 'https://accounts.google.com',
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: redirectUri('google'),
        }
      : undefined,
    config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET
      ? {
          slug: 'microsoft',
          issuer: config.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${config.MICROSOFT_TENANT}/v2.0`,
          clientId: config.MICROSOFT_CLIENT_ID,
          clientSecret: config.MICROSOFT_CLIENT_SECRET,
          redirectUri: redirectUri('microsoft'),
        }
      : undefined,
  ];
  return all.filter((s): s is ProviderSettings => Boolean(s));
}

/** The providers configured in `config`, in the spec's names; nothing is fetched. */
export function configuredProviders(config: Config): ExternalProvider[] {
  const slugs = new Set(providerSettings(config).map((s) => s.slug));
  return EXTERNAL_PROVIDERS.filter((p) => slugs.has(EXTERNAL_PROVIDER_SLUGS[p]));
}

export function createExternalProviders(opts: { config: Config; secret: string; now?: () => number }): ExternalProviders {
  const now = opts.now ?? Date.now;
  const settings = new Map(providerSettings(opts.config).map((s) => [s.slug, s]));
  const cache = new Map<ProviderSlug, { at: number; provider: Promise<Provider> }>();
  return {
    configured: configuredProviders(opts.config),
    settings: (slug) => settings.get(slug),
    get(slug) {
      const s = settings.get(slug);
      if (!s) throw new Error(`${slug} is not configured`);
      const hit = cache.get(slug);
      if (hit && now() - hit.at < DISCOVERY_TTL_MS) return hit.provider;
      const provider = discover(s);
      const entry = { at: now(), provider };
      cache.set(slug, entry);
      // A failure is not kept: the next sign-in asks again.
      provider.catch(() => cache.get(slug) === entry && cache.delete(slug));
      return provider;
    },
    tokens: createSecretBox(opts.secret, 'hubbub provider tokens'),
  };
}
