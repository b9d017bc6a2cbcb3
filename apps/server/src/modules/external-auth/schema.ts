import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { sessions } from '../auth/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/**
 * An external sign-in in flight (modules/external-auth): made when the browser leaves for the
 * provider, used once when it comes back. Only hashes of the state and of the browser's binding
 * cookie are kept; the nonce and PKCE verifier are useless without the client secret.
 */
export const externalAuthRequests = pgTable(
  'external_auth_requests',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    provider: text('provider').notNull(),
    /** 'login', or 'link' (connecting the provider to the signed-in account of user_id and session_id). */
    intent: text('intent').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    bindingHash: text('binding_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('external_auth_requests_state_key').on(t.stateHash), index('external_auth_requests_expiry_idx').on(t.expiresAt)],
);

/**
 * A provider account connected to a Hubbub account, per tenant. `trusted` is false only for an
 * identity that made its account from an email the provider does not vouch for: it stops working
 * once someone proves that email (sets a password through a reset).
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    providerTenant: text('provider_tenant'),
    email: text('email'),
    trusted: boolean('trusted').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('external_identities_subject_key').on(t.tenantId, t.provider, t.subject),
    uniqueIndex('external_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/** The provider's tokens of a session signed in (or connected) through it, sealed; revoked at the session's logout. */
export const sessionProviderTokens = pgTable(
  'session_provider_tokens',
  {
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    sealedAccessToken: text('sealed_access_token').notNull(),
    sealedRefreshToken: text('sealed_refresh_token'),
    logoutHint: text('logout_hint'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.provider] })],
);
