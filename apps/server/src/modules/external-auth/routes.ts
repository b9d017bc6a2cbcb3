import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthorizationUrlSchema,
  ConnectedAccountsSchema,
  EXTERNAL_CALLBACK_PATH,
  ExternalLinkStartSchema,
  ExternalLoginResultSchema,
  ExternalLoginSchema,
  ExternalProviderParamsSchema,
  ExternalStartQuerySchema,
  LogoutResultSchema,
  PRESENCE,
  ProblemSchema,
  routes,
  type ProblemCode,
} from '@hubbub/contract';
import { AppError } from '../../lib/app-error.js';
import { resolveTenant } from '../../lib/tenants.js';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['auth'];
const externalProblems = { ...problems, 409: ProblemSchema, 429: ProblemSchema, 502: ProblemSchema };

/**
 * The browser's binding to the sign-ins it started: a random secret in an HttpOnly cookie sent
 * only to the external sign-in calls; the server keeps its hash with each attempt.
 */
export const BINDING_COOKIE = 'hubbub_oidc';
const COOKIE_PATH = `${PRESENCE}/auth/external`;
const REQUEST_TTL_S = 600;

function setBinding(request: FastifyRequest, reply: FastifyReply, binding: string): void {
  reply.setCookie(BINDING_COOKIE, binding, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.ctx.config.publicUrl.startsWith('https:'),
    maxAge: REQUEST_TTL_S,
  });
}

const bindingOf = (request: FastifyRequest) => request.cookies[BINDING_COOKIE];

/** The API calls (X-Tenant); the logout call is here because it ends the provider's session too. */
export const externalAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.external, {
    schema: {
      tags,
      summary: 'Sign in with Google or Microsoft ("Windows"): post what the provider sent to /auth/callback/{google|microsoft}',
      description:
        'Needs the binding cookie set by auth/external/{provider}/start in the same browser. A first sign-in makes an account; an email the provider vouches for joins the account that has it. Answers like auth/login (rememberMe is always true), plus the returnTo given at the start.',
      body: ExternalLoginSchema,
      response: { 200: ExternalLoginResultSchema, ...externalProblems },
    },
    handler: (request) => service.externalLogin({ ctx, tenant: request.tenant, ip: request.ip, binding: bindingOf(request), body: request.body, log: request.log }),
  });

  app.post(routes.externalLink, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Finish connecting a provider to the signed-in account (what the provider sent to the callback)',
      body: ExternalLoginSchema,
      response: { 200: ConnectedAccountsSchema, ...externalProblems },
    },
    handler: (request) => service.completeLink({ ctx, auth: authOf(request), ip: request.ip, binding: bindingOf(request), body: request.body, log: request.log }),
  });

  app.get(routes.connectedAccounts, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'The providers connected to the signed-in account, with when each was connected and last used', response: { 200: ConnectedAccountsSchema, ...problems } },
    handler: (request) => service.connectedAccounts({ ctx, auth: authOf(request) }),
  });

  app.post(routes.connectedAccount, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: "Start connecting a provider: answers the provider's sign-in page for the browser to visit (and sets the binding cookie)",
      params: ExternalProviderParamsSchema,
      body: ExternalLinkStartSchema,
      response: { 200: AuthorizationUrlSchema, ...externalProblems },
    },
    handler: async (request, reply) => {
      const started = await service.startLink({
        ctx,
        auth: authOf(request),
        ip: request.ip,
        binding: bindingOf(request),
        slug: request.params.provider,
        returnTo: request.body.returnTo,
        log: request.log,
      });
      setBinding(request, reply, started.binding);
      return reply.header('cache-control', 'no-store').send({ authorizationUrl: started.authorizationUrl });
    },
  });

  app.delete(routes.connectedAccount, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Disconnect a provider (refused when it is the only way to sign in)',
      params: ExternalProviderParamsSchema,
      response: { 200: ConnectedAccountsSchema, ...externalProblems },
    },
    handler: (request) => service.unlink({ ctx, auth: authOf(request), slug: request.params.provider, log: request.log }),
  });

  app.get(routes.logout, {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: "End the session of the bearer token, and the provider's session it came from",
      description:
        "Revokes the provider tokens held for this session; a provider that fails is ignored. When the session came from Microsoft, endSessionUrl is Microsoft's sign-out page: send the browser there (it comes back to /dashboard).",
      response: { 200: LogoutResultSchema, 401: ProblemSchema },
    },
    handler: (request) => service.logout({ ctx, auth: authOf(request), log: request.log }),
  });
};

/** A start that fails after the click shows on the callback page, as a provider's own error would (RFC 6749 4.1.2.1). */
const CALLBACK_ERRORS: Partial<Record<ProblemCode, string>> = { external_provider_failed: 'temporarily_unavailable', rate_limited: 'slow_down' };

/**
 * GET auth/external/{provider}/start: the sign-in button's link, a browser navigation (so no
 * X-Tenant header: the tenant rides in the query, as for the hub). Sets the binding cookie and
 * redirects to the provider. A provider that cannot be reached sends the browser to the
 * callback page with an error instead of showing a Problem.
 */
export const externalStartRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get(routes.externalStart, {
    schema: {
      tags,
      summary: "Start signing in with a provider: redirects (302) to the provider's sign-in page",
      description: 'A navigation, not an API call: the tenant is the `tenant` query parameter. `returnTo` is kept across the round trip (local paths only).',
      params: ExternalProviderParamsSchema,
      querystring: ExternalStartQuerySchema,
      response: { 302: z.null().meta({ description: "To the provider's sign-in page (Location)." }), 400: ProblemSchema, 429: ProblemSchema },
    },
    handler: async (request, reply) => {
      const tenant = resolveTenant(ctx.tenants, request.query.tenant, 'Add the tenant key as the "tenant" query parameter, for example "?tenant=hubbub".');
      const slug = request.params.provider;
      let started: service.Started;
      try {
        started = await service.startLogin({ ctx, tenant, slug, ip: request.ip, binding: bindingOf(request), returnTo: request.query.returnTo, log: request.log });
      } catch (error) {
        const sent = error instanceof AppError ? CALLBACK_ERRORS[error.code] : undefined;
        if (!sent) throw error;
        return reply.header('cache-control', 'no-store').redirect(`${EXTERNAL_CALLBACK_PATH}/${slug}?error=${sent}`, 302);
      }
      setBinding(request, reply, started.binding);
      return reply.header('cache-control', 'no-store').redirect(started.authorizationUrl, 302);
    },
  });
};
