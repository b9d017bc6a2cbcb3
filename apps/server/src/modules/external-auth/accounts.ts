import type { AppContext, TenantRef } from '../../app-context.js';
import { UNIQUE_VIOLATION, pgErrorCode, type Db } from '../../db/client.js';
import { type AppError, externalConflict, externalRefused, unauthorized } from '../../lib/app-error.js';
import * as auth from '../auth/service.js';
import * as users from '../users/service.js';
import type { UserRow } from '../users/service.js';
import type { ExternalIdentity } from './identity.js';
import type { ProviderSlug as Slug } from './oidc.js';
import { labelOf } from './providers.js';
import * as repo from './repository.js';

type Decision = { user: UserRow; sessionsEnded?: boolean } | { refused: AppError };

/** Decides whose account this is, in one transaction (tried again when a concurrent sign-in made the account or identity first). */
export async function accountFor(ctx: AppContext, tenant: TenantRef, slug: Slug, identity: ExternalIdentity): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    let decision: Decision;
    try {
      decision = await ctx.db.transaction((tx) => decide(tx, tenant, slug, identity, ctx.now(), ctx.config.DEFAULT_PLAN));
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION && attempt < 3) continue;
      throw error;
    }
    if ('refused' in decision) throw decision.refused;
    if (decision.sessionsEnded) await ctx.realtime.sessionsEnded({ tenantId: tenant.id, userId: decision.user.id });
    return decision.user;
  }
}

/**
 * The account rules: a known identity signs in its account; an email the provider vouches for
 * joins the account that has it, or makes a new one; an email it does not vouch for does
 * neither (the person registers or signs in with a password and connects the provider in
 * Settings): an account holding an address nobody proved would squat its owner's address and
 * pass for them (as the configured admin, once).
 */
async function decide(db: Db, tenant: TenantRef, slug: Slug, identity: ExternalIdentity, at: Date, defaultPlan: string): Promise<Decision> {
  const label = labelOf(slug);
  const known = await repo.findIdentity(db, { tenantId: tenant.id, provider: slug, subject: identity.subject });
  if (known) {
    const user = await users.findUserById(db, tenant.id, known.userId);
    if (!user) return { refused: unauthorized('The account no longer exists.') };
    if (!known.trusted && (user.passwordHash || user.emailVerifiedAt)) {
      // This identity made the account from an email it did not vouch for (before such sign-ins
      // were refused), and the owner of that email has since proven it (a password reset): it no
      // longer speaks for the account.
      await repo.deleteIdentity(db, known.id);
      return {
        refused: externalConflict('external_link_required', `Sign in with your email and password, then connect ${label} again in Settings (Account → Settings → Connected accounts).`),
      };
    }
    await repo.touchIdentity(db, known.id, { email: identity.email, at });
    return { user };
  }
  if (!identity.email) {
    return { refused: externalRefused('external_email_missing', `${label} did not share an email address, and a new Hubbub account needs one. Allow access to your email, or register with email and password.`) };
  }
  const existing = await users.findUserByEmail(db, tenant.id, identity.email);
  if (existing) {
    if (!identity.emailVouched) {
      return {
        refused: externalConflict(
          'external_link_required',
          `An account with this email already exists. Sign in with your email and password, then connect ${label} in Settings (Account → Settings → Connected accounts).`,
        ),
      };
    }
    if ((await repo.listIdentities(db, tenant.id, existing.id)).some((i) => i.provider === slug)) {
      return { refused: externalConflict('external_identity_taken', `The account with this email is connected to another ${label} account. Sign in with that one.`) };
    }
    // Whoever made this account never proved its email, and the provider just did: the account is
    // the email owner's now. A password, sessions or identities set up by someone else must not stay.
    const takenBack = !existing.emailVerifiedAt;
    if (takenBack) {
      await users.setPasswordHash(db, existing.id, null, at);
      await users.markEmailVerified(db, existing.id, at);
      await repo.deleteUntrustedIdentities(db, existing.id);
      await auth.revokeUserSessions(db, existing.id, 'email proven by an external sign-in', at);
    }
    await repo.insertIdentity(db, { ...identityColumns(tenant, slug, identity), userId: existing.id, trusted: true, at });
    return { user: existing, sessionsEnded: takenBack };
  }
  if (!identity.emailVouched) {
    return {
      refused: externalRefused(
        'external_email_unverified',
        `${label} did not confirm that ${identity.email} is yours, so no account is made with it. Register with this email and a password (we send a code to confirm it), then connect ${label} in Settings (Account → Settings → Connected accounts) to sign in with ${label} from then on.`,
      ),
    };
  }
  const user = await users.insertUser(db, {
    tenantId: tenant.id,
    email: identity.email,
    name: identity.name,
    passwordHash: null,
    emailVerifiedAt: at,
    plan: defaultPlan,
  });
  await repo.insertIdentity(db, { ...identityColumns(tenant, slug, identity), userId: user.id, trusted: true, at });
  return { user };
}

export function identityColumns(tenant: TenantRef, slug: Slug, identity: ExternalIdentity) {
  return { tenantId: tenant.id, provider: slug, subject: identity.subject, issuer: identity.issuer, providerTenant: identity.providerTenant, email: identity.email };
}

