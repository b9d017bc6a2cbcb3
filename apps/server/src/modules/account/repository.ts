import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendars, events } from '../../db/schema.js';
import { addOns, plans } from './schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;

export async function countEvents(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(events).where(eq(events.userId, userId));
  return row.n;
}

export async function countCalendars(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(calendars).where(eq(calendars.userId, userId));
  return row.n;
}

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.position));
}

export async function listAddOns(db: Db): Promise<AddOnRow[]> {
  return db.select().from(addOns).orderBy(asc(addOns.position));
}

/** null clears it; false when no plan or add-on has this name. */
export async function setStripePrice(db: Db, name: string, interval: 'month' | 'year', priceId: string | null): Promise<boolean> {
  const planSet = interval === 'month' ? { stripePriceMonth: priceId } : { stripePriceYear: priceId };
  const updatedPlans = await db.update(plans).set(planSet).where(eq(plans.plan, name)).returning({ plan: plans.plan });
  if (updatedPlans.length) return true;
  const updatedAddOns = await db.update(addOns).set(planSet).where(eq(addOns.feature, name)).returning({ feature: addOns.feature });
  return updatedAddOns.length > 0;
}

/** The capacities the plans command sets; only the ones given change. Answers the row, or undefined when no plan has this name. */
export async function setPlanCapacities(
  db: Db,
  plan: string,
  capacities: { eventCapacity?: number; calendarCapacity?: number; flyerCapacity?: number },
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(capacities).where(eq(plans.plan, plan)).returning();
  return row;
}
