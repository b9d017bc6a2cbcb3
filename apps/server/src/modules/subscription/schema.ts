import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/schema.js';
import { users } from '../users/schema.js';

/**
 * An account's subscription (modules/subscription): where users.plan and users.add_ons come from.
 * No row: the account is on the plan it was created with (source default).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull().references(() => tenants.id),
    plan: text('plan').notNull(),
    addOns: text('add_ons').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    source: text('source').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** `created` of the newest Stripe event applied: an older one arriving late changes nothing. */
    stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_stripe_customer_key').on(t.stripeCustomerId), index('subscriptions_stripe_subscription_idx').on(t.stripeSubscriptionId)],
);

/** Stripe event ids already handled: a replay (Stripe retries, an attacker) has no second effect. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
