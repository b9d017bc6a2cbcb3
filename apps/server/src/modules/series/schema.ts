import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';
import { timelines } from '../launches/schema.js';

/**
 * A series (modules/series): the repeat rule of an event and how far its dates exist. The dates are
 * events (events.series_id, events.rule_date); the rule is expanded from `starts_at` in `time_zone`.
 */
export const series = pgTable('series', {
  id: id(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The RRULE without DTSTART (lib/series-rule.ts checks it). */
  rule: text('rule').notNull(),
  timeZone: text('time_zone').notNull(),
  /** The first date's start: the rule's DTSTART. */
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** Dates exist up to this instant; null once the rule has no date after the last one made. */
  datesUntil: timestamp('dates_until', { withTimezone: true }),
  /** People may say Going to every date at once (series_goers). */
  everyDate: boolean('every_date').notNull().default(false),
  /** The instance adding the next dates, and until when its claim holds (lib/claim-loop.ts). */
  claimedBy: text('claimed_by'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * People who follow a series (issue 29): they follow each of its dates, and each date the
 * scheduler adds later (modules/series/extender.ts) is followed for them as it is made.
 */
export const seriesFollowers = pgTable(
  'series_followers',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_followers_user_idx').on(t.userId)],
);

/**
 * People going to every date of a series (issue 29), with the guests and answers they gave: each
 * date the scheduler adds later takes them too (a seat, a place in line or a request), as the
 * date's own Going rules decide.
 */
export const seriesGoers = pgTable(
  'series_goers',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guests: integer('guests').notNull().default(0),
    /** Answers to the host's questions by question id, as checked against the date they were given for. */
    answers: jsonb('answers').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_goers_user_idx').on(t.userId)],
);

/**
 * Launches the host reuses on every date (issue 29, "same timeline every date"): each date the
 * scheduler adds later gets a copy of the launch and its flyers, as far from its start as the launch
 * is from `source_starts_at` (its own date's start when the host chose "every date"). Deleting the
 * launch ends it.
 */
export const seriesTimelines = pgTable(
  'series_timelines',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    timelineId: uuid('timeline_id')
      .notNull()
      .references(() => timelines.id, { onDelete: 'cascade' }),
    sourceStartsAt: timestamp('source_starts_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.timelineId] }), index('series_timelines_timeline_idx').on(t.timelineId)],
);
