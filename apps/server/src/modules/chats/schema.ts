import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { events } from '../events/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/** The buzz's chat: the last CHAT_HISTORY_SIZE messages of each event (older ones are deleted as new ones come). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_event_created_idx').on(t.eventId, t.createdAt), index('chat_messages_user_idx').on(t.userId, t.eventId, t.createdAt)],
);

/** The host's rules for an event's chat; no row means the defaults (no slow mode, open to every watcher). */
export const chatSettings = pgTable('chat_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
  slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
  membersOnly: boolean('members_only').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** People the host muted in an event's chat: they still watch and read, but cannot write. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);
