import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { calendars } from '../calendars/schema.js';
import { events } from '../events/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

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
