import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** The plan catalogue (owned by modules/account): capacities, prices in cents, and the Stripe price of each interval. */
export const plans = pgTable('plans', {
  plan: text('plan').primaryKey(),
  feature: text('feature'),
  name: text('name').notNull(),
  description: text('description').notNull(),
  eventCapacity: integer('event_capacity').notNull(),
  calendarCapacity: integer('calendar_capacity').notNull(),
  flyerCapacity: integer('flyer_capacity').notNull(),
  monthlyPrice: integer('monthly_price'),
  yearlyPrice: integer('yearly_price'),
  currency: text('currency').notNull().default('usd'),
  stripePriceMonth: text('stripe_price_month'),
  stripePriceYear: text('stripe_price_year'),
  position: smallint('position').notNull(),
});

/** Add-ons of the catalogue: a further Feature claim value bought on top of a plan. */
export const addOns = pgTable('add_ons', {
  feature: text('feature').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  monthlyPrice: integer('monthly_price'),
  yearlyPrice: integer('yearly_price'),
  currency: text('currency').notNull().default('usd'),
  stripePriceMonth: text('stripe_price_month'),
  stripePriceYear: text('stripe_price_year'),
  position: smallint('position').notNull(),
});
