import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

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
