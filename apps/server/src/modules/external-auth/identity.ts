import { EmailSchema } from '@hubbub/contract';
import type { ProviderSlug, VerifiedLogin } from './oidc.js';

/** Who signed in at the provider, from the validated ID token. */
export interface ExternalIdentity {
  /** The stable key within the provider: Google's `sub`; Microsoft's `tid:oid` (or `iss|sub` without an oid). */
  subject: string;
  issuer: string;
  /** Microsoft's tenant (tid). */
  providerTenant: string | null;
  email: string | null;
  /** The provider vouches that the person owns `email`: Google's email_verified, Microsoft's xms_edov. */
  emailVouched: boolean;
  name: string;
  /** Microsoft's optional `login_hint` claim, for its end-session call. */
  logoutHint: string | null;
}

const NAME_MAX = 100;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function emailOf(value: unknown): string | null {
  const parsed = EmailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const isTrue = (value: unknown) => value === true || value === 'true';

function nameOf(claims: VerifiedLogin['claims'], email: string | null): string {
  const full = text(claims.name) ?? [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  const raw = full || email?.split('@')[0] || 'Hubbub member';
  return raw.replace(/\p{Cc}+/gu, ' ').trim().slice(0, NAME_MAX).trim() || 'Hubbub member';
}

export function identityOf(slug: ProviderSlug, login: VerifiedLogin): ExternalIdentity {
  const { claims } = login;
  if (slug === 'google') {
    const email = emailOf(claims.email);
    return {
      subject: claims.sub,
      issuer: login.issuer,
      providerTenant: null,
      email,
      emailVouched: Boolean(email) && isTrue(claims.email_verified),
      name: nameOf(claims, email),
      logoutHint: null,
    };
  }
  // Microsoft: the email claim is whatever a tenant's admin typed, so it proves nothing (the "nOAuth"
  // takeover) unless the optional claim xms_edov says the domain's owner verified it. The person is
  // identified by tenant and object id, which no admin of another tenant can claim.
  const tid = text(claims.tid);
  const oid = text(claims.oid);
  const email = emailOf(claims.email) ?? emailOf(claims.preferred_username);
  return {
    subject: tid && oid ? `${tid.toLowerCase()}:${oid.toLowerCase()}` : `${login.issuer}|${claims.sub}`,
    issuer: login.issuer,
    providerTenant: tid?.toLowerCase() ?? null,
    email,
    emailVouched: Boolean(emailOf(claims.email)) && isTrue(claims.xms_edov),
    name: nameOf(claims, email),
    logoutHint: text(claims.login_hint) ?? null,
  };
}
