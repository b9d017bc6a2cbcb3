import { randomBytes } from 'node:crypto';
import { ATTRACTIONS_MAX, type Attraction, type AttractionCreateSchema, type AttractionKind, type AttractionList, type AttractionOrderSchema, type AttractionUpdateSchema } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import { normaliseImage } from '../../lib/images.js';
import { eventPartChanged, lockEvent, requireEventRole } from '../events/service.js';
import * as repo from './repository.js';

// The line-up of an event (the spec's Event.attractions): only its host changes it; every change
// is a change of the event (eventPartChanged): its search document carries the attractions' names.

/** A picture is shown at most 480 px wide in the line-up; 960 keeps it sharp on a 2x screen. */
const PICTURE_BOX = { width: 960, height: 960 };

export function toAttraction(row: repo.AttractionRow): Attraction {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    kind: row.kind as AttractionKind,
    description: row.description,
    link: row.link,
    picturePath: row.picturePath,
    setTime: row.setTime?.toISOString() ?? null,
  };
}

/** An event's line-up, in the host's order (for Event.attractions). */
export async function attractionsOf(db: Db, eventId: string): Promise<Attraction[]> {
  return (await repo.listOf(db, eventId)).map(toAttraction);
}

/** Several events' line-ups, by event id. */
export async function attractionsOfEvents(db: Db, eventIds: string[]): Promise<Map<string, Attraction[]>> {
  const byEvent = new Map<string, Attraction[]>();
  for (const row of await repo.listOfEvents(db, eventIds)) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push(toAttraction(row));
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

/** The pictures of an event's line-up, for the caller to remove once the event is deleted. */
export function picturePathsOf(db: Db, eventId: string): Promise<string[]> {
  return repo.picturePathsOf(db, eventId);
}

type Fields = Pick<z.output<typeof AttractionCreateSchema>, 'name' | 'kind' | 'description' | 'link' | 'setTime'>;

/** A set time falls within the event, so the line-up never lists a set after the doors close. */
function valuesOf(input: Fields, event: { startsAt: Date; endsAt: Date }): repo.AttractionValues {
  const setTime = input.setTime ? new Date(input.setTime) : null;
  if (setTime && (setTime < event.startsAt || setTime > event.endsAt)) {
    const message = `setTime must be within the event (${event.startsAt.toISOString()} to ${event.endsAt.toISOString()}).`;
    throw invalid(message, { setTime: [message] });
  }
  return { name: input.name, kind: input.kind, description: input.description, link: input.link, setTime };
}

/** Loads an attraction for a change by the host of its event. */
async function requireOwnAttraction(ctx: AppContext, auth: AuthInfo, id: string) {
  const row = await repo.findAttraction(ctx.db, auth.tenant.id, id);
  if (!row) throw notFound('No attraction has this id.');
  return { row, event: await requireEventRole(ctx, auth, row.eventId, 'co-host') };
}

export async function createAttraction(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof AttractionCreateSchema> }): Promise<Attraction> {
  const { ctx, auth, input } = opts;
  const event = await requireEventRole(ctx, auth, input.eventId, 'co-host');
  const values = valuesOf(input, event);
  const row = await ctx.db.transaction(async (tx) => {
    // The event's row lock serialises additions: two at once cannot pass the limit or share a place.
    if (!(await lockEvent(tx, input.eventId))) throw notFound('No event has this id.');
    const { count, next } = await repo.countAndNext(tx, input.eventId);
    if (count >= ATTRACTIONS_MAX) throw invalid(`An event has at most ${ATTRACTIONS_MAX} attractions; remove one first.`, { eventId: [`At most ${ATTRACTIONS_MAX} attractions.`] });
    const created = await repo.insertAttraction(tx, { ...values, tenantId: auth.tenant.id, eventId: input.eventId, position: next });
    await eventPartChanged({ ctx, db: tx, eventId: input.eventId });
    return created;
  });
  return toAttraction(row);
}

export async function updateAttraction(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof AttractionUpdateSchema> }): Promise<Attraction> {
  const { ctx, auth, input } = opts;
  const { row, event } = await requireOwnAttraction(ctx, auth, input.id);
  const values = valuesOf(input, event);
  const updated = await ctx.db.transaction(async (tx) => {
    const saved = await repo.updateAttraction(tx, input.id, values);
    await eventPartChanged({ ctx, db: tx, eventId: row.eventId });
    return saved;
  });
  if (!updated) throw notFound('No attraction has this id.');
  return toAttraction(updated);
}

export async function reorderAttractions(opts: { ctx: AppContext; auth: AuthInfo; input: z.output<typeof AttractionOrderSchema> }): Promise<AttractionList> {
  const { ctx, auth, input } = opts;
  await requireEventRole(ctx, auth, input.eventId, 'co-host');
  await ctx.db.transaction(async (tx) => {
    if (!(await lockEvent(tx, input.eventId))) throw notFound('No event has this id.');
    const current = new Set((await repo.listOf(tx, input.eventId)).map((a) => a.id));
    const given = new Set(input.attractionIds);
    if (given.size !== input.attractionIds.length || given.size !== current.size || [...given].some((id) => !current.has(id))) {
      const message = 'attractionIds must list every attraction of the event once (the line-up may have changed: reload it).';
      throw invalid(message, { attractionIds: [message] });
    }
    await repo.setOrder(tx, input.eventId, input.attractionIds);
    await eventPartChanged({ ctx, db: tx, eventId: input.eventId });
  });
  return { attractions: await attractionsOf(ctx.db, input.eventId) };
}

export async function deleteAttraction(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<{ ok: true }> {
  const { ctx, auth, id } = opts;
  const { row } = await requireOwnAttraction(ctx, auth, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteAttraction(tx, id);
    await eventPartChanged({ ctx, db: tx, eventId: row.eventId });
  });
  if (row.picturePath) await ctx.files.remove(row.picturePath);
  return { ok: true };
}

export async function setAttractionPicture(opts: { ctx: AppContext; auth: AuthInfo; id: string; data: Buffer }): Promise<Attraction> {
  const { ctx, auth, id } = opts;
  const { row } = await requireOwnAttraction(ctx, auth, id);
  const image = await normaliseImage(opts.data, PICTURE_BOX);
  const path = await ctx.files.put(`attractions/${id}-${randomBytes(6).toString('hex')}.webp`, image);
  const updated = await repo.setPicture(ctx.db, id, path);
  if (row.picturePath) await ctx.files.remove(row.picturePath);
  if (!updated) {
    // Removed meanwhile: the new file has nothing pointing at it.
    await ctx.files.remove(path);
    throw notFound('No attraction has this id.');
  }
  return toAttraction(updated);
}

export async function removeAttractionPicture(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Attraction> {
  const { ctx, auth, id } = opts;
  const { row } = await requireOwnAttraction(ctx, auth, id);
  const updated = await repo.setPicture(ctx.db, id, null);
  if (row.picturePath) await ctx.files.remove(row.picturePath);
  if (!updated) throw notFound('No attraction has this id.');
  return toAttraction(updated);
}
