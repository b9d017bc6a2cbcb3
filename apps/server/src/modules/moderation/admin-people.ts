import { ADMIN_PEOPLE_PAGE_SIZE, ADMIN_PERSON_LIST_MAX, ROLE_ADMIN, type AdminPeoplePage, type AdminPeopleQuerySchema, type AdminPerson, type AdminPlanChangeSchema } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { conflict, invalid, lastAdmin, notFound } from '../../lib/app-error.js';
import { deleteAccount } from '../account-data/service.js';
import { isConfiguredAdmin, revokeUserSessions, rolesOf } from '../auth/service.js';
import { setPlanByOperator } from '../subscription/service.js';
import { eventModeration } from '../events/service.js';
import { stopSessionsOf } from '../launches/service.js';
import { findUserById, setRoles, setSuspension, type UserRow } from '../users/service.js';
import * as adminRepo from './admin-repository.js';
import { auditedChange, type AuditedResult } from './audited.js';
import * as repo from './repository.js';
import { requireAdmin } from './service.js';

type Options = { ctx: AppContext; auth: AuthInfo; id: string; reason: string };
type Log = { warn(o: object, m: string): void };

export async function searchPeople(opts: { ctx: AppContext; auth: AuthInfo; query: z.output<typeof AdminPeopleQuerySchema> }): Promise<AdminPeoplePage> {
  const { ctx, auth, query } = opts;
  await requireAdmin(ctx, auth);
  const rows = await adminRepo.searchPeople(ctx.db, {
    tenantId: auth.tenant.id,
    text: query.q || undefined,
    limit: ADMIN_PEOPLE_PAGE_SIZE,
    offset: (query.pageNumber - 1) * ADMIN_PEOPLE_PAGE_SIZE,
  });
  return {
    // The rule's inputs (tenant, proof of the email) decide the roles but are not shown.
    people: rows.map(({ total: _total, tenantId, emailVerifiedAt, ...person }) => ({ ...person, roles: rolesOf(ctx, { ...person, tenantId, emailVerifiedAt }) })),
    totalCount: rows[0]?.total ?? 0,
    pageNumber: query.pageNumber,
    pageSize: ADMIN_PEOPLE_PAGE_SIZE,
  };
}

export async function getPerson(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<AdminPerson> {
  await requireAdmin(opts.ctx, opts.auth);
  return loadPerson(opts.ctx, opts.auth.tenant.id, opts.id);
}

async function loadPerson(ctx: AppContext, tenantId: string, id: string): Promise<AdminPerson> {
  const row = await adminRepo.findPerson(ctx.db, { tenantId, id, listMax: ADMIN_PERSON_LIST_MAX });
  if (!row) throw notFound('No person has this id.');
  const { hasPassword, providers, tenantId: _tenant, emailVerifiedAt: _verified, ...person } = row;
  return {
    ...person,
    roles: rolesOf(ctx, row),
    adminFromConfig: isConfiguredAdmin(ctx, row),
    signInMethods: [...(hasPassword ? ['password'] : []), ...providers],
  } as AdminPerson;
}

/** One change to a person, in a transaction with its audit entry; `change` answers before and after, and work for after the commit. */
async function changePerson(opts: Options & { action: string }, change: (tx: Db, user: UserRow) => Promise<AuditedResult>): Promise<AdminPerson> {
  const { ctx, auth, id } = opts;
  await requireAdmin(ctx, auth);
  await auditedChange({ ...opts, targetType: 'user', targetId: id }, async (tx) => {
    const user = await findUserById(tx, auth.tenant.id, id);
    if (!user) throw notFound('No person has this id.');
    return change(tx, user);
  });
  return loadPerson(ctx, auth.tenant.id, id);
}

/**
 * No sign-in and no refresh from now on; every session is revoked and every hub connection closed,
 * live sessions stop, and the person's events are hidden until the suspension is lifted.
 */
export function suspendPerson(opts: Options): Promise<AdminPerson> {
  const { ctx, auth } = opts;
  return changePerson({ ...opts, action: 'person.suspend' }, async (tx, user) => {
    if (user.id === auth.userId) throw invalid('You cannot suspend yourself.');
    if (user.suspendedAt) throw conflict('This person is already suspended.');
    const now = ctx.now();
    const tenantId = auth.tenant.id;
    await setSuspension(tx, user.id, { at: now, reason: opts.reason });
    const hidden = await eventModeration.hideAllOf(tx, { tenantId, userId: user.id, reason: opts.reason, at: now });
    const announce = await stopSessionsOf({ ctx, db: tx, tenantId, userId: user.id, message: 'This live session has ended.' });
    await revokeUserSessions(tx, user.id, 'suspended', now);
    const closed = await repo.resolveReports(tx, { tenantId, targetType: 'user', targetId: user.id, status: 'actioned', by: auth.userId, now });
    return {
      before: { suspended: false },
      after: { suspended: true, eventsHidden: hidden, reportsClosed: closed },
      afterCommit: async () => {
        await ctx.realtime.sessionsEnded({ tenantId, userId: user.id });
        await announce();
      },
    };
  });
}

/** Signing in works again and the events hidden with the suspension come back (not those a moderator hid on their own). */
export function liftSuspension(opts: Options): Promise<AdminPerson> {
  return changePerson({ ...opts, action: 'person.lift' }, async (tx, user) => {
    if (!user.suspendedAt) throw conflict('This person is not suspended.');
    await setSuspension(tx, user.id, null);
    const shown = await eventModeration.showSuspendedOf(tx, { tenantId: opts.auth.tenant.id, userId: user.id });
    return { before: { suspended: true, reason: user.suspendedReason }, after: { suspended: false, eventsShown: shown } };
  });
}

/** Grants or removes the Admin role; nobody removes their own, so the site always keeps an admin. */
export function setAdminRole(opts: Options & { admin: boolean }): Promise<AdminPerson> {
  const { ctx, auth } = opts;
  return changePerson({ ...opts, action: 'person.role' }, async (tx, user) => {
    if (!opts.admin && user.id === auth.userId) throw lastAdmin('You cannot remove your own Admin role: another admin must do it.');
    const has = user.roles.includes(ROLE_ADMIN);
    if (opts.admin === has) throw conflict(has ? 'This person is already an admin.' : 'This person has no Admin role to remove.');
    if (!opts.admin && isConfiguredAdmin(ctx, user)) throw conflict('This account is an admin by the ADMIN_EMAIL setting of the server: change the setting instead.');
    const roles = opts.admin ? [...user.roles, ROLE_ADMIN] : user.roles.filter((r) => r !== ROLE_ADMIN);
    await setRoles(tx, user.id, roles, ctx.now());
    return { before: { roles: user.roles }, after: { roles } };
  });
}

/** Sets a plan and add-ons by hand, as the operator's plans command does; with billing on, Stripe's next word overrides it. */
export function setPersonPlan(opts: Options & { input: z.output<typeof AdminPlanChangeSchema> }): Promise<AdminPerson> {
  const { ctx, auth, input } = opts;
  return changePerson({ ...opts, action: 'person.plan' }, async (tx, user) => {
    const result = await setPlanByOperator(tx, { tenantId: auth.tenant.id, email: user.email, plan: input.plan, addOns: input.addOns, at: ctx.now() });
    if (result === 'unknown-plan') throw invalid(`No plan is called "${input.plan}".`, { plan: ['Unknown plan.'] });
    if (result === 'unknown-add-on') throw invalid('One of the add-ons does not exist.', { addOns: ['Unknown add-on.'] });
    const addOns = [...new Set(input.addOns)];
    return { before: { plan: user.plan, addOns: user.addOns }, after: { plan: input.plan, addOns } };
  });
}

/** Deletes someone else's account (one's own is deleted from Settings) with everything it owns, files included. */
export async function deletePerson(opts: Options & { log: Log }): Promise<void> {
  const { ctx, auth, id } = opts;
  await requireAdmin(ctx, auth);
  if (id === auth.userId) throw invalid('Delete your own account from Settings.');
  const user = await findUserById(ctx.db, auth.tenant.id, id);
  if (!user) throw notFound('No person has this id.');
  await deleteAccount({
    ctx,
    tenantId: auth.tenant.id,
    userId: id,
    log: opts.log,
    within: async (tx) => {
      const now = ctx.now();
      const closed = await repo.resolveReports(tx, { tenantId: auth.tenant.id, targetType: 'user', targetId: id, status: 'actioned', by: auth.userId, now });
      await repo.insertAudit(tx, {
        tenantId: auth.tenant.id,
        actorId: auth.userId,
        action: 'person.delete',
        targetType: 'user',
        targetId: id,
        reason: opts.reason,
        before: { email: user.email, name: user.name, plan: user.plan, roles: user.roles },
        after: { deleted: true, reportsClosed: closed },
        now,
      });
    },
  });
}
