import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authApi, EXTERNAL_CALLBACK_PATH, externalAuthApi, PRESENCE, type ProblemCode } from '@hubbub/contract';
import { AppError } from '../../lib/app-error.js';
import { resolveTenant } from '../../lib/tenants.js';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

/** The configured providers: app.ts makes them once and gives them to both route sets, which share their discovery. */
type Options = { providers: service.ExternalProviders };

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
export const externalAuthRoutes: FastifyPluginAsyncZod<Options> = async (app, { providers }) => {
  const ctx = app.ctx;

  route(app, externalAuthApi.login, {
    schema: {
      description:
        'Needs the binding cookie set by auth/external/{provider}/start in the same browser. A first sign-in makes an account; an email the provider vouches for joins the account that has it. Answers like auth/login (rememberMe is always true), plus the returnTo given at the start.',
    },
    handler: (request) => service.externalLogin({ ctx, providers, tenant: request.tenant, ip: request.ip, binding: bindingOf(request), body: request.body, log: request.log }),
  });

  route(app, externalAuthApi.link, {
    handler: (request) => service.completeLink({ ctx, providers, auth: authOf(request), ip: request.ip, binding: bindingOf(request), body: request.body, log: request.log }),
  });

  route(app, externalAuthApi.accounts, { handler: (request) => service.connectedAccounts({ ctx, providers, auth: authOf(request) }) });

  route(app, externalAuthApi.connect, {
    handler: async (request, reply) => {
      const started = await service.startLink({
        ctx,
        providers,
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

  route(app, externalAuthApi.disconnect, { handler: (request) => service.unlink({ ctx, providers, auth: authOf(request), slug: request.params.provider, log: request.log }) });

  route(app, authApi.logout, {
    schema: {
      description:
        "Revokes the provider tokens held for this session; a provider that fails is ignored. When the session came from Microsoft, endSessionUrl is Microsoft's sign-out page: send the browser there (it comes back to /dashboard).",
    },
    handler: (request) => service.logout({ ctx, providers, auth: authOf(request), log: request.log }),
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
export const externalStartRoutes: FastifyPluginAsyncZod<Options> = async (app, { providers }) => {
  const ctx = app.ctx;
  route(app, externalAuthApi.start, {
    schema: {
      description: 'A navigation, not an API call: the tenant is the `tenant` query parameter. `returnTo` is kept across the round trip (local paths only).',
      response: { 302: z.null().meta({ description: "To the provider's sign-in page (Location)." }) },
    },
    handler: async (request, reply) => {
      const tenant = resolveTenant(ctx.tenants, request.query.tenant, 'Add the tenant key as the "tenant" query parameter, for example "?tenant=hubbub".');
      const slug = request.params.provider;
      let started: service.Started;
      try {
        started = await service.startLogin({ ctx, providers, tenant, slug, ip: request.ip, binding: bindingOf(request), returnTo: request.query.returnTo, log: request.log });
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
