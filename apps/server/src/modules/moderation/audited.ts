import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

export interface AuditedResult {
  before: object;
  after: object;
  /** Work once the change is committed (telling the hub), so nobody hears of a change that rolled back. */
  afterCommit?: () => Promise<void>;
}

/** One admin action: the change and its audit entry in one transaction, then its after-commit work. */
export async function auditedChange(
  opts: { ctx: AppContext; auth: AuthInfo; action: string; targetType: string; targetId: string; reason: string },
  change: (tx: Db) => Promise<AuditedResult>,
): Promise<void> {
  const { ctx, auth } = opts;
  const afterCommit = await ctx.db.transaction(async (tx) => {
    const result = await change(tx);
    await repo.insertAudit(tx, {
      tenantId: auth.tenant.id,
      actorId: auth.userId,
      action: opts.action,
      targetType: opts.targetType,
      targetId: opts.targetId,
      reason: opts.reason,
      before: result.before,
      after: result.after,
      now: ctx.now(),
    });
    return result.afterCommit;
  });
  await afterCommit?.();
}
