import { EventStatus, statusAfterStop, type AdminEvent } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { eventModeration, setEventStatus } from '../events/service.js';
import { closeEventSession, stopEventSession } from '../launches/service.js';
import * as adminRepo from './admin-repository.js';
import { auditedChange, type AuditedResult } from './audited.js';
import * as repo from './repository.js';
import { requireAdmin } from './service.js';

type Options = { ctx: AppContext; auth: AuthInfo; id: string; reason: string };
const STOPPED = 'The moderators stopped this live session.';

const stopLive = (opts: Options, tx: Db, message: string) => stopEventSession({ ctx: opts.ctx, db: tx, tenantId: opts.auth.tenant.id, eventId: opts.id, message });

export async function getAdminEvent(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<AdminEvent> {
  await requireAdmin(opts.ctx, opts.auth);
  return loadEvent(opts.ctx, opts.auth.tenant.id, opts.id);
}

async function loadEvent(ctx: AppContext, tenantId: string, id: string): Promise<AdminEvent> {
  const row = await adminRepo.findAdminEvent(ctx.db, { tenantId, id, now: ctx.now() });
  if (!row) throw notFound('No event has this id.');
  return row as AdminEvent;
}

/**
 * One moderation change to an event, in a transaction with its audit entry; the open reports on
 * the event and its flyers are closed as actioned. `change` answers the before and after states
 * and may leave work for after the commit (telling watchers).
 */
async function moderate(
  opts: Options & { action: string },
  change: (tx: Db, state: { userId: string; status: number; hiddenBy: string | null; hostSuspended: boolean; startDate: string; endDate: string }) => Promise<AuditedResult>,
): Promise<AdminEvent> {
  const { ctx, auth, id } = opts;
  await requireAdmin(ctx, auth);
  await auditedChange({ ...opts, targetType: 'event', targetId: id }, async (tx) => {
    const state = await eventModeration.lockForModeration(tx, { tenantId: auth.tenant.id, eventId: id });
    if (!state) throw notFound('No event has this id.');
    const result = await change(tx, state);
    const closed = await repo.resolveEventReports(tx, { tenantId: auth.tenant.id, eventId: id, by: auth.userId, now: ctx.now() });
    return { ...result, after: { ...result.after, reportsClosed: closed } };
  });
  return loadEvent(ctx, auth.tenant.id, id);
}

/**
 * Gone from search, tiles, the buzz and its page for everyone but its owner, who sees why. Its live
 * session stops at once on every instance, live or about to be (its launches are canceled): every
 * watcher hears EventStopped and leaves its group, and its host is refused until it is shown again.
 */
export function hideEvent(opts: Options): Promise<AdminEvent> {
  return moderate({ ...opts, action: 'event.hide' }, async (tx, state) => {
    if (state.hiddenBy === 'moderator') throw conflict('This event is already hidden.');
    await eventModeration.setHidden(tx, opts.id, { by: 'moderator', reason: opts.reason, at: opts.ctx.now() });
    const live = state.status === EventStatus.Started;
    return {
      before: { hidden: state.hiddenBy, status: state.status },
      after: { hidden: 'moderator', status: live ? statusAfterStop(state, opts.ctx.now()) : state.status },
      afterCommit: await closeEventSession({ ctx: opts.ctx, db: tx, tenantId: opts.auth.tenant.id, eventId: opts.id, live, message: STOPPED }),
    };
  });
}

export function unhideEvent(opts: Options): Promise<AdminEvent> {
  return moderate({ ...opts, action: 'event.unhide' }, async (tx, state) => {
    if (state.hiddenBy !== 'moderator') throw conflict(state.hiddenBy ? 'This event is hidden with its suspended host: lift the suspension instead.' : 'This event is not hidden.');
    if (state.hostSuspended) throw conflict('Its host is suspended: the event stays hidden until the suspension is lifted.');
    await eventModeration.setHidden(tx, opts.id, null);
    return { before: { hidden: 'moderator' }, after: { hidden: null } };
  });
}

export function cancelEvent(opts: Options): Promise<AdminEvent> {
  return moderate({ ...opts, action: 'event.cancel' }, async (tx, state) => {
    if (state.status === EventStatus.Canceled) throw conflict('This event is already canceled.');
    const stop = state.status === EventStatus.Started ? await stopLive(opts, tx, 'The moderators canceled this event.') : undefined;
    await setEventStatus({ ctx: opts.ctx, db: tx, eventId: opts.id, status: EventStatus.Canceled });
    // Followers and attendees hear of it at the notification sender's next round, now rather than at its next poll.
    const afterCommit = async () => {
      await stop?.();
      opts.ctx.notifications.wake();
    };
    return { before: { status: state.status }, after: { status: EventStatus.Canceled }, afterCommit };
  });
}

/** Every watcher gets EventStopped and the flyers on screen stop; the event stays listed. */
export function stopEvent(opts: Options): Promise<AdminEvent> {
  return moderate({ ...opts, action: 'event.stop' }, async (tx, state) => {
    if (state.status !== EventStatus.Started) throw conflict('This event has no live session running.');
    // A stopped session is not the event's end: Completed only once its end has passed.
    return { before: { status: state.status }, after: { status: statusAfterStop(state, opts.ctx.now()) }, afterCommit: await stopLive(opts, tx, STOPPED) };
  });
}
