import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { events } from '../events/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

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
