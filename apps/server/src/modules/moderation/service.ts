import {
  AUDIT_PAGE_SIZE,
  OVERVIEW_DAYS,
  type AdminOverview,
  ROLE_ADMIN,
  type AuditLog,
  type LiveNow,
  type AuditQuerySchema,
  type Ok,
  type ReportCreateSchema,
  type ReportQueue,
  type ReportReceipt,
  type ReportTargetType,
} from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { adminRequired, conflict, invalid, notFound } from '../../lib/app-error.js';
import { rolesOf } from '../auth/service.js';
import { findUserById } from '../users/service.js';
import * as adminRepo from './admin-repository.js';
import * as repo from './repository.js';

/** Admin actions of other modules (modules/federation's blocks) are audited the same way. */
export { auditedChange } from './audited.js';

const QUEUE_LIMIT = 200;
const LIVE_LIMIT = 200;

/**
 * A report from another server (an ActivityPub Flag of a public event, modules/federation): into
 * the same queue, its note saying which remote actor sent it; once per actor and target while open.
 */
export async function createRemoteReport(opts: { ctx: AppContext; tenant: TenantRef; reporterActor: string; eventId: string; note: string | null }): Promise<boolean> {
  const { ctx, tenant } = opts;
  const visible = await repo.targetVisible(ctx.db, { tenantId: tenant.id, viewerId: null, targetType: 'event', targetId: opts.eventId, now: ctx.now() });
  if (!visible) return false;
  const row = await repo.insertRemoteReport(ctx.db, { tenantId: tenant.id, reporterActor: opts.reporterActor, targetType: 'event', targetId: opts.eventId, note: opts.note, now: ctx.now() });
  return row !== undefined;
}

/**
 * A report of an event, a flyer or a person the reporter can see; one open report per reporter
 * and target (a second is 409 `conflict`), at most AUTH_LIMITS.reportAccount an hour.
 */
export async function createReport(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof ReportCreateSchema> }): Promise<ReportReceipt> {
  const { ctx, auth, input } = opts;
  if (input.targetType === 'user' && input.targetId === auth.userId) throw invalid('You cannot report yourself.');
  const visible = await repo.targetVisible(ctx.db, { tenantId: auth.tenant.id, viewerId: auth.userId, targetType: input.targetType, targetId: input.targetId, now: ctx.now() });
  if (!visible) throw notFound(`No ${input.targetType} with this id is visible to you.`);
  await ctx.throttle.hit('reportAccount', `${auth.tenant.id}:${auth.userId}`);
  const row = await repo.insertReport(ctx.db, { tenantId: auth.tenant.id, reporterId: auth.userId, targetType: input.targetType, targetId: input.targetId, reason: input.reason, note: input.note, now: ctx.now() });
  if (!row) throw conflict('You have already reported this; it is waiting for a moderator.');
  return row as ReportReceipt;
}

/** The Admin role as the account holds it now, not as the token says: a removed admin is refused at once. */
export async function requireAdmin(ctx: AppContext, auth: AuthInfo): Promise<void> {
  const user = await findUserById(ctx.db, auth.tenant.id, auth.userId);
  if (!user || !rolesOf(ctx, user).includes(ROLE_ADMIN)) throw adminRequired('Only administrators of this site may do this.');
}

export async function reportQueue(opts: { ctx: AppContext; auth: AuthInfo }): Promise<ReportQueue> {
  await requireAdmin(opts.ctx, opts.auth);
  const [groups, openReports] = await Promise.all([repo.openReportGroups(opts.ctx.db, opts.auth.tenant.id, QUEUE_LIMIT), repo.countOpenReports(opts.ctx.db, opts.auth.tenant.id)]);
  return { groups: groups as ReportQueue['groups'], openReports };
}

/** Closes a target's open reports without acting on it; the audit log keeps who, why and how many. */
export async function dismissReports(opts: { ctx: AppContext; auth: AuthInfo; targetType: ReportTargetType; targetId: string; reason: string }): Promise<Ok> {
  const { ctx, auth } = opts;
  await requireAdmin(ctx, auth);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const closed = await repo.resolveReports(tx, { tenantId: auth.tenant.id, targetType: opts.targetType, targetId: opts.targetId, status: 'dismissed', by: auth.userId, now });
    if (!closed) throw notFound('This target has no open reports.');
    await repo.insertAudit(tx, {
      tenantId: auth.tenant.id,
      actorId: auth.userId,
      action: 'reports.dismiss',
      targetType: opts.targetType,
      targetId: opts.targetId,
      reason: opts.reason,
      before: { openReports: closed },
      after: { openReports: 0 },
      now,
    });
  });
  return { ok: true };
}

export async function auditLog(opts: { ctx: AppContext; auth: AuthInfo; query: z.output<typeof AuditQuerySchema> }): Promise<AuditLog> {
  await requireAdmin(opts.ctx, opts.auth);
  const { query } = opts;
  const rows = await repo.auditEntries(opts.ctx.db, {
    tenantId: opts.auth.tenant.id,
    action: query.action,
    targetId: query.targetId,
    limit: AUDIT_PAGE_SIZE,
    offset: (query.pageNumber - 1) * AUDIT_PAGE_SIZE,
  });
  return {
    entries: rows.map(({ total: _total, ...entry }) => entry),
    totalCount: rows[0]?.total ?? 0,
    pageNumber: query.pageNumber,
    pageSize: AUDIT_PAGE_SIZE,
  };
}

/** The site's health at a glance: counts now, and sign-ups and events created per day for the last OVERVIEW_DAYS days. */
export async function overview(opts: { ctx: AppContext; auth: AuthInfo }): Promise<AdminOverview> {
  const { ctx, auth } = opts;
  await requireAdmin(ctx, auth);
  const today = new Date(ctx.now());
  today.setUTCHours(0, 0, 0, 0);
  const from = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * 86_400_000);
  const [counts, days, live] = await Promise.all([
    repo.overviewCounts(ctx.db, auth.tenant.id),
    repo.dailyCounts(ctx.db, { tenantId: auth.tenant.id, from, days: OVERVIEW_DAYS }),
    ctx.realtime.stats(auth.tenant.id, []),
  ]);
  return { ...counts, hubConnections: live.connections, days };
}

/** Events whose buzz runs now with their watchers over every instance (at most LIVE_LIMIT, soonest start first). */
export async function liveNow(opts: { ctx: AppContext; auth: AuthInfo }): Promise<LiveNow> {
  const { ctx, auth } = opts;
  await requireAdmin(ctx, auth);
  const rows = await adminRepo.liveEvents(ctx.db, auth.tenant.id, LIVE_LIMIT);
  const { watchers } = await ctx.realtime.stats(auth.tenant.id, rows.map((r) => r.eventId));
  return { sessions: rows.map((row, i) => ({ ...row, watchers: watchers[i] ?? 0 })) };
}
