import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { events } from '../events/schema.js';
import { going } from '../going/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/**
 * Who was let in at the door (modules/check-in): one row per seat checked in, a person going
 * (seat 0) or one of their guests (seat 1..). A seat given back (leaving, fewer guests) takes its
 * ticket with it: the row goes with the going row, and a seat above the guests kept no longer counts.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    goingId: uuid('going_id')
      .notNull()
      .references(() => going.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    /** When the door device scanned it: an offline scan keeps its own time, and the earliest scan wins. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    device: text('device').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('check_ins_seat_key').on(t.goingId, t.seat), index('check_ins_event_idx').on(t.eventId)],
);
