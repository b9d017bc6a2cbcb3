import { readTicketCode, seatLabel, ticketCode, ticketPayload, toBase64Url, type CheckInCounts, type CheckInResult, type CheckInScan, type Door, type EventRole, type MyTickets } from '@hubbub/contract';
import type { AppContext, AuthInfo } from '../../app-context.js';
import { notFound } from '../../lib/app-error.js';
import { findEventRole, requireEventRole, requireVisibleEvent } from '../events/service.js';
import { doorDelivery } from './delivery.js';
import * as repo from './repository.js';

/** How far back an offline scan's own time is believed: a door device offline longer than a day has its scans dated a day ago. */
const OFFLINE_MAX_MS = 24 * 60 * 60 * 1000;

/** Who may work the door: the host, their co-hosts, and the people they named door staff (the check-in role). */
async function requireDoor(ctx: AppContext, auth: AuthInfo, eventId: string): Promise<EventRole> {
  const role = await findEventRole({ ctx, tenantId: auth.tenant.id, eventId, userId: auth.userId });
  if (role) return role;
  // Nobody at this event: told it does not exist, or that it is not theirs, as any host surface does.
  return (await requireEventRole(ctx, auth, eventId, 'co-host')).role;
}

/** Whether the person may work the event's door (the hub's JoinDoor asks): its host, co-hosts or door staff. */
export async function mayWorkDoor(opts: { ctx: AppContext; tenantId: string; userId: string; eventId: string }): Promise<boolean> {
  return Boolean(await findEventRole(opts));
}

/**
 * Every device at the door hears the new counts at once (the hub), and reads the list again. A
 * failed delivery (the backplane down) loses nothing: the check-in is stored, and devices also
 * read the door every few seconds.
 */
async function tellDoor(ctx: AppContext, tenantId: string, eventId: string, counts: CheckInCounts): Promise<void> {
  await doorDelivery(ctx)
    .changed(tenantId, eventId, counts)
    .catch(() => undefined);
}

export async function myTickets(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<MyTickets> {
  const { ctx, auth, eventId } = opts;
  await requireVisibleEvent({ ctx, tenant: auth.tenant, eventId, viewerId: auth.userId });
  const seats = await repo.mySeats(ctx.db, { eventId, userId: auth.userId });
  return {
    eventId,
    tickets: seats.map(({ goingId, seat, checkedInAt }) => {
      const payload = ticketPayload({ eventId, goingId, seat });
      return { goingId, seat, checkedInAt, code: ticketCode(payload, ctx.tickets.sign(auth.tenant.id, payload)) };
    }),
  };
}

/** The door's counts of events, by id, for a host's overview (the home): who checks is the caller's business. */
export function doorCounts(opts: { ctx: AppContext; eventIds: string[] }): Promise<Map<string, CheckInCounts>> {
  return repo.countsOfMany(opts.ctx.db, opts.eventIds);
}

export async function door(opts: { ctx: AppContext; auth: AuthInfo; eventId: string }): Promise<Door> {
  const { ctx, auth, eventId } = opts;
  const viewer = await requireDoor(ctx, auth, eventId);
  const [event, seats, counts] = await Promise.all([repo.eventOf(ctx.db, eventId), repo.seats(ctx.db, eventId), repo.counts(ctx.db, eventId)]);
  return {
    eventId,
    viewer,
    ...event,
    publicKey: toBase64Url(ctx.tickets.publicKey(auth.tenant.id)),
    seats,
    counts,
  };
}

/** A scan's own time, believed within reason: never in the future, at most a day back. */
function scanTime(now: Date, scannedAt: string | undefined): Date {
  const at = scannedAt ? new Date(scannedAt).getTime() : now.getTime();
  return new Date(Math.min(now.getTime(), Math.max(at, now.getTime() - OFFLINE_MAX_MS)));
}

async function scanOne(ctx: AppContext, auth: AuthInfo, eventId: string, scan: CheckInScan): Promise<CheckInResult> {
  let ref: { goingId: string; seat: number };
  if (scan.code !== undefined) {
    const read = readTicketCode(scan.code);
    if (!read || !ctx.tickets.verify(auth.tenant.id, read.payload, read.signature)) return { outcome: 'forged', seat: null };
    if (read.eventId !== eventId) return { outcome: 'other-event', seat: null };
    ref = read;
  } else {
    ref = { goingId: scan.goingId!, seat: scan.seat! };
  }
  const where = { eventId, goingId: ref.goingId, seat: ref.seat };
  const done = await repo.checkIn(ctx.db, { ...where, tenantId: auth.tenant.id, at: scanTime(ctx.now(), scan.scannedAt), byUserId: auth.userId, device: scan.device });
  if (!done) return { outcome: 'not-going', seat: null };
  if (done.kept) return { outcome: 'checked-in', seat: done.seat };
  // Beaten: read who was first afresh (the statement's own snapshot may predate the scan that won).
  const seat = await repo.seat(ctx.db, where);
  return seat ? { outcome: 'already', seat } : { outcome: 'not-going', seat: null };
}

/** Checks in one scan or a device's queue, in its order; each scan is decided on its own. */
export async function scanTickets(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; scans: CheckInScan[] }): Promise<{ results: CheckInResult[]; counts: CheckInCounts }> {
  const { ctx, auth, eventId } = opts;
  await requireDoor(ctx, auth, eventId);
  const results: CheckInResult[] = [];
  for (const scan of opts.scans) results.push(await scanOne(ctx, auth, eventId, scan));
  const counts = await repo.counts(ctx.db, eventId);
  if (results.some((r) => r.outcome === 'checked-in')) await tellDoor(ctx, auth.tenant.id, eventId, counts);
  return { results, counts };
}

export async function undoCheckIn(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; goingId: string; seat: number }): Promise<CheckInCounts> {
  const { ctx, auth, eventId, goingId, seat } = opts;
  await requireDoor(ctx, auth, eventId);
  if (!(await repo.undo(ctx.db, { eventId, goingId, seat }))) throw notFound(`${seatLabel(seat, 'this person')} is not checked in.`);
  const counts = await repo.counts(ctx.db, eventId);
  await tellDoor(ctx, auth.tenant.id, eventId, counts);
  return counts;
}
