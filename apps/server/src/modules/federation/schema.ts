import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { goingMessages } from '../going/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

// ActivityPub (issue 32, modules/federation): what Fedify keeps (its key-value store and its
// delivery queue), this server's actors' keys, who follows them, and what was published.

/** Fedify's key-value store: activity ids already handled (replays), fetched documents and keys, each with its time to live. */
export const federationKv = pgTable('federation_kv', {
  /** Fedify's key (an array of strings) as JSON. */
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/**
 * Fedify's queue: activities to deliver and received ones to handle, each run at least once by
 * one instance (claimed with a lease). Outgoing messages carry the sender's private key: rows go
 * once handled.
 */
export const federationQueue = pgTable(
  'federation_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Fedify's three queues: inbox (received activities), outbox (deliveries), fanout (one activity to many inboxes). */
    queue: text('queue').notNull(),
    message: jsonb('message').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Times its handler failed outright (Fedify retries a failed delivery itself, as a new message). */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('federation_queue_due_idx').on(t.queue, t.runAt)],
);

/** Which instance publishes a tenant's events for now: one at a time, so a change goes out once. */
export const federationPublisherLease = pgTable('federation_publisher_lease', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/** An actor's key pairs as JWKs (RSA for HTTP signatures, Ed25519 for object proofs), made once at its first use. */
export const federationKeys = pgTable(
  'federation_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    keys: jsonb('keys').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.identifier] })],
);

/** Remote actors following one of this server's actors, with where to deliver to them. */
export const federationFollowers = pgTable(
  'federation_followers',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    actorUri: text('actor_uri').notNull(),
    /** `@name@server`, as the follower's server names it (admins read it before the address). */
    handle: text('handle'),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    /** The Follow activity's id, which an Undo names. */
    followId: text('follow_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.identifier, t.actorUri] })],
);

/**
 * Each event this server published, as last sent (the event's updated_at): the publisher sends
 * Create, Update or Delete by comparing it with the event. No foreign key: a deleted event's row
 * is what says a Delete is owed.
 */
export const federationPublished = pgTable(
  'federation_published',
  {
    eventId: uuid('event_id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The event's updated_at when it was last sent. */
    version: timestamp('version', { withTimezone: true }).notNull(),
    /** Its host when it was sent: their followers hear of its deletion too (the event row is gone by then). */
    hostId: uuid('host_id'),
    /** live: its Create or Update went out; deleted: its Delete did. */
    state: text('state').notNull().default('live'),
    /** How many activities were sent about it: each one's id ends with its number, so none repeats one a peer has seen. */
    sends: integer('sends').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('federation_published_live_idx').on(t.tenantId).where(sql`state = 'live'`)],
);

/** Remote servers (by host) and accounts (by actor address) an admin blocked: nothing is taken from them or sent to them. */
export const federationBlocks = pgTable(
  'federation_blocks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** server or account. */
    kind: text('kind').notNull(),
    /** A host (social.example, or host:port) or an actor's address. */
    target: text('target').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('federation_blocks_target_key').on(t.tenantId, t.target)],
);

/**
 * Going from the fediverse: the Join a remote account sent for an event (modules/going holds where
 * it stands), and the answer its server last got (accept or reject), so each decision is told once.
 */
export const federationJoins = pgTable(
  'federation_joins',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    userId: uuid('user_id').notNull(),
    actor: text('actor').notNull(),
    inbox: text('inbox').notNull(),
    joinId: text('join_id').notNull(),
    answered: text('answered'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('federation_joins_tenant_idx').on(t.tenantId)],
);

/**
 * Remote actors an admin follows for the site (another Hubbub's, a Mobilizon or Gancio server's):
 * their public events are taken in while the follow holds (modules/events keeps them, with their
 * origin). The publisher's round does the talking: it finds the actor an admin named, sends the
 * Follow, and sends the Undo of one the admin ended, so a request survives a restart.
 */
export const federationFollowing = pgTable(
  'federation_following',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** What the admin named: a handle (@events@other.example) or an actor's address. */
    target: text('target').notNull(),
    /** Found by the round: the actor, its handle and inbox, and the Follow sent (its Accept or Reject names it; an Undo takes it back). */
    actorUri: text('actor_uri'),
    handle: text('handle'),
    inbox: text('inbox'),
    followId: text('follow_id'),
    /** finding, asked (Follow sent), following (accepted), refused (rejected), failed (not found or not reachable), leaving (Undo owed). */
    state: text('state').notNull().default('finding'),
    /** Why it failed, in words. */
    problem: text('problem'),
    /**
     * The account is its server's own (an Application or Service: Mobilizon's relay, Gancio's, another
     * Hubbub's site), which stands for the whole server: events its server delivers from any of its
     * accounts are taken in, as Mobilizon sends its relay's followers every public event.
     */
    wholeServer: boolean('whole_server').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('federation_following_target_key').on(t.tenantId, t.target), uniqueIndex('federation_following_actor_key').on(t.tenantId, t.actorUri)],
);

/**
 * The handle (`@name@host`) of each person who hosts public events, given once (by the publisher's
 * round) and kept: their followers on other servers follow it, so a change of name keeps it.
 */
export const federationHandles = pgTable(
  'federation_handles',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), uniqueIndex('federation_handles_handle_key').on(t.tenantId, t.handle)],
);

/**
 * A host's message to everyone going (modules/going's going_messages) as sent to one person from
 * another server: taken before it is sent (so it is sent once, whichever instance's round sees it),
 * given back if it could not be queued.
 */
export const federationMessages = pgTable(
  'federation_messages',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => goingMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
