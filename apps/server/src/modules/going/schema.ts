import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
import { events } from '../events/schema.js';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/**
 * A host's attendance settings (modules/going); no row: no limit, no guests, a day to confirm. The
 * row is also what every change to the event's seats locks (FOR UPDATE), so seats are handed out
 * one change at a time per event, on any number of instances.
 */
export const goingSettings = pgTable('going_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
  capacity: integer('capacity'),
  maxGuests: integer('max_guests').notNull().default(0),
  offerHours: integer('offer_hours').notNull().default(24),
  approval: boolean('approval').notNull().default(false),
  /** The questions asked of everyone saying Going (GoingQuestion[], validated by the contract). */
  questions: jsonb('questions').notNull().default([]),
  /** The secret of the event's invitation link (an invite-only event lets in whoever opens it); a new one ends the old. */
  inviteToken: text('invite_token').unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A host's messages to everyone going (modules/going); the notifications worker mails and pushes each to them once. */
export const goingMessages = pgTable(
  'going_messages',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** `everyone` with a seat, or `not-checked-in`: those whose own seat is not checked in at the door yet. */
    audience: text('audience').notNull().default('everyone'),
    createdAt: createdAt(),
  },
  (t) => [index('going_messages_event_idx').on(t.eventId, t.createdAt), index('going_messages_created_idx').on(t.createdAt)],
);

/**
 * Who is going to an event (modules/going): holding a seat (`going`), offered one from the waitlist
 * (`offered`, until `offer_until`), waiting in line (`waitlisted`, ordered by `line_no`), waiting
 * for the host's approval (`pending`) or turned down (`declined`, with the host's message). A
 * person's place in line is their rank among the waitlisted, so it has no gaps.
 */
export const going = pgTable(
  'going',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    guests: integer('guests').notNull().default(0),
    lineNo: bigint('line_no', { mode: 'number' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerUntil: timestamp('offer_until', { withTimezone: true }),
    /** Answers to the host's questions by question id, as validated when given. */
    answers: jsonb('answers').notNull().default({}),
    declineMessage: text('decline_message'),
    /** When the host last approved or declined the request: the notifications worker tells the person once per decision. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('going_event_user_key').on(t.eventId, t.userId),
    index('going_event_state_idx').on(t.eventId, t.state, t.lineNo),
    index('going_user_idx').on(t.userId),
    index('going_offer_until_idx').on(t.offerUntil).where(sql`state = 'offered'`),
    index('going_decided_idx').on(t.decidedAt).where(sql`decided_at is not null`),
  ],
);

/**
 * Who an invite-only event lets in (modules/going; fragments.visibleTo reads it): a person invited
 * by email (`email`, with the `token` of their own link, and `user_id` once they opened it), or
 * who opened the event's invitation link (`user_id` only). Removing the row takes the invitation back.
 */
export const goingInvitations = pgTable(
  'going_invitations',
  {
    id: id(),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text('email'),
    token: text('token').unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('going_invitations_email_key').on(t.eventId, t.email),
    uniqueIndex('going_invitations_user_key').on(t.eventId, t.userId),
  ],
);
