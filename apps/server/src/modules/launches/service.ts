import type { LaunchRequestSchema, Timeline } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { conflict, eventHidden, invalid, notFound, notOwner } from '../../lib/app-error.js';
import { eventModeration, requireEventRole, requireVisibleEvent, setStoppedStatus } from '../events/service.js';
import { copyFlyers, deactivateFlyers, flyersOfEvent, toFlyer } from '../flyers/service.js';
import * as repo from './repository.js';
import { toTimeline } from './timeline-view.js';

export { toTimeline } from './timeline-view.js';

/** Who acts for an event's host: a signed-in host, or the scheduler on their behalf (a series' new dates). */
export type HostRef = Pick<AuthInfo, 'userId'> & { tenant: Pick<TenantRef, 'id'> };

/** The event's timelines, newest start first (the event page shows them). */
export function listTimelinesOf(db: Db, eventId: string): Promise<repo.TimelineRow[]> {
  return repo.listTimelinesOf(db, eventId);
}

type LaunchInput = z.output<typeof LaunchRequestSchema>;


/** Puts flyers of one of the host's events on its timeline; the scheduler starts and stops them. */
export async function launch(opts: { ctx: AppContext; auth: AuthInfo; input: LaunchInput }): Promise<Timeline> {
  const { ctx, auth, input } = opts;
  // A co-host's launch is the host's, as their flyers are (flyers/service.ts).
  const { userId } = await requireEventRole(ctx, auth, input.eventId, 'co-host');
  const now = ctx.now();
  const endDate = new Date(input.endDate);
  if (endDate <= now) throw invalid('The end must be in the future.', { endDate: ['The end must be in the future.'] });
  const flyerIds = [...new Set(input.flyerIds)];
  const found = new Set(await flyersOfEvent({ ctx, tenantId: auth.tenant.id, eventId: input.eventId, ids: flyerIds }));
  const foreign = flyerIds.filter((id) => !found.has(id));
  if (foreign.length) throw invalid('Every flyer must belong to this event.', { flyerIds: foreign.map((id) => `${id} is not a flyer of this event.`) });
  const row = await ctx.db.transaction(async (tx) => {
    await lockEventForHost({ db: tx, auth, eventId: input.eventId });
    return repo.insertTimeline(tx, {
      tenantId: auth.tenant.id,
      eventId: input.eventId,
      userId,
      launchDate: input.launchDate ? new Date(input.launchDate) : now,
      startDate: new Date(input.startDate),
      endDate,
      flyerIds,
    });
  });
  ctx.launches.wake();
  return toTimeline(row);
}

/**
 * Copies a launch of one of the host's events to another of theirs (a series' dates), in the
 * caller's transaction: its flyers are copied, and the copy starts and ends `shiftMs` later. A
 * looping launch is the demo's and is not copied. The caller wakes the scheduler after the commit
 * (and removes the image files `written` lists should it roll back).
 */
export async function copyTimeline(
  tx: Db,
  args: { ctx: AppContext; auth: HostRef; timelineId: string; toEventId: string; shiftMs: number; written: string[] },
): Promise<Timeline> {
  const { ctx, auth } = args;
  const timeline = await repo.lockTimeline(tx, { tenantId: auth.tenant.id, id: args.timelineId, viewerId: auth.userId });
  if (!timeline) throw notFound('No launch has this id.');
  // Copies go to a series' dates, which stay their host's (series/service.ts).
  if (timeline.role !== 'host') throw notOwner('Only the host of this event may copy its launches.');
  if (timeline.repeatEverySeconds) throw conflict('A launch that comes back on its own is not copied.');
  if (timeline.state === 'Canceled') throw conflict('A canceled launch is not copied.');
  const shift = (date: Date) => new Date(date.getTime() + args.shiftMs);
  const endDate = shift(timeline.endDate);
  if (endDate <= ctx.now()) throw conflict('The copy would end before now: pick a later date.');
  await lockEventForHost({ db: tx, auth, eventId: args.toEventId });
  const flyerIds = await copyFlyers(tx, { ctx, tenantId: auth.tenant.id, userId: auth.userId, fromEventId: timeline.eventId, ids: timeline.flyerIds, toEventId: args.toEventId, written: args.written });
  const row = await repo.insertTimeline(tx, {
    tenantId: auth.tenant.id,
    eventId: args.toEventId,
    userId: auth.userId,
    launchDate: ctx.now(),
    startDate: shift(timeline.startDate),
    endDate,
    flyerIds,
    announcement: timeline.announcement,
  });
  return toTimeline(row);
}

/** The event a launch of the tenant belongs to, and its start and end; undefined when there is no such launch. */
export async function timelineOf(opts: { ctx: AppContext; tenantId: string; id: string }): Promise<repo.TimelineRow | undefined> {
  return repo.findTimeline(opts.ctx.db, opts.id, opts.tenantId);
}

/**
 * The event, locked in the caller's transaction, for a change its host makes to its live session
 * (a launch here, the hub's session calls): only its host or a co-host, and never while it is hidden. A hide
 * locks the same row, so the two are ordered: either the hide sees the change and stops it, or
 * the change sees the hide and is refused (issue 22: a hidden event kept broadcasting).
 */
export async function lockEventForHost(opts: { db: Db; auth: HostRef; eventId: string }): Promise<{ status: number }> {
  const state = await eventModeration.lockForModeration(opts.db, { tenantId: opts.auth.tenant.id, eventId: opts.eventId, viewerId: opts.auth.userId });
  if (!state) throw notFound('No event has this id.');
  if (state.role !== 'host' && state.role !== 'co-host') throw notOwner('Only the host of this event and its co-hosts may change it.');
  if (state.hiddenBy === 'moderator') throw eventHidden('The moderators hid this event: its live session and launches stay off until they show it again.');
  if (state.hiddenBy) throw eventHidden('This event is hidden while its host is suspended: its live session and launches stay off.');
  return { status: state.status };
}

/**
 * A launch that comes back every `repeatEverySeconds` for ever, announcing itself when it starts:
 * the demo's always-live buzz. Written by the demo seed, not the API; its flyers must be the event's.
 */
export async function launchLoop(opts: {
  ctx: AppContext;
  tenantId: string;
  eventId: string;
  userId: string;
  startDate: Date;
  endDate: Date;
  repeatEverySeconds: number;
  flyerIds: string[];
  announcement: string | null;
}): Promise<Timeline> {
  const { ctx, ...values } = opts;
  if (opts.endDate.getTime() - opts.startDate.getTime() >= opts.repeatEverySeconds * 1000) throw invalid('A looping launch must end before its next round starts.');
  const row = await ctx.db.transaction((tx) => repo.insertTimeline(tx, { ...values, launchDate: ctx.now() }));
  ctx.launches.wake();
  return toTimeline(row);
}

export async function listEventTimelines(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; viewerId: string | null }): Promise<Timeline[]> {
  const { ctx } = opts;
  await requireVisibleEvent({ ctx, tenant: opts.tenant, eventId: opts.eventId, viewerId: opts.viewerId });
  return (await repo.listTimelinesOf(ctx.db, opts.eventId)).map(toTimeline);
}

/**
 * Cancels every launch of an event still to run or running (moderators stopping its live session),
 * in the caller's transaction; answers the flyers taken off the buzz, for the caller to announce once committed.
 */
export async function cancelEventLaunches(db: Db, eventId: string): Promise<HubFlyer[]> {
  const stopped = new Map<string, HubFlyer>();
  for (const timeline of await repo.lockOpenTimelinesOf(db, eventId)) {
    await repo.closeTransitions(db, timeline.id);
    await repo.setTimelineState(db, timeline.id, 'Canceled', ['Scheduled', 'Active']);
    // Flyers shared with a launch canceled later in this loop stay on until that one: the last takes them off.
    if (timeline.state === 'Active') for (const flyer of await deactivateFlyers(db, timeline)) stopped.set(flyer.id, toFlyer(flyer));
  }
  return [...stopped.values()];
}

type HubFlyer = ReturnType<typeof toFlyer>;
type Ending = { ctx: AppContext; db: Db; tenantId: string; message: string };

/**
 * One event's part of an ending, in the caller's transaction: its launches canceled (the flyers on
 * screen go off), and a live session's event back to Created, or Completed once its end has passed.
 */
async function endEvent(opts: { ctx: AppContext; db: Db; eventId: string; live: boolean }): Promise<HubFlyer[]> {
  const flyers = await cancelEventLaunches(opts.db, opts.eventId);
  if (opts.live) await setStoppedStatus({ ctx: opts.ctx, db: opts.db, eventId: opts.eventId });
  return flyers;
}

/**
 * The host stops the live session (the hub's UpdateEventSession Stopped), in the caller's
 * transaction: a stopped buzz shows no flyers, so its launches running or still to run are
 * canceled, and the event is Created again (or Completed once its end has passed: statusAfterStop),
 * never ended early. Answers the flyers taken off the buzz, for the caller to announce once committed.
 */
export function endLiveSession(opts: { ctx: AppContext; db: Db; eventId: string }): Promise<HubFlyer[]> {
  return endEvent({ ...opts, live: true });
}

/** What to run once committed: the flyers on screen go off the buzz (FlyerStopped), then the watchers hear the end. */
function announceEnd(opts: Ending, flyers: HubFlyer[], end: () => Promise<void>): () => Promise<void> {
  return async () => {
    for (const flyer of flyers) await opts.ctx.realtime.toEvent(opts.tenantId, flyer.eventId, 'FlyerStopped', flyer);
    await end();
  };
}

/**
 * Ends an event's live session from outside the hub (moderators stopping or canceling it, its host
 * canceling it): its launches are canceled and the event is Created again, or Completed once its end
 * has passed, in the caller's transaction. Answers what to
 * run once committed: every watcher gets FlyerStopped for the flyers on screen, then EventStopped.
 * The watchers stay in the event's group: the event is still listed and may go live again.
 */
export async function stopEventSession(opts: Ending & { eventId: string }): Promise<() => Promise<void>> {
  const { ctx, tenantId, eventId } = opts;
  const flyers = await endEvent({ ...opts, live: true });
  return announceEnd(opts, flyers, () =>
    ctx.realtime.toEvent(tenantId, eventId, 'EventStopped', { eventId, state: 'Stopped', title: null, message: opts.message, at: ctx.now().toISOString() }),
  );
}

/**
 * Ends the live session of an event going out of sight (a moderator hides it), live or not: its
 * launches are canceled and, if it was live, it is no longer (Completed only once it has ended). Once committed, every watcher gets
 * FlyerStopped and EventStopped and leaves the event's group on every instance: nothing of the
 * event reaches them after, and the host's calls are refused while it is hidden (lockEventForHost).
 */
export async function closeEventSession(opts: Ending & { eventId: string; live: boolean }): Promise<() => Promise<void>> {
  const flyers = await endEvent(opts);
  return announceEnd(opts, flyers, () => opts.ctx.realtime.eventsClosed({ tenantId: opts.tenantId, eventId: opts.eventId, message: opts.message }));
}

/**
 * closeEventSession for every event of a person going out of sight (suspended, or the account
 * deleted): the live ones stop being live (Completed only once ended), every launch still to run or running is canceled, and
 * the watchers of all their events leave those groups, on every instance.
 */
export async function stopSessionsOf(opts: Ending & { userId: string }): Promise<() => Promise<void>> {
  const live = new Set((await eventModeration.liveEventsOf(opts.db, opts)).map((e) => e.id));
  const launched = await repo.eventsWithOpenLaunchesOf(opts.db, opts);
  const flyers: HubFlyer[] = [];
  for (const eventId of new Set([...live, ...launched])) flyers.push(...(await endEvent({ ...opts, eventId, live: live.has(eventId) })));
  return announceEnd(opts, flyers, () => opts.ctx.realtime.eventsClosed({ tenantId: opts.tenantId, hostId: opts.userId, message: opts.message }));
}

/** Cancels a launch; an active one takes its flyers off the buzz now. */
export async function cancelLaunch(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Timeline> {
  const { ctx, auth, id } = opts;
  const result = await ctx.db.transaction(async (tx) => {
    const timeline = await repo.lockTimeline(tx, { tenantId: auth.tenant.id, id, viewerId: auth.userId });
    if (!timeline) throw notFound('No launch has this id.');
    if (timeline.role !== 'host' && timeline.role !== 'co-host') throw notOwner('Only the host of this event and its co-hosts may cancel its launches.');
    if (timeline.state === 'Done' || timeline.state === 'Canceled') throw conflict(`This launch is already ${timeline.state === 'Done' ? 'over' : 'canceled'}.`);
    await repo.closeTransitions(tx, id);
    const updated = (await repo.setTimelineState(tx, id, 'Canceled', ['Scheduled', 'Active']))!;
    const stopped = timeline.state === 'Active' ? await deactivateFlyers(tx, timeline) : [];
    return { updated, stopped };
  });
  for (const flyer of result.stopped) await ctx.realtime.toEvent(auth.tenant.id, flyer.eventId, 'FlyerStopped', toFlyer(flyer));
  return toTimeline(result.updated);
}
