import type Stripe from 'stripe';
import type { WebhookAnswer } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { malformed } from '../../lib/app-error.js';
import { findUserById } from '../users/service.js';
import { billingEnabled, byStripePrice, catalogue } from '../account/service.js';
import { billingFailed, signatureInvalid } from './errors.js';
import * as repo from './repository.js';
import { stripeOf } from './stripe-client.js';
import { mayApply, stateOf, type StripeSubscriptionLike } from './stripe-state.js';
import { writeSubscription } from './subscriptions.js';

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : undefined;

/** The subscription, customer and metadata an event is about, wherever its kind keeps them. */
function aboutOf(event: Stripe.Event): { subscriptionId?: string; customerId?: string; metadata: Record<string, string> } {
  const object = ((event.data as { object?: unknown } | undefined)?.object ?? {}) as Record<string, unknown>;
  const metadata = (object.metadata as Record<string, string> | null) ?? {};
  if (event.type.startsWith('customer.subscription.')) return { subscriptionId: idOf(object.id), customerId: idOf(object.customer), metadata };
  if (event.type === 'checkout.session.completed') return { subscriptionId: idOf(object.subscription), customerId: idOf(object.customer), metadata };
  // Invoices name their subscription at the top (API versions before 2025-03) or under parent.subscription_details.
  const details = (object.parent as { subscription_details?: { subscription?: unknown; metadata?: Record<string, string> } } | null)?.subscription_details;
  return { subscriptionId: idOf(object.subscription) ?? idOf(details?.subscription), customerId: idOf(object.customer), metadata: details?.metadata ?? metadata };
}

/** Whose subscription: the account that owns the customer (stored at Checkout); else the metadata's tenant and user, checked. */
async function ownerOf(ctx: AppContext, customerId: string | undefined, metadata: Record<string, string>): Promise<{ userId: string; tenantId: string } | undefined> {
  if (customerId) {
    const known = await repo.findByCustomer(ctx.db, customerId);
    if (known) return { userId: known.userId, tenantId: known.tenantId };
  }
  const tenantId = metadata.tenant ? ctx.tenants.get(metadata.tenant) : undefined;
  if (!tenantId || !metadata.user_id || !/^[0-9a-f-]{36}$/i.test(metadata.user_id)) return undefined;
  const user = await findUserById(ctx.db, tenantId, metadata.user_id);
  // A customer already tied to someone else never moves to this account.
  if (!user) return undefined;
  const stored = await repo.findSubscription(ctx.db, user.id);
  if (stored?.stripeCustomerId && customerId && stored.stripeCustomerId !== customerId) return undefined;
  return { userId: user.id, tenantId };
}

/**
 * A Stripe webhook delivery: the signature is checked on the raw body first (nothing changes when it
 * fails); each event id is handled once; the subscription's state is fetched from Stripe rather than
 * read from the event, and an event older than the newest applied changes nothing, so late or
 * repeated deliveries never take an account back.
 */
export async function handleWebhook(ctx: AppContext, rawBody: Buffer | string | undefined, signature: string | undefined): Promise<WebhookAnswer> {
  if (!billingEnabled(ctx) || !ctx.config.STRIPE_WEBHOOK_SECRET) throw signatureInvalid('Billing is not configured on this server: no webhook is expected.');
  if (!signature || rawBody === undefined) throw signatureInvalid('The Stripe-Signature header and the body are needed.');
  const stripe = stripeOf(ctx.config);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, ctx.config.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    throw signatureInvalid(`The signature does not match the body: ${error instanceof Error ? error.message.slice(0, 200) : 'invalid'}.`);
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number') throw malformed('The body is not a Stripe event.');
  const at = ctx.now();
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
    return { received: true, outcome: (await repo.recordEvent(ctx.db, event.id, event.type, at)) ? 'ignored' : 'duplicate' };
  }
  const about = aboutOf(event);
  const owner = await ownerOf(ctx, about.customerId, about.metadata);
  if (!owner || !about.subscriptionId) {
    return { received: true, outcome: (await repo.recordEvent(ctx.db, event.id, event.type, at)) ? 'ignored' : 'duplicate' };
  }
  const subscriptionId = about.subscriptionId;
  // Fetched now, outside the transaction: Stripe's current word, whatever order the events came in.
  let subscription: StripeSubscriptionLike;
  try {
    subscription = (await stripe.subscriptions.retrieve(subscriptionId)) as unknown as StripeSubscriptionLike;
  } catch (error) {
    // Not recorded: Stripe delivers it again later.
    throw billingFailed(`Stripe could not be asked for the subscription: ${error instanceof Error ? error.message.slice(0, 200) : 'failed'}.`);
  }
  const cat = await catalogue(ctx.db);
  const state = stateOf(subscription, (price) => byStripePrice(cat, price));
  const eventAt = new Date(event.created * 1000);
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.recordEvent(tx, event.id, event.type, at))) return { received: true as const, outcome: 'duplicate' as const };
    const stored = await repo.lockSubscription(tx, owner.userId);
    if (!state.status || !mayApply(stored, { eventAt, subscriptionId: state.subscriptionId, status: state.status })) return { received: true as const, outcome: 'stale' as const };
    // A customer already tied to another account is never taken over.
    if (stored?.stripeCustomerId && stored.stripeCustomerId !== state.customerId) return { received: true as const, outcome: 'ignored' as const };
    await writeSubscription(
      tx,
      {
        userId: owner.userId,
        tenantId: owner.tenantId,
        plan: state.plan,
        addOns: state.addOns,
        status: state.status,
        source: 'billing',
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        stripeCustomerId: state.customerId,
        stripeSubscriptionId: state.subscriptionId,
        stripeEventAt: stored?.stripeEventAt && stored.stripeEventAt > eventAt ? stored.stripeEventAt : eventAt,
      },
      at,
    );
    return { received: true as const, outcome: 'applied' as const };
  });
}
