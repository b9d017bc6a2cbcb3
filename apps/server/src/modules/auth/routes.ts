import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import * as service from './service.js';

// The logout and external sign-in calls are served by modules/external-auth, which ends the provider's session too.
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  route(app, authApi.login, { handler: (request) => service.login({ ctx, tenant: request.tenant, ip: request.ip, ...request.body }) });
  route(app, authApi.user, { handler: (request) => service.currentUser({ ctx, auth: authOf(request) }) });
  route(app, authApi.refresh, { handler: (request) => service.refresh({ ctx, tenant: request.tenant, ip: request.ip, refreshToken: request.body.refreshToken }) });

  route(app, authApi.register, {
    handler: async (request, reply) => {
      const result = await service.register({ ctx, tenant: request.tenant, ip: request.ip, input: request.body });
      return reply.code(201).send(result);
    },
  });

  route(app, authApi.verify, {
    handler: (request) =>
      service.verify({ ctx, tenant: request.tenant, ip: request.ip, tokenOrCode: request.params.tokenOrCode, signInKey: request.body?.signInKey }),
  });
  route(app, authApi.forgotPassword, {
    handler: (request) => service.forgotPassword({ ctx, tenant: request.tenant, ip: request.ip, email: request.body.email, log: request.log }),
  });
  route(app, authApi.resetPassword, {
    handler: (request) => service.resetPassword({ ctx, tenant: request.tenant, ip: request.ip, code: request.params.code, password: request.body.password }),
  });
};
