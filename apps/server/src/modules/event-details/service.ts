import type { EventCreateSchema, EventUpdateSchema, HubEvent, Ok } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import * as events from '../events/service.js';
import { imagePathsOf, listFlyersOf, toFlyer } from '../flyers/service.js';
import { listTimelinesOf, toTimeline } from '../launches/service.js';

// The event as its page shows it: the event with its flyers and timelines, which
// three modules own. The calls that answer a whole event live here, so the events
// module never needs the flyers or launches modules (they need it).

/** One event with its flyers (in the host's order) and timelines. */
export async function getEvent(opts: { ctx: AppContext; tenant: TenantRef; id: string; viewerId: string | null }): Promise<HubEvent> {
  const event = await events.getEvent(opts);
  const [flyers, timelines] = [await listFlyersOf(opts.ctx.db, event.id), await listTimelinesOf(opts.ctx.db, event.id)];
  return { ...event, flyers: flyers.map(toFlyer), timelines: timelines.map(toTimeline) };
}

const asViewedBy = (ctx: AppContext, auth: AuthInfo, id: string) => getEvent({ ctx, tenant: auth.tenant, id, viewerId: auth.userId });

export async function createEvent(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof EventCreateSchema> }): Promise<HubEvent> {
  return asViewedBy(opts.ctx, opts.auth, await events.createEvent(opts));
}

export async function updateEvent(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof EventUpdateSchema> }): Promise<HubEvent> {
  await events.updateEvent(opts);
  return asViewedBy(opts.ctx, opts.auth, opts.input.id);
}

export async function setThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string; data: Buffer }): Promise<HubEvent> {
  await events.setThumbnail(opts);
  return asViewedBy(opts.ctx, opts.auth, opts.id);
}

export async function removeThumbnail(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<HubEvent> {
  await events.removeThumbnail(opts);
  return asViewedBy(opts.ctx, opts.auth, opts.id);
}

/** Deletes the event and every file of it: its flyer rows go by cascade, their images are removed here. */
export async function deleteEvent(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Ok> {
  const flyerImages = await imagePathsOf(opts.ctx.db, opts.id);
  await events.deleteEvent(opts);
  for (const image of flyerImages) await opts.ctx.files.remove(image);
  return { ok: true };
}
