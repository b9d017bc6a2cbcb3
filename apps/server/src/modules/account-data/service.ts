import type { AccountDelete, AccountExport } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { invalid, notFound, unauthorized } from '../../lib/app-error.js';
import { confirmPassword } from '../auth/service.js';
import { cancelBillingOf } from '../subscription/service.js';
import { stopSessionsOf } from '../launches/service.js';
import { deleteUser, findUserById } from '../users/service.js';
import * as repo from './repository.js';

/** Everything the account holds, as one JSON document (its files are named, not embedded). */
export async function exportAccount(opts: { ctx: AppContext; auth: AuthInfo }): Promise<AccountExport> {
  const { ctx, auth } = opts;
  const db = ctx.db;
  const profile = await repo.profileOf(db, auth.userId);
  if (!profile) throw unauthorized('The account no longer exists.');
  const [events, flyers, documents, links, going, calendars, follows] = await Promise.all([
    repo.eventsOf(db, auth.userId),
    repo.flyersOf(db, auth.userId),
    repo.documentsOf(db, auth.userId),
    repo.linksOf(db, auth.userId),
    repo.goingOf(db, auth.userId),
    repo.calendarsOf(db, auth.userId),
    repo.followsOf(db, auth.userId),
  ]);
  return { exportedAt: ctx.now().toISOString(), profile, events, flyers, documents, links, going, calendars, follows };
}

/**
 * The person deletes their own account, proving it with the password (or the email when the
 * account has none). The password check counts against the sign-in's failure budgets: a
 * stolen access token must not make this a way to guess the password.
 */
export async function deleteMyAccount(opts: { ctx: AppContext; auth: AuthInfo; input: AccountDelete; ip: string; log: Log }): Promise<void> {
  const { ctx, auth, input } = opts;
  const user = await findUserById(ctx.db, auth.tenant.id, auth.userId);
  if (!user) throw unauthorized('The account no longer exists.');
  if (user.passwordHash) {
    if (!input.password) throw invalid('Type your password to confirm.', { password: ['Type your password to confirm.'] });
    await confirmPassword({ ctx, tenant: auth.tenant, user: { email: user.email, passwordHash: user.passwordHash }, password: input.password, ip: opts.ip });
  } else if (input.email?.trim().toLowerCase() !== user.email) {
    throw invalid('Type the email address of this account to confirm.', { email: ['Type the email address of this account to confirm.'] });
  }
  await deleteAccount({ ctx, tenantId: auth.tenant.id, userId: auth.userId, log: opts.log });
}

type Log = { warn(o: object, m: string): void };

/**
 * Deletes an account and everything it owns (events, flyers, documents, links, follows, sessions
 * go by cascade in one transaction; `within` adds to that transaction, e.g. an audit entry), then
 * closes its hub connections, tells the watchers of its live sessions, and removes its files.
 */
export async function deleteAccount(opts: { ctx: AppContext; tenantId: string; userId: string; log: Log; within?: (tx: Db) => Promise<void> }): Promise<void> {
  const { ctx, tenantId, userId } = opts;
  await cancelBillingOf(ctx, userId);
  const { paths, announce } = await ctx.db.transaction(async (tx) => {
    const paths = await repo.filesOf(tx, userId);
    const announce = await stopSessionsOf({ ctx, db: tx, tenantId, userId, message: 'This live session has ended.' });
    await opts.within?.(tx);
    if (!(await deleteUser(tx, tenantId, userId))) throw notFound('No account has this id.');
    return { paths, announce };
  });
  await ctx.realtime.sessionsEnded({ tenantId, userId });
  await announce();
  const used = await repo.stillUsed(ctx.db, paths);
  for (const path of paths) {
    if (used.has(path)) continue;
    // The account is gone already; a file left behind is logged, not a failure of the deletion.
    await ctx.files.remove(path).catch((error: unknown) => opts.log.warn({ err: error, path }, 'removing a deleted account file failed'));
  }
}
