import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockParamsSchema,
  FollowQuerySchema,
  IdParamsSchema,
  OkSchema,
  PersonSchema,
  ProblemSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RelationSchema,
  UnfollowParamsSchema,
  UserSearchCriteriaSchema,
  UserSearchResultSchema,
  UserSummarySchema, routes } from '@hubbub/contract';
import { authOf } from '../../plugins/auth.js';
import { bearer as security, problems } from '../../plugins/route-schema.js';
import * as service from './service.js';

const tags = ['users'];
const problemsOrConflict = { ...problems, 409: ProblemSchema };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post(routes.userSearch, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Search people by name or place', body: UserSearchCriteriaSchema, response: { 200: UserSearchResultSchema, ...problemsOrConflict } },
    handler: (request) => service.search({ ctx, auth: authOf(request), ...request.body }),
  });

  app.get(routes.userSummary, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: "The signed-in user's counts", response: { 200: UserSummarySchema, ...problemsOrConflict } },
    handler: (request) => service.summary({ ctx, auth: authOf(request) }),
  });

  app.get(routes.profile, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: "The signed-in user's profile", response: { 200: ProfileSchema, ...problemsOrConflict } },
    handler: (request) => service.getProfile({ ctx, auth: authOf(request) }),
  });

  app.post(routes.profile, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Update the profile (200 means success)', body: ProfileUpdateSchema, response: { 200: OkSchema, ...problemsOrConflict } },
    handler: (request) => service.updateProfile({ ctx, auth: authOf(request), input: request.body }),
  });

  app.get(routes.publicUser, {
    preHandler: app.optionalAuth,
    schema: { tags, summary: 'A person as anyone sees them', params: IdParamsSchema, response: { 200: PersonSchema, ...problemsOrConflict } },
    handler: (request) => service.getPerson({ ctx, tenant: request.tenant, id: request.params.id, viewerId: request.auth?.userId ?? null }),
  });

  app.post(routes.block, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Block (1) or unblock (0) a person', params: BlockParamsSchema, response: { 200: RelationSchema, ...problemsOrConflict } },
    handler: (request) => service.setBlock({ ctx, auth: authOf(request), userId: request.params.id, blocked: request.params.flag === '1' }),
  });

  app.post(routes.follow, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Follow the person named by ?userId= (empty body)', querystring: FollowQuerySchema, response: { 200: RelationSchema, ...problemsOrConflict } },
    handler: (request) => service.follow({ ctx, auth: authOf(request), userId: request.query.userId }),
  });

  app.delete(routes.unfollow, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Unfollow a person', params: UnfollowParamsSchema, response: { 200: RelationSchema, ...problemsOrConflict } },
    handler: (request) => service.unfollow({ ctx, auth: authOf(request), userId: request.params.id }),
  });

  app.get(routes.user, {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'A person, with your relation to them', params: IdParamsSchema, response: { 200: PersonSchema, ...problemsOrConflict } },
    handler: (request) => service.getPerson({ ctx, tenant: request.tenant, id: request.params.id, viewerId: authOf(request).userId }),
  });
};
