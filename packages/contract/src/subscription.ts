import { z } from 'zod';
import { PlanNameSchema } from './account.js';
import { ACCOUNT } from './api-prefixes.js';
import { defineEndpoints, endpoint } from './endpoint.js';

/**
 * Plans and add-ons (the catalogue, kept in the database), and each account's subscription.
 * Prices are in the currency's minor unit (cents); null means not sold for that interval.
 */

export const BillingIntervalSchema = z.enum(['month', 'year']).meta({ id: 'BillingInterval' });
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

/** Where a subscription came from: Stripe billing, an operator (the plans command, the admin console), or the site's DEFAULT_PLAN. */
export const SubscriptionSourceSchema = z.enum(['billing', 'operator', 'default', 'demo']).meta({ id: 'SubscriptionSource' });
export type SubscriptionSource = z.infer<typeof SubscriptionSourceSchema>;

export const SubscriptionStatusSchema = z.enum(['active', 'trialing', 'past_due', 'canceled']).meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** How plans change on this server: online through Stripe, or set by the site's operator. */
export const BillingModeSchema = z.enum(['stripe', 'operator']).meta({ id: 'BillingMode' });
export type BillingMode = z.infer<typeof BillingModeSchema>;

/** The add-on that lets its holder download an event (and later a document) as one self-contained HTML file. */
export const ADD_ON_DOWNLOAD_HTML = 'Download.HTML';

const priced = {
  monthlyPrice: z.number().int().nonnegative().nullable(),
  yearlyPrice: z.number().int().nonnegative().nullable(),
  /** ISO 4217, lower case as Stripe writes it (usd). */
  currency: z.string(),
  /** Whether it can be bought online on this server now (billing configured and a Stripe price set). */
  purchasable: z.boolean(),
};

/** A plan of the catalogue, as the manifest's Products setting lists it. */
export const ProductSchema = z
  .object({
    kind: z.literal('plan'),
    plan: PlanNameSchema,
    /** The Feature claim value of the plan; null for Free. */
    feature: z.string().nullable(),
    name: z.string(),
    description: z.string(),
    eventCapacity: z.number().int(),
    calendarCapacity: z.number().int(),
    flyerCapacity: z.number().int(),
    ...priced,
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof ProductSchema>;

/** An add-on of the catalogue: a further Feature claim value, bought on top of a plan. */
export const AddOnProductSchema = z
  .object({
    kind: z.literal('addOn'),
    /** The Feature claim value, e.g. Download.HTML. */
    feature: z.string(),
    name: z.string(),
    description: z.string(),
    ...priced,
  })
  .meta({ id: 'AddOnProduct' });
export type AddOnProduct = z.infer<typeof AddOnProductSchema>;

export const CatalogueEntrySchema = z.discriminatedUnion('kind', [ProductSchema, AddOnProductSchema]).meta({ id: 'CatalogueEntry' });
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

/** What settings.Products holds once parsed: the plans, then the add-ons. */
export const ProductListSchema = z.array(CatalogueEntrySchema);

/** GET account/api/v1/subscription/: the signed-in account's subscription. */
export const SubscriptionSchema = z
  .object({
    plan: PlanNameSchema,
    addOns: z.array(z.string()),
    status: SubscriptionStatusSchema,
    /** End of the period paid for (Stripe), null when none (operator, default, Free). */
    currentPeriodEnd: z.string().nullable(),
    /** A canceled Stripe subscription that still runs to currentPeriodEnd. */
    cancelAtPeriodEnd: z.boolean(),
    source: SubscriptionSourceSchema,
    billing: BillingModeSchema,
    /** Whether "Manage billing" (the Stripe customer portal) is available: billing is on and the account is a Stripe customer. */
    canManageBilling: z.boolean(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST account/api/v1/subscription/checkout: start Stripe Checkout for a plan and/or add-ons. */
export const CheckoutRequestSchema = z
  .object({
    /** A paid plan; omit to buy add-ons on top of the current plan. */
    plan: z.enum(['Basic', 'Pro', 'Enterprise']).optional(),
    addOns: z.array(z.string().min(1).max(100)).max(20).default([]),
    interval: BillingIntervalSchema.default('month'),
  })
  .refine((r) => r.plan !== undefined || r.addOns.length > 0, { message: 'Choose a plan or an add-on.', path: ['plan'] })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;

/** Where to send the browser next (Stripe Checkout or the customer portal). */
export const BillingRedirectSchema = z.object({ url: z.string() }).meta({ id: 'BillingRedirect' });
export type BillingRedirect = z.infer<typeof BillingRedirectSchema>;

/** What the Stripe webhook answers: received, and what became of the event. */
export const WebhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored', 'stale']) }).meta({ id: 'WebhookAnswer' });
export type WebhookAnswer = z.infer<typeof WebhookAnswerSchema>;

/** The Stripe events the webhook acts on. */
const STRIPE_EVENTS = ['checkout.session.completed', 'customer.subscription.created/updated/deleted', 'invoice.paid', 'invoice.payment_failed'];

export const subscriptionApi = defineEndpoints('subscription', {
  get: endpoint('GET', `${ACCOUNT}/subscription/`, {
    summary: "The signed-in account's plan, add-ons and subscription, and how plans change on this server",
    auth: 'bearer',
    answer: SubscriptionSchema,
    problems: [400, 404],
  }),
  checkout: endpoint('POST', `${ACCOUNT}/subscription/checkout`, {
    summary: 'Start Stripe Checkout for a plan and/or add-ons (the customer portal when already subscribed); 409 billing_unavailable without Stripe',
    auth: 'bearer',
    body: CheckoutRequestSchema,
    answer: BillingRedirectSchema,
    problems: [400, 404, 409, 502],
  }),
  portal: endpoint('POST', `${ACCOUNT}/subscription/portal`, {
    summary: 'Open the Stripe customer portal (change plan, cancel, payment method, invoices)',
    auth: 'bearer',
    answer: BillingRedirectSchema,
    problems: [400, 404, 409, 502],
  }),
  /** No bearer, no X-Tenant: the account is found from the event; the server keeps the body raw for the signature. */
  stripeWebhook: endpoint('POST', `${ACCOUNT}/billing/stripe/webhook`, {
    summary: `Stripe's webhook (signed with STRIPE_WEBHOOK_SECRET): ${STRIPE_EVENTS.join(', ')}`,
    answer: WebhookAnswerSchema,
    problems: [400, 413, 502],
  }),
});
