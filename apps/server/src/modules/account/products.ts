import { PLAN_FEATURES, type Plan, type Product } from '@hubbub/contract';

/** The plans on offer. Free keeps the spec's default capacity of 1 for everything. */
export const PRODUCTS: Product[] = [
  { plan: 'Free', feature: null, name: 'Free', description: 'Try Hubbub with one event and one flyer.', eventCapacity: 1, calendarCapacity: 1, flyerCapacity: 1 },
  { plan: 'Basic', feature: PLAN_FEATURES.Basic, name: 'Basic', description: 'For regular hosts.', eventCapacity: 10, calendarCapacity: 3, flyerCapacity: 25 },
  { plan: 'Pro', feature: PLAN_FEATURES.Pro, name: 'Pro', description: 'For venues and promoters.', eventCapacity: 100, calendarCapacity: 10, flyerCapacity: 250 },
  { plan: 'Enterprise', feature: PLAN_FEATURES.Enterprise, name: 'Enterprise', description: 'For organisations running many venues.', eventCapacity: 1000, calendarCapacity: 100, flyerCapacity: 5000 },
];

export function productOf(plan: string): Product {
  return PRODUCTS.find((p) => p.plan === (plan as Plan)) ?? PRODUCTS[0];
}
