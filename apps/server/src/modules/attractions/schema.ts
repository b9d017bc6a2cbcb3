import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { events } from '../events/schema.js';
import { tenants } from '../tenants/schema.js';

/** An event's line-up (the spec's Event.attractions), in the host's order (`position`). */
export const attractions = pgTable(
  'attractions',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    picturePath: text('picture_path'),
    setTime: timestamp('set_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('attractions_event_idx').on(t.eventId, t.position),
    // The search's partner filter and the partners drawer: the events naming one partner or sponsor.
    index('attractions_partner_idx')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.kind} in ('partner', 'sponsor')`),
  ],
);
