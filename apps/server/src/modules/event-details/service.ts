import { EventStatus, type EventCreateSchema, type EventUpdateSchema, type HubEvent, type Ok } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { attractionsOf, picturePathsOf } from '../attractions/service.js';
import { chatsOf } from '../chats/service.js';
import * as events from '../events/service.js';
import { imagePathsOf, listFlyersOf, toFlyer } from '../flyers/service.js';
import { listTimelinesOf, stopEventSession, toTimeline } from '../launches/service.js';

// The event as its page shows it: the event with its line-up, flyers and timelines, which
// four modules own. The calls that answer a whole event live here, so the events
// module never needs the flyers or launches modules (they need it).

/** One event with its flyers (in the host's order), timelines and the last chat messages. */
export async function getEvent(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<HubEvent> {
  const event = await events.getEvent(opts);
  const [flyers, timelines] = [await listFlyersOf(opts.ctx.db, event.id), await listTimelinesOf(opts.ctx.db, event.id)];
  const attractions = await attractionsOf(opts.ctx.db, event.id);
  const chats = await chatsOf({ ctx: opts.ctx, eventId: event.id, viewerId: opts.viewerId });
  return { ...event, attractions, flyers: flyers.map(toFlyer), timelines: timelines.map(toTimeline), chats };
}

const asViewedBy = (ctx: AppContext, auth: AuthInfo, id: string) => getEvent({ ctx, tenant: auth.tenant, id, viewerId: auth.userId });

export async function createEvent(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof EventCreateSchema> }): Promise<HubEvent> {
  return asViewedBy(opts.ctx, opts.auth, await events.createEvent(opts));
}

/**
 * A cancel, as the events module runs it (an update with status Canceled, or the cancel call): in
 * its transaction a live session stops (launches canceled, flyers off); once committed every
 * watcher hears that the event is canceled, and its followers and attendees are told by the
 * notification sender (email and web push), woken now rather than at its next poll.
 */
function canceling(ctx: AppContext, auth: AuthInfo, eventId: string) {
  let stopped: (() => Promise<void>) | undefined;
  const beforeCancel: events.BeforeCancel = async (tx, was) => {
    if (was === EventStatus.Started) stopped = await stopEventSession({ ctx, db: tx, tenantId: auth.tenant.id, eventId, message: CANCELED });
  };
  const afterCommit = async (name: string) => {
    await stopped?.();
    await ctx.realtime.toEvent(auth.tenant.id, eventId, 'EventNotification', { eventId, title: 'Event canceled', message: `The host canceled “${name}”.`, level: 'warning' });
    ctx.notifications.wake();
  };
  return { beforeCancel, afterCommit };
}

const CANCELED = 'The host canceled this event.';

export async function updateEvent(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof EventUpdateSchema> }): Promise<HubEvent> {
  const cancel = canceling(opts.ctx, opts.auth, opts.input.id);
  const { canceled } = await events.updateEvent({ ...opts, beforeCancel: cancel.beforeCancel });
  if (canceled) await cancel.afterCommit(opts.input.name);
  return asViewedBy(opts.ctx, opts.auth, opts.input.id);
}

/** The host's Cancel event: as an update with status Canceled, without resending the event. */
export async function cancelEvent(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<HubEvent> {
  const cancel = canceling(opts.ctx, opts.auth, opts.id);
  await events.cancelEvent({ ...opts, beforeCancel: cancel.beforeCancel });
  const event = await asViewedBy(opts.ctx, opts.auth, opts.id);
  await cancel.afterCommit(event.name);
  return event;
}

export async function setThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string; data: Buffer }): Promise<HubEvent> {
  await events.setThumbnail(opts);
  return asViewedBy(opts.ctx, opts.auth, opts.id);
}

export async function removeThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<HubEvent> {
  await events.removeThumbnail(opts);
  return asViewedBy(opts.ctx, opts.auth, opts.id);
}

/** Deletes the event and every file of it: its flyer and attraction rows go by cascade, their pictures are removed here. */
export async function deleteEvent(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Ok> {
  const images = [...(await imagePathsOf(opts.ctx.db, opts.id)), ...(await picturePathsOf(opts.ctx.db, opts.id))];
  await events.deleteEvent(opts);
  for (const image of images) await opts.ctx.files.remove(image);
  return { ok: true };
}
