import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tenants, users } from '../../db/schema.js';
import { billingEvents, subscriptions } from './schema.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'updatedAt'> & { updatedAt: Date };

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row;
}

/** Locks the row (when there is one) so two webhook deliveries for one account apply one after the other. */
export async function lockSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update').limit(1);
  return row;
}

export async function findByCustomer(db: Db, customerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.stripeCustomerId, customerId)).limit(1);
  return row;
}

export async function upsertSubscription(db: Db, values: SubscriptionValues): Promise<void> {
  const { userId: _userId, tenantId: _tenantId, ...changes } = values;
  await db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.userId, set: changes });
}

/** false: this event id was handled before. */
export async function recordEvent(db: Db, id: string, type: string, at: Date): Promise<boolean> {
  const rows = await db.insert(billingEvents).values({ id, type, receivedAt: at }).onConflictDoNothing().returning({ id: billingEvents.id });
  return rows.length > 0;
}

export interface AccountPlanRow {
  tenant: string;
  email: string;
  plan: string;
  addOns: string[];
  status: string | null;
  source: string | null;
}

/** Accounts on something other than Free without add-ons, or with a subscription row: what `plans list` shows. */
export async function listAccountPlans(db: Db): Promise<AccountPlanRow[]> {
  return db
    .select({ tenant: tenants.key, email: users.email, plan: users.plan, addOns: users.addOns, status: subscriptions.status, source: subscriptions.source })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(or(ne(users.plan, 'Free'), sql`cardinality(${users.addOns}) > 0`, and(isNotNull(subscriptions.userId))))
    .orderBy(tenants.key, users.email)
    .limit(10_000);
}
