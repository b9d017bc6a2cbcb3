import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { tenants } from '../tenants/schema.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** Null for an account made by an external sign-in until a password is set (through a reset). */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    plan: text('plan').notNull().default('Free'),
    addOns: text('add_ons').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio'),
    location: text('location'),
    website: text('website'),
    /** The person chose to be in the people directory; hosts of public events are listed anyway. Off for a new account. */
    listedInDirectory: boolean('listed_in_directory').notNull().default(false),
    /** Set while moderators suspend the account: no sign-in, no refresh, its events hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    /**
     * Set for an account of another server (an ActivityPub actor's address, modules/federation):
     * someone who said Going from the fediverse. It has no password and signs in nowhere; its
     * `email` holds its handle (`@name@server`), which is what a host's list shows, and no mail goes to it.
     */
    remoteActor: text('remote_actor'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    uniqueIndex('users_tenant_remote_actor_key').on(t.tenantId, t.remoteActor).where(sql`remote_actor is not null`),
    index('users_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const userFollows = pgTable(
  'user_follows',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    followerId: uuid('follower_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('user_follows_followee_idx').on(t.followeeId)],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    blockerId: uuid('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);
