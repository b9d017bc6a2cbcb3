import { randomBytes } from 'node:crypto';
import { CO_HOSTS_MAX, type CoHostAccepted, type CoHostRole, type CoHosts } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import { requireEventRole } from '../events/service.js';
import * as repo from './repository.js';

/** An invitation link's secret: 144 random bits, URL-safe. */
const newToken = () => randomBytes(18).toString('base64url');

export async function coHosts(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<CoHosts> {
  const { ctx, auth, eventId } = opts;
  await requireEventRole(ctx, auth, eventId, 'co-host');
  return { eventId, coHosts: await repo.list(ctx.db, eventId) };
}

/** The host names a co-host by email; the notifications worker mails them their own link (a job keyed by the row: once). */
export async function inviteCoHost(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; email: string; role: CoHostRole }): Promise<CoHosts> {
  const { ctx, auth, eventId, email, role } = opts;
  await requireEventRole(ctx, auth, eventId, 'host');
  if (email === (await repo.emailOf(ctx.db, auth.userId))) throw invalid('You host this event already.', { email: ['You host this event already.'] });
  const demoted = await ctx.db.transaction(async (tx) => {
    const known = (await repo.list(tx, eventId)).find((c) => c.email === email);
    if (!known && (await repo.count(tx, eventId)) >= CO_HOSTS_MAX) throw conflict(`An event can have at most ${CO_HOSTS_MAX} co-hosts.`);
    await repo.upsert(tx, { tenantId: auth.tenant.id, eventId, email, role, token: newToken() });
    return known?.role === 'co-host' && role !== 'co-host';
  });
  if (demoted) await narrowed(ctx, auth, eventId);
  // The invitation goes out now, not at the worker's next round.
  ctx.notifications.wake();
  return { eventId, coHosts: await repo.list(ctx.db, eventId) };
}

/**
 * Someone who no longer runs the event may no longer see it (a draft, a hidden or invite-only
 * event): the hub drops from its live session whoever cannot see it now, on every instance.
 */
function narrowed(ctx: AppContext, auth: AuthInfo, eventId: string): Promise<void> {
  return ctx.realtime.audienceNarrowed({ tenantId: auth.tenant.id, eventId, message: 'The host changed who helps run this event.' });
}

export async function removeCoHost(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; coHostId: string }): Promise<CoHosts> {
  const { ctx, auth, eventId } = opts;
  await requireEventRole(ctx, auth, eventId, 'host');
  if (!(await repo.remove(ctx.db, { eventId, id: opts.coHostId }))) throw notFound('This event has no such co-host.');
  await narrowed(ctx, auth, eventId);
  return { eventId, coHosts: await repo.list(ctx.db, eventId) };
}

export async function acceptCoHost(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; token: string }): Promise<CoHostAccepted> {
  const { ctx, auth, eventId } = opts;
  const where = { tenantId: auth.tenant.id, eventId, token: opts.token };
  const role = await repo.accept(ctx.db, { ...where, userId: auth.userId, at: ctx.now() }).catch((error: unknown) => {
    // The same person opening two links of the event at once: the first one holds.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return undefined;
    throw error;
  });
  if (role) return { eventId, role };
  if (await repo.tokenExists(ctx.db, where)) {
    throw notFound('This link was sent to another email address: sign in with the account of the address it was sent to (with that address verified).');
  }
  throw notFound('This invitation link does not work: it was taken back, or it is not complete.');
}

/** The role the person holds at the event, if any (the host holds none: they host it). */
export function coHostRole(opts: { ctx: AppContext; tenantId: string; userId: string; eventId: string }): Promise<CoHostRole | undefined> {
  return repo.roleOf(opts.ctx.db, opts);
}

export function coHostToSend(opts: { ctx: AppContext; id: string }) {
  return repo.toSend(opts.ctx.db, opts.id);
}
