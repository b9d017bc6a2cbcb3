import {
  USER_SEARCH_PAGE_SIZE,
  type Person,
  type Profile,
  type ProfileUpdateSchema,
  type Relation,
  type UserSearchResult,
  type UserSummary,
} from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { blocked, conflict, invalid, notFound } from '../../lib/app-error.js';
import type { Db } from '../../db/client.js';
import * as accounts from './account-repository.js';
import * as repo from './repository.js';

// What other modules read and write of the users table: the account rows (auth signs up,
// verifies and resets; plans; the demo). Functions that take `db` run in the caller's transaction.
export type { UserRow } from './account-repository.js';

export function findUserById(db: Db, tenantId: string, id: string): Promise<accounts.UserRow | undefined> {
  return accounts.findUserById(db, tenantId, id);
}

/** Moderators suspend an account (with why) or lift the suspension (null). */
export function setSuspension(db: Db, userId: string, suspension: { at: Date; reason: string } | null): Promise<void> {
  return accounts.setSuspension(db, userId, suspension);
}

export function setRoles(db: Db, userId: string, roles: string[], at: Date): Promise<void> {
  return accounts.setRoles(db, userId, roles, at);
}

/** Deletes the account; what it owns goes by cascade (files are the caller's to remove). */
export function deleteUser(db: Db, tenantId: string, userId: string): Promise<boolean> {
  return accounts.deleteUser(db, tenantId, userId);
}

/** The account of a remote actor who said Going from the fediverse (modules/federation); its id. */
export function ensureRemoteAccount(db: Db, args: { tenantId: string; actor: string; name: string; handle: string }): Promise<string> {
  return accounts.upsertRemoteAccount(db, args);
}

export function findUserByEmail(db: Db, tenantId: string, email: string): Promise<accounts.UserRow | undefined> {
  return accounts.findUserByEmail(db, tenantId, email);
}

export function countUsers(db: Db, tenantId: string): Promise<number> {
  return accounts.countUsers(db, tenantId);
}

/** A new account; the email is unverified unless `emailVerifiedAt` is given (the demo, a provider that vouches for it). `passwordHash` null: made by an external sign-in. `plan`: the site's DEFAULT_PLAN. */
export function insertUser(db: Db, values: Parameters<typeof accounts.insertUser>[1]): Promise<accounts.UserRow> {
  return accounts.insertUser(db, values);
}

export function markEmailVerified(db: Db, userId: string, at: Date): Promise<void> {
  return accounts.markEmailVerified(db, userId, at);
}

/** null removes the password (the account then signs in only through its connected providers). */
export function setPasswordHash(db: Db, userId: string, passwordHash: string | null, at: Date): Promise<void> {
  return accounts.setPasswordHash(db, userId, passwordHash, at);
}

export function setPlan(db: Db, userIds: string[], plan: string): Promise<void> {
  return accounts.setPlan(db, userIds, plan);
}

/** The effective plan and add-ons (what capacities, the Feature claim and add-on gates read); modules/subscription alone calls it. */
export function setEntitlements(db: Db, userId: string, plan: string, addOns: string[], at: Date): Promise<void> {
  return accounts.setEntitlements(db, userId, plan, addOns, at);
}

/** The demo seed: profiles and follows written directly, as a person would through the API. */
export async function seedProfile(opts: { ctx: AppContext; tenantId: string; userId: string; bio: string; location: string; name: string }): Promise<void> {
  await repo.updateProfile(opts.ctx.db, opts.tenantId, opts.userId, { name: opts.name, bio: opts.bio, location: opts.location, website: null }, opts.ctx.now());
}

export async function seedFollow(opts: { ctx: AppContext; tenantId: string; followerId: string; followeeId: string }): Promise<void> {
  await repo.insertFollow(opts.ctx.db, opts.tenantId, opts.followerId, opts.followeeId);
}

type ProfileInput = z.output<typeof ProfileUpdateSchema>;

export async function getProfile(opts: { ctx: AppContext; auth: AuthInfo }): Promise<Profile> {
  const row = await repo.findProfile(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId);
  if (!row) throw notFound('The account no longer exists.');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function updateProfile(opts: { ctx: AppContext; auth: AuthInfo; input: ProfileInput }) {
  const updated = await repo.updateProfile(opts.ctx.db, opts.auth.tenant.id, opts.auth.userId, opts.input, opts.ctx.now());
  if (!updated) throw notFound('The account no longer exists.');
  return { ok: true as const };
}

export async function getPerson(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<Person> {
  const row = await repo.findPerson(opts.ctx.db, { tenantId: opts.tenant.id, id: opts.id, viewerId: opts.viewerId, now: opts.ctx.now() });
  if (!row) throw notFound('No person has this id.');
  return { ...row, createdAt: row.createdAt.toISOString(), isSelf: row.id === opts.viewerId };
}

async function requireOther(ctx: AppContext, auth: AuthInfo, userId: string, verb: string) {
  if (userId === auth.userId) throw invalid(`You cannot ${verb} yourself.`);
  if (!(await repo.userExists(ctx.db, auth.tenant.id, userId))) throw notFound('No person has this id.');
}

async function relation(ctx: AppContext, auth: AuthInfo, userId: string): Promise<Relation> {
  const [following, blocked] = await Promise.all([
    repo.isFollowing(ctx.db, auth.userId, userId),
    repo.isBlocking(ctx.db, auth.userId, userId),
  ]);
  return { userId, isFollowing: following, isBlocked: blocked };
}

export async function follow(opts: { ctx: AppContext; auth: AuthInfo; userId: string }): Promise<Relation> {
  const { ctx, auth, userId } = opts;
  await requireOther(ctx, auth, userId, 'follow');
  if (await repo.isBlocking(ctx.db, userId, auth.userId)) throw blocked('This person has blocked you, so you cannot follow them.');
  if (await repo.isBlocking(ctx.db, auth.userId, userId)) throw conflict('You have blocked this person. Unblock them before you follow them.');
  await repo.insertFollow(ctx.db, auth.tenant.id, auth.userId, userId);
  return relation(ctx, auth, userId);
}

export async function unfollow(opts: { ctx: AppContext; auth: AuthInfo; userId: string }): Promise<Relation> {
  const { ctx, auth, userId } = opts;
  await requireOther(ctx, auth, userId, 'unfollow');
  await repo.deleteFollow(ctx.db, auth.userId, userId);
  return relation(ctx, auth, userId);
}

export async function setBlock(opts: { ctx: AppContext; auth: AuthInfo; userId: string; blocked: boolean }): Promise<Relation> {
  const { ctx, auth, userId } = opts;
  await requireOther(ctx, auth, userId, 'block');
  if (opts.blocked) {
    await repo.insertBlock(ctx.db, auth.tenant.id, auth.userId, userId);
    await ctx.realtime.blocked({ tenantId: auth.tenant.id, blockerId: auth.userId, blockedId: userId });
  } else {
    await repo.deleteBlock(ctx.db, auth.userId, userId);
  }
  return relation(ctx, auth, userId);
}

export async function search(opts: { ctx: AppContext; auth: AuthInfo; searchText: string; pageNumber: number }): Promise<UserSearchResult> {
  const { total, rows } = await repo.searchPeople(opts.ctx.db, {
    tenantId: opts.auth.tenant.id,
    viewerId: opts.auth.userId,
    text: opts.searchText,
    limit: USER_SEARCH_PAGE_SIZE,
    offset: (opts.pageNumber - 1) * USER_SEARCH_PAGE_SIZE,
    now: opts.ctx.now(),
  });
  return { totalCount: total, pageNumber: opts.pageNumber, pageSize: USER_SEARCH_PAGE_SIZE, searchText: opts.searchText, users: rows };
}

export async function summary(opts: { ctx: AppContext; auth: AuthInfo }): Promise<UserSummary> {
  return repo.countSummary(opts.ctx.db, opts.auth.userId);
}
