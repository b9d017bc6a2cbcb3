import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { events } from '../events/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/**
 * The people a host named to help run an event (modules/co-hosts): invited by `email` with their
 * own link (`token`); `user_id` is whoever opened it, from then on the one with the `role`.
 * Removing the row ends the link and the access at once.
 */
export const eventCoHosts = pgTable(
  'event_co_hosts',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_co_hosts_email_key').on(t.eventId, t.email),
    uniqueIndex('event_co_hosts_user_key').on(t.eventId, t.userId),
    // A person's home lists the events they help run.
    index('event_co_hosts_user_idx').on(t.userId),
  ],
);
