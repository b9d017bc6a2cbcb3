import { randomBytes } from 'node:crypto';
import { GOING_INVITATIONS_MAX, formatNumber, type EventVisibility, type GoingInvitations, type GoingSummary } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { requireEventRole, requireVisibleEvent, setEventVisibility } from '../events/service.js';
import * as repo from './invitation-repository.js';
import { lockSeats } from './repository.js';
import { goingSummary } from './service.js';

// Who may see an event (issue 28): public, unlisted, or invite-only with its invitation link and
// the people invited by email. fragments.visibleTo applies it on every surface.

/** An invitation link's secret: 144 random bits, URL-safe. */
const newToken = () => randomBytes(18).toString('base64url');

async function invitationsAnswer(db: Db, args: { tenantId: string; eventId: string; visibility: EventVisibility }): Promise<GoingInvitations> {
  const [linkToken, invitations] = await Promise.all([
    repo.linkToken(db, args.eventId),
    repo.invitationsOf(db, { tenantId: args.tenantId, eventId: args.eventId, limit: GOING_INVITATIONS_MAX }),
  ]);
  return { eventId: args.eventId, visibility: args.visibility, linkToken, invitations };
}

/** The event's visibility as its host sees it (the caller hosts it). */
async function visibilityOf(ctx: AppContext, auth: AuthInfo, eventId: string): Promise<EventVisibility> {
  await requireEventRole(ctx, auth, eventId, 'co-host');
  return (await requireVisibleEvent({ ctx, tenant: auth.tenant, eventId, viewerId: auth.userId })).visibility;
}

export async function goingInvitations(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<GoingInvitations> {
  const { ctx, auth, eventId } = opts;
  const visibility = await visibilityOf(ctx, auth, eventId);
  return invitationsAnswer(ctx.db, { tenantId: auth.tenant.id, eventId, visibility });
}

/**
 * The host sets who may see the event. Making it invite-only makes its invitation link (once; the
 * same link holds across changes unless `newLink` asks for another, which ends the old one).
 */
export async function setGoingVisibility(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; visibility: EventVisibility; newLink: boolean }): Promise<GoingInvitations> {
  const { ctx, auth, eventId, visibility } = opts;
  const before = await visibilityOf(ctx, auth, eventId);
  const answer = await ctx.db.transaction(async (tx) => {
    await setEventVisibility({ ctx, db: tx, eventId, visibility });
    if (opts.newLink || (visibility === 'invite' && !(await repo.linkToken(tx, eventId)))) {
      await repo.setLinkToken(tx, { tenantId: auth.tenant.id, eventId, token: newToken(), at: ctx.now() });
    }
    return invitationsAnswer(tx, { tenantId: auth.tenant.id, eventId, visibility });
  });
  if (visibility === 'invite' && before !== 'invite') await ctx.realtime.audienceNarrowed({ tenantId: auth.tenant.id, eventId, message: 'This event is invite-only now.' });
  return answer;
}

/** The host invites people by email; the notifications worker mails each their own link (woken now). */
export async function inviteByEmail(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; emails: string[] }): Promise<GoingInvitations> {
  const { ctx, auth, eventId } = opts;
  const visibility = await visibilityOf(ctx, auth, eventId);
  const emails = [...new Set(opts.emails)];
  const answer = await ctx.db.transaction(async (tx) => {
    // Counted and added under the event's seat lock, so two batches at once cannot both pass the limit.
    await lockSeats(tx, { tenantId: auth.tenant.id, eventId });
    const already = await repo.countInvitations(tx, eventId);
    if (already + emails.length > GOING_INVITATIONS_MAX) {
      throw conflict(`An event can have at most ${formatNumber(GOING_INVITATIONS_MAX)} invitations; this one has ${already}.`, {
        emails: [`At most ${GOING_INVITATIONS_MAX - already} more can be invited.`],
      });
    }
    await repo.insertEmailInvitations(tx, { tenantId: auth.tenant.id, eventId, invites: emails.map((email) => ({ email, token: newToken() })), at: ctx.now() });
    return invitationsAnswer(tx, { tenantId: auth.tenant.id, eventId, visibility });
  });
  ctx.notifications.wake();
  return answer;
}

export async function uninvite(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; invitationId: string }): Promise<GoingInvitations> {
  const { ctx, auth, eventId } = opts;
  const visibility = await visibilityOf(ctx, auth, eventId);
  if (!(await repo.deleteInvitation(ctx.db, { eventId, id: opts.invitationId }))) throw notFound('This event has no such invitation.');
  if (visibility === 'invite') await ctx.realtime.audienceNarrowed({ tenantId: auth.tenant.id, eventId, message: 'Your invitation to this event was taken back.' });
  return invitationsAnswer(ctx.db, { tenantId: auth.tenant.id, eventId, visibility });
}

/**
 * A signed-in person opens an invitation link: from now on they may see the event (and say
 * Going). A secret that opens nothing is answered as an event that is not there.
 */
export async function acceptInvitation(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; token: string }): Promise<GoingSummary> {
  const { ctx, auth, eventId } = opts;
  const admitted = await repo.admitByToken(ctx.db, { tenantId: auth.tenant.id, eventId, userId: auth.userId, token: opts.token, at: ctx.now() });
  if (!admitted) throw notFound('This invitation link does not open this event: it was replaced or taken back. Ask the host for a new one.');
  return goingSummary({ ctx, tenant: auth.tenant, eventId, viewerId: auth.userId });
}
