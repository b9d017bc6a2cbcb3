import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector } from '../../db/columns.js';
import { tags } from '../tags/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

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
    /** Who may see it: public, unlisted or invite (EventVisibilities; set through modules/going's host tools). */
    visibility: text('visibility').notNull().default('public'),
    /**
     * The series this event is a date of (modules/series), with where the rule put it (RECURRENCE-ID).
     * Its foreign key (to series, on delete set null) is made by migration 0033: the series module
     * comes after events, so this file cannot import its table.
     */
    seriesId: uuid('series_id'),
    ruleDate: timestamp('rule_date', { withTimezone: true }),
    /** The host changed this date on its own: a change to the whole series leaves it alone. */
    seriesEdited: boolean('series_edited').notNull().default(false),
    /**
     * Set on an event another server published (modules/federation follows it): its ActivityPub id
     * and the page it links to there. Hosted by the remote account that sent it; never published again.
     */
    originId: text('origin_id'),
    originUrl: text('origin_url'),
    searchText: tsvector('search_text'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_user_idx').on(t.userId),
    uniqueIndex('events_tenant_slug_key').on(t.tenantId, t.slug),
    // The box + date-window index is a covering btree made by migrations (drizzle cannot
    // declare INCLUDE columns): events_window_idx (tenant_id, starts_at, id, lat, lng)
    // INCLUDE (ends_at, status, publish_on, user_id, hidden_at, visibility), so search counts and pages are
    // index-only scans in (starts_at, id) order (0002, id added by 0007).
    // Migration 0005 adds the generated column location = point(lng, lat) with a GiST index,
    // which small search boxes use (see events/search-repository.ts isSmallBox). Migration 0007
    // adds events_running_idx, the same covering btree over events longer than a day only, for
    // the look-behind of running events (search-repository.ts partsOf).
    index('events_search_idx').using('gin', t.searchText),
    // Live sessions (status Started) are few: the admin console lists and counts them from this.
    index('events_live_idx').on(t.tenantId).where(sql`status = 1`),
    uniqueIndex('events_series_date_key').on(t.seriesId, t.ruleDate),
    uniqueIndex('events_origin_key').on(t.tenantId, t.originId).where(sql`origin_id is not null`),
    // Migration 0034 adds events_series_idx (series_id, starts_at, id) INCLUDE (ends_at) over the
    // dates of series: a list shows a series once, and "does an earlier date of this series still
    // run in the window?" is an index-only probe there (search-repository.ts listParts).
  ],
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
