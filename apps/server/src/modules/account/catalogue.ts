import type { AddOnProduct, BillingInterval, CatalogueEntry, Product } from '@hubbub/contract';
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

/** The plans and add-ons as the database holds them, with the Stripe price of each interval. */
export interface Catalogue {
  plans: repo.PlanRow[];
  addOns: repo.AddOnRow[];
}

// The catalogue changes rarely (a migration, the plans command), yet capacities are read on every
// create: kept in memory per database, for a short while so other instances see a change soon.
const TTL_MS = 30_000;
const cache = new WeakMap<Db, { at: number; value: Promise<Catalogue> }>();

/**
 * `via` is the caller's transaction when it holds one: the embedded database has one connection,
 * so a read outside the transaction would wait for it to end.
 */
export function loadCatalogue(db: Db, via: Db = db): Promise<Catalogue> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = Promise.all([repo.listPlans(via), repo.listAddOns(via)]).then(([plans, addOns]) => ({ plans, addOns }));
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

export function forgetCatalogue(db: Db): void {
  cache.delete(db);
}

/** The plan's row; an unknown name (a plan removed from the catalogue) counts as the first plan, Free. */
export function planIn(catalogue: Catalogue, plan: string): repo.PlanRow {
  return catalogue.plans.find((p) => p.plan === plan) ?? catalogue.plans[0];
}

export function priceIdOf(row: { stripePriceMonth: string | null; stripePriceYear: string | null }, interval: BillingInterval): string | null {
  return interval === 'month' ? row.stripePriceMonth : row.stripePriceYear;
}

/** Which plan or add-on a Stripe price stands for. */
export function byStripePrice(catalogue: Catalogue, priceId: string): { plan: string } | { addOn: string } | undefined {
  const plan = catalogue.plans.find((p) => p.stripePriceMonth === priceId || p.stripePriceYear === priceId);
  if (plan) return { plan: plan.plan };
  const addOn = catalogue.addOns.find((a) => a.stripePriceMonth === priceId || a.stripePriceYear === priceId);
  return addOn ? { addOn: addOn.feature } : undefined;
}

export function toProduct(row: repo.PlanRow, billing: boolean): Product {
  return {
    kind: 'plan',
    plan: row.plan as Product['plan'],
    feature: row.feature,
    name: row.name,
    description: row.description,
    eventCapacity: row.eventCapacity,
    calendarCapacity: row.calendarCapacity,
    flyerCapacity: row.flyerCapacity,
    monthlyPrice: row.monthlyPrice,
    yearlyPrice: row.yearlyPrice,
    currency: row.currency,
    // Free is never bought: it is what remains without a subscription.
    purchasable: billing && row.feature !== null && Boolean(row.stripePriceMonth || row.stripePriceYear),
  };
}

export function toAddOnProduct(row: repo.AddOnRow, billing: boolean): AddOnProduct {
  return {
    kind: 'addOn',
    feature: row.feature,
    name: row.name,
    description: row.description,
    monthlyPrice: row.monthlyPrice,
    yearlyPrice: row.yearlyPrice,
    currency: row.currency,
    purchasable: billing && Boolean(row.stripePriceMonth || row.stripePriceYear),
  };
}

export function productList(catalogue: Catalogue, billing: boolean): CatalogueEntry[] {
  return [...catalogue.plans.map((p) => toProduct(p, billing)), ...catalogue.addOns.map((a) => toAddOnProduct(a, billing))];
}
