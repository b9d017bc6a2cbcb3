import type { BillingRedirect, CheckoutRequestSchema, Subscription, SubscriptionSource } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { findUserByEmail, findUserById, type UserRow } from '../users/service.js';
import { billingEnabled, catalogue, priceIdOf } from '../account/service.js';
import { billingFailed, billingUnavailable, productUnavailable } from './errors.js';
import * as repo from './repository.js';
import { stripeOf } from './stripe-client.js';
import { writeSubscription } from './subscriptions.js';

export { handleWebhook } from './webhook.js';

const OPERATOR_ASSIGNS = "Plans are not sold online on this server: the site's operator assigns them.";

export async function getSubscription(opts: { ctx: AppContext; auth: AuthInfo }): Promise<Subscription> {
  const { ctx, auth } = opts;
  const user = await findUserById(ctx.db, auth.tenant.id, auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  const row = await repo.findSubscription(ctx.db, user.id);
  const billing = billingEnabled(ctx);
  return {
    plan: user.plan as Subscription['plan'],
    addOns: user.addOns,
    status: (row?.status as Subscription['status']) ?? 'active',
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    source: (row?.source as SubscriptionSource) ?? 'default',
    billing: billing ? 'stripe' : 'operator',
    canManageBilling: billing && Boolean(row?.stripeCustomerId),
  };
}

/** Stripe refused or could not be reached: logged, and the caller is told to try again. */
async function callStripe<T>(ctx: AppContext, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw billingFailed(`Stripe could not ${what}: ${message.slice(0, 200)}`);
  }
}

const isLive = (row: repo.SubscriptionRow | undefined) => Boolean(row?.stripeSubscriptionId && row.source === 'billing' && row.status !== 'canceled');

/**
 * Stripe Checkout for a plan and/or add-ons. Someone already paying through Stripe is sent to the
 * customer portal instead, where the live subscription changes (a second subscription would bill twice).
 */
export async function checkout(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof CheckoutRequestSchema> }): Promise<BillingRedirect> {
  const { ctx, auth, input } = opts;
  if (!billingEnabled(ctx)) throw billingUnavailable(OPERATOR_ASSIGNS);
  const user = await findUserById(ctx.db, auth.tenant.id, auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  const cat = await catalogue(ctx.db);
  const prices: string[] = [];
  if (input.plan) {
    const row = cat.plans.find((p) => p.plan === input.plan);
    const price = row && priceIdOf(row, input.interval);
    if (!price) throw productUnavailable(`The ${input.plan} plan cannot be bought by the ${input.interval} here.`, { plan: ['No Stripe price is set for this plan and interval.'] });
    prices.push(price);
  }
  for (const feature of new Set(input.addOns)) {
    const row = cat.addOns.find((a) => a.feature === feature);
    const price = row && priceIdOf(row, input.interval);
    if (!price) throw productUnavailable(`The add-on "${feature.slice(0, 100)}" cannot be bought by the ${input.interval} here.`, { addOns: ['Unknown add-on, or no Stripe price is set for it.'] });
    if (user.addOns.includes(feature) && !input.plan && input.addOns.length === 1) throw productUnavailable(`You have the ${feature} add-on already.`, { addOns: ['Already yours.'] });
    prices.push(price);
  }
  const stored = await repo.findSubscription(ctx.db, user.id);
  if (isLive(stored)) return portal({ ctx, auth });
  // The Stripe subscription decides the plan: add-ons alone on top of a plan the operator (or DEFAULT_PLAN) gave would drop that plan to Free.
  if (!input.plan && user.plan !== 'Free') {
    throw productUnavailable(`Your ${user.plan} plan was not bought here: choose a plan with the add-on, or ask the site's operator for it.`, { plan: ['Choose a plan to buy with the add-on.'] });
  }
  const stripe = stripeOf(ctx.config);
  const metadata = { tenant: auth.tenant.key, user_id: user.id };
  const customer = stored?.stripeCustomerId ?? (await createCustomer(ctx, user, metadata));
  const session = await callStripe(ctx, 'start Checkout', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: prices.map((price) => ({ price, quantity: 1 })),
      metadata,
      subscription_data: { metadata },
      success_url: `${ctx.config.publicUrl}/account/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ctx.config.publicUrl}/account/subscription?checkout=canceled`,
    }),
  );
  if (!session.url) throw billingFailed('Stripe gave no Checkout address.');
  return { url: session.url };
}

async function createCustomer(ctx: AppContext, user: UserRow, metadata: Record<string, string>): Promise<string> {
  const stripe = stripeOf(ctx.config);
  const customer = await callStripe(ctx, 'create the customer', () => stripe.customers.create({ email: user.email, name: user.name, metadata }));
  // Kept before Checkout finishes: the webhook finds the account by its customer, whatever the event's metadata says.
  const stored = await repo.findSubscription(ctx.db, user.id);
  await writeSubscription(
    ctx.db,
    {
      userId: user.id,
      tenantId: user.tenantId,
      plan: stored?.plan ?? user.plan,
      addOns: stored?.addOns ?? user.addOns,
      status: (stored?.status as Subscription['status']) ?? 'active',
      source: (stored?.source as SubscriptionSource) ?? 'default',
      currentPeriodEnd: stored?.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: stored?.cancelAtPeriodEnd ?? false,
      stripeCustomerId: customer.id,
    },
    ctx.now(),
  );
  return customer.id;
}

/** The Stripe customer portal: change plan, cancel, payment method, invoices. */
export async function portal(opts: { ctx: AppContext; auth: AuthInfo }): Promise<BillingRedirect> {
  const { ctx, auth } = opts;
  if (!billingEnabled(ctx)) throw billingUnavailable(OPERATOR_ASSIGNS);
  const user = await findUserById(ctx.db, auth.tenant.id, auth.userId);
  if (!user) throw notFound('The account no longer exists.');
  const stored = await repo.findSubscription(ctx.db, user.id);
  if (!stored?.stripeCustomerId) throw billingUnavailable('There is no billing account to manage yet: buy a plan first.');
  const customer = stored.stripeCustomerId;
  const session = await callStripe(ctx, 'open the customer portal', () =>
    stripeOf(ctx.config).billingPortal.sessions.create({ customer, return_url: `${ctx.config.publicUrl}/account/subscription` }),
  );
  return { url: session.url };
}

/**
 * Before an account is deleted: its Stripe subscription, if any, is canceled now, so nobody is
 * charged for an account that is gone. A Stripe failure stops the deletion (billing_failed).
 */
export async function cancelBillingOf(ctx: AppContext, userId: string): Promise<void> {
  const stored = await repo.findSubscription(ctx.db, userId);
  if (!stored?.stripeSubscriptionId || stored.status === 'canceled' || !billingEnabled(ctx)) return;
  const id = stored.stripeSubscriptionId;
  await callStripe(ctx, 'cancel the subscription of the deleted account', () => stripeOf(ctx.config).subscriptions.cancel(id));
}

/** What the operator (the plans command, later the admin console) sets: overrides billing until Stripe next says otherwise. */
export async function setPlanByOperator(db: Db, opts: { tenantId: string; email: string; plan: string; addOns: string[]; at: Date }): Promise<'unknown-email' | 'unknown-plan' | 'unknown-add-on' | 'done'> {
  const cat = await catalogue(db);
  if (!cat.plans.some((p) => p.plan === opts.plan)) return 'unknown-plan';
  if (opts.addOns.some((a) => !cat.addOns.some((c) => c.feature === a))) return 'unknown-add-on';
  const user = await findUserByEmail(db, opts.tenantId, opts.email.trim().toLowerCase());
  if (!user) return 'unknown-email';
  await writeSubscription(db, { userId: user.id, tenantId: opts.tenantId, plan: opts.plan, addOns: [...new Set(opts.addOns)], status: 'active', source: 'operator' }, opts.at);
  return 'done';
}

/** Accounts on a plan other than bare Free, for `plans list`. */
export function listAccountPlans(db: Db): Promise<repo.AccountPlanRow[]> {
  return repo.listAccountPlans(db);
}

/** The demo's hosts: a plan that lets them hold thousands of events, written like any other plan change. */
export async function setDemoPlan(db: Db, users: { id: string; tenantId: string }[], plan: string, at: Date): Promise<void> {
  for (const user of users) await writeSubscription(db, { userId: user.id, tenantId: user.tenantId, plan, addOns: [], status: 'active', source: 'demo' }, at);
}
