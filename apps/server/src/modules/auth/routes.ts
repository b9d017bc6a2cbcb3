import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthUserSchema,
  CredentialsSchema,
  ForgotPasswordSchema,
  LoginResultSchema,
  MessageSchema,
  ProblemSchema,
  RefreshRequestSchema,
  RegistrationResultSchema,
  RegistrationSchema,
  ResetParamsSchema,
  ResetPasswordSchema,
  SecretParamsSchema,
  VerifyResultSchema,
  routes,
} from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['auth'];
const authProblems = { ...problems, 409: ProblemSchema, 429: ProblemSchema };

// The logout and external sign-in calls are served by modules/external-auth, which ends the provider's session too.
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.login, {
    schema: { tags, summary: 'Log in with email and password', body: CredentialsSchema, response: { 200: LoginResultSchema, ...authProblems } },
    handler: (request) => service.login({ ctx, tenant: request.tenant, ip: request.ip, ...request.body }),
  });

  app.get(routes.authUser, {
    preHandler: app.requireAuth,
    schema: { tags, summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: AuthUserSchema, 401: ProblemSchema } },
    handler: (request) => service.currentUser({ ctx, auth: authOf(request) }),
  });

  app.post(routes.refresh, {
    schema: { tags, summary: 'Rotate the refresh token', body: RefreshRequestSchema, response: { 200: LoginResultSchema, ...authProblems } },
    handler: (request) => service.refresh({ ctx, tenant: request.tenant, ip: request.ip, refreshToken: request.body.refreshToken }),
  });

  app.post(routes.register, {
    schema: { tags, summary: 'Create an account; a verification email follows', body: RegistrationSchema, response: { 201: RegistrationResultSchema, ...authProblems } },
    handler: async (request, reply) => {
      const result = await service.register({ ctx, tenant: request.tenant, ip: request.ip, input: request.body });
      return reply.code(201).send(result);
    },
  });

  app.post(routes.verify, {
    schema: { tags, summary: 'Verify an email with the link token or the typed code', params: SecretParamsSchema, response: { 200: VerifyResultSchema, ...authProblems } },
    handler: (request) => service.verify({ ctx, tenant: request.tenant, ip: request.ip, tokenOrCode: request.params.tokenOrCode }),
  });

  app.post(routes.forgot, {
    schema: { tags, summary: 'Email a password reset code (same answer for unknown emails)', body: ForgotPasswordSchema, response: { 200: MessageSchema, ...authProblems } },
    handler: (request) => service.forgotPassword({ ctx, tenant: request.tenant, ip: request.ip, email: request.body.email, log: request.log }),
  });

  app.post(routes.reset, {
    schema: { tags, summary: 'Set a new password with the emailed code', params: ResetParamsSchema, body: ResetPasswordSchema, response: { 200: MessageSchema, ...authProblems } },
    handler: (request) => service.resetPassword({ ctx, tenant: request.tenant, ip: request.ip, code: request.params.code, password: request.body.password }),
  });
};
