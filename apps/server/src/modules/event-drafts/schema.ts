import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/**
 * A person's quick-create draft (modules/event-drafts, issue 26): what they have typed so far, one
 * per person, replaced on every save and removed once the event is published.
 */
export const eventDrafts = pgTable('event_drafts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
  /** EventDraftInput as validated by the contract. */
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
