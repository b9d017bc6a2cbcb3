import type { SubscriptionStatus } from '@hubbub/contract';

/** The parts of a Stripe subscription Hubbub reads (API versions before and after 2025-03 put the period end in different places). */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string };
  cancel_at_period_end?: boolean | null;
  current_period_end?: number | null;
  metadata?: Record<string, string> | null;
  items: { data: { price: { id: string }; current_period_end?: number | null }[] };
}

export interface StripeState {
  plan: string;
  addOns: string[];
  /** null: not a state to act on yet (checkout not paid: incomplete). */
  status: SubscriptionStatus | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  customerId: string;
  subscriptionId: string;
}

const STATUS: Record<string, SubscriptionStatus | null> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  // Stripe's last retry failed but it was told to leave the subscription unpaid: still the person's until it cancels.
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
  paused: 'canceled',
  incomplete: null,
};

/**
 * What a Stripe subscription grants: the plan whose price is among its items (Free when none),
 * the add-ons whose prices are, its status and period. `priceOwner` maps a price id to the catalogue.
 */
export function stateOf(sub: StripeSubscriptionLike, priceOwner: (priceId: string) => { plan: string } | { addOn: string } | undefined): StripeState {
  let plan = 'Free';
  const addOns: string[] = [];
  // Only Stripe can sign what reaches here, yet a shape it never sends must not crash the webhook.
  const items = sub.items?.data ?? [];
  for (const item of items) {
    const owner = item?.price?.id ? priceOwner(item.price.id) : undefined;
    if (!owner) continue;
    if ('plan' in owner) plan = owner.plan;
    else if (!addOns.includes(owner.addOn)) addOns.push(owner.addOn);
  }
  const periodEnd = items[0]?.current_period_end ?? sub.current_period_end ?? null;
  return {
    plan,
    addOns,
    status: STATUS[sub.status] ?? null,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    customerId: typeof sub.customer === 'string' ? sub.customer : (sub.customer?.id ?? ''),
    subscriptionId: sub.id,
  };
}

/** Canceled means Free and no add-ons; past due keeps the plan until Stripe cancels it. */
export function entitlementsOf(state: { plan: string; addOns: string[]; status: SubscriptionStatus }): { plan: string; addOns: string[] } {
  return state.status === 'canceled' ? { plan: 'Free', addOns: [] } : { plan: state.plan, addOns: state.addOns };
}

/**
 * Whether an event about `incoming` may change what is stored: not when it is older than the newest
 * event applied, nor when it ends a subscription other than the live one the account has now.
 */
export function mayApply(
  stored: { stripeEventAt: Date | null; stripeSubscriptionId: string | null; status: string } | undefined,
  incoming: { eventAt: Date; subscriptionId: string; status: SubscriptionStatus },
): boolean {
  if (!stored) return true;
  if (stored.stripeEventAt && incoming.eventAt < stored.stripeEventAt) return false;
  const otherLive = stored.stripeSubscriptionId && stored.stripeSubscriptionId !== incoming.subscriptionId && stored.status !== 'canceled';
  return !(otherLive && incoming.status === 'canceled');
}
