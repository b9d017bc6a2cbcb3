import { formatNumber, type AccountUsage, type Product } from '@hubbub/contract';

type Capacities = Pick<Product, 'name' | 'eventCapacity' | 'calendarCapacity' | 'flyerCapacity'>;

/** What a plan would leave over its limits today: said before the person confirms a downgrade. */
export function overCapacity(usage: AccountUsage | null | undefined, plan: Capacities): string[] {
  if (!usage) return [];
  const over: string[] = [];
  if (usage.eventCount > plan.eventCapacity) over.push(`You have ${formatNumber(usage.eventCount)} events; ${plan.name} allows ${formatNumber(plan.eventCapacity)}.`);
  if (usage.calendarCount > plan.calendarCapacity) over.push(`You have ${formatNumber(usage.calendarCount)} calendars; ${plan.name} allows ${formatNumber(plan.calendarCapacity)}.`);
  return over;
}

/** Whether moving from one plan to another lowers any capacity. */
export function isDowngrade(from: Capacities | undefined, to: Capacities): boolean {
  if (!from) return false;
  return to.eventCapacity < from.eventCapacity || to.flyerCapacity < from.flyerCapacity || to.calendarCapacity < from.calendarCapacity;
}
