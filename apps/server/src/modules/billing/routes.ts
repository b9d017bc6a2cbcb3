import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillingRedirectSchema, CheckoutRequestSchema, ProblemSchema, SubscriptionSchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import { invalid } from '../../lib/app-error.js';
import { operatorRefused } from './errors.js';
import { OPERATOR_PATH, OperatorRequestSchema, removeOperatorFile, runOperator, secretMatches, writeOperatorFile } from './operator.js';
import * as service from './service.js';

const tags = ['billing'];
const billingProblems = { ...problems, 409: ProblemSchema, 502: ProblemSchema };

/** The signed-in account's subscription, Checkout and the customer portal (tenant routes). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(routes.subscription, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: "The signed-in account's plan, add-ons and subscription, and how plans change on this server", response: { 200: SubscriptionSchema, ...problems } },
    handler: (request) => service.getSubscription({ ctx, auth: authOf(request) }),
  });
  app.post(routes.subscriptionCheckout, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Start Stripe Checkout for a plan and/or add-ons (the customer portal when already subscribed); 409 billing_unavailable without Stripe',
      body: CheckoutRequestSchema,
      response: { 200: BillingRedirectSchema, ...billingProblems },
    },
    handler: (request) => service.checkout({ ctx, auth: authOf(request), input: request.body }),
  });
  app.post(routes.subscriptionPortal, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Open the Stripe customer portal (change plan, cancel, payment method, invoices)', response: { 200: BillingRedirectSchema, ...billingProblems } },
    handler: (request) => service.portal({ ctx, auth: authOf(request) }),
  });
};

const WebhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored', 'stale']) }).meta({ id: 'WebhookAnswer' });

/** Stripe's webhook: no bearer, no X-Tenant (the account is found from the event); the body is kept raw for the signature. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post(routes.stripeWebhook, {
    schema: {
      tags,
      summary: `Stripe's webhook (signed with STRIPE_WEBHOOK_SECRET): ${['checkout.session.completed', 'customer.subscription.created/updated/deleted', 'invoice.paid', 'invoice.payment_failed'].join(', ')}`,
      response: { 200: WebhookAnswerSchema, 400: ProblemSchema, 413: ProblemSchema, 502: ProblemSchema },
    },
    handler: (request) => {
      const signature = request.headers['stripe-signature'];
      return service.handleWebhook(ctx, request.body as Buffer | undefined, Array.isArray(signature) ? signature[0] : signature);
    },
  });
};

/** The plans command's way in while this server holds the database; absent from the OpenAPI document. */
export const operatorRoutes = fp(async (app: FastifyInstance): Promise<void> => {
  const ctx = app.ctx;
  let secret: string | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
    secret = (await writeOperatorFile(ctx.config.dataDir, `http://${host}:${address.port}`)).secret;
  });
  app.addHook('onClose', async () => {
    if (secret) await removeOperatorFile(ctx.config.dataDir, secret);
  });
  app.post(OPERATOR_PATH, {
    schema: { hide: true },
    handler: async (request) => {
      const given = request.headers.authorization?.replace(/^Operator /, '');
      if (!secret || !secretMatches(secret, given)) throw operatorRefused('The operator secret does not match (see DATA_DIR/operator.json).');
      const parsed = OperatorRequestSchema.safeParse(request.body);
      if (!parsed.success) throw invalid('Not an operator request.');
      return runOperator(ctx.db, ctx.tenants, parsed.data, ctx.now());
    },
  });
});
