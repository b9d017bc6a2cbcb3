import type { SubscriptionSource, SubscriptionStatus } from '@hubbub/contract';
import type { Db } from '../../db/client.js';
import { setEntitlements } from '../users/service.js';
import * as repo from './repository.js';
import { entitlementsOf } from './stripe-state.js';

export interface SubscriptionWrite {
  userId: string;
  tenantId: string;
  plan: string;
  addOns: string[];
  status: SubscriptionStatus;
  source: SubscriptionSource;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  stripeEventAt?: Date | null;
}

/**
 * The one writer of an account's plan: the subscription row and, in the same transaction, the
 * effective plan and add-ons on the users row (what capacities, the Feature claim and gates read).
 * Stripe ids and the event time are kept when not given.
 */
export async function writeSubscription(db: Db, write: SubscriptionWrite, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await repo.lockSubscription(tx, write.userId);
    await repo.upsertSubscription(tx, {
      userId: write.userId,
      tenantId: write.tenantId,
      plan: write.plan,
      addOns: write.addOns,
      status: write.status,
      source: write.source,
      currentPeriodEnd: write.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: write.cancelAtPeriodEnd ?? false,
      stripeCustomerId: write.stripeCustomerId !== undefined ? write.stripeCustomerId : (stored?.stripeCustomerId ?? null),
      stripeSubscriptionId: write.stripeSubscriptionId !== undefined ? write.stripeSubscriptionId : (stored?.stripeSubscriptionId ?? null),
      stripeEventAt: write.stripeEventAt !== undefined ? write.stripeEventAt : (stored?.stripeEventAt ?? null),
      updatedAt: at,
    });
    const effective = entitlementsOf(write);
    await setEntitlements(tx, write.userId, effective.plan, effective.addOns, at);
  });
}
