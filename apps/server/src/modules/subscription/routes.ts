import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { invalid } from '../../lib/app-error.js';
import { operatorRefused } from './errors.js';
import { OPERATOR_PATH, OperatorRequestSchema, removeOperatorFile, runOperator, secretMatches, writeOperatorFile } from './operator.js';
import * as service from './service.js';

/** The signed-in account's subscription, Checkout and the customer portal (tenant routes). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  route(app, subscriptionApi.get, { handler: (request) => service.getSubscription({ ctx, auth: authOf(request) }) });
  route(app, subscriptionApi.checkout, { handler: (request) => service.checkout({ ctx, auth: authOf(request), input: request.body }) });
  route(app, subscriptionApi.portal, { handler: (request) => service.portal({ ctx, auth: authOf(request) }) });
};

/** Stripe's webhook: no bearer, no X-Tenant (the account is found from the event); the body is kept raw for the signature. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  route(app, subscriptionApi.stripeWebhook, {
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
