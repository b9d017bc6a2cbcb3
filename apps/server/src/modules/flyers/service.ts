import { randomBytes } from 'node:crypto';
import { FlyerCreateSchema, FlyerUpdateSchema, parseFlyerContent, type Flyer, type Ok } from '@hubbub/contract';
import type { z } from 'zod';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { invalid, notFound, planLimit } from '../../lib/app-error.js';
import { normaliseImage } from '../../lib/images.js';
import { productOf } from '../account/service.js';
import { appendToFlyerOrder, lockEvent, removeFromFlyerOrder, requireEventRole } from '../events/service.js';
import { findUserById } from '../users/service.js';
import { toFlyer } from './flyer-view.js';
import * as repo from './repository.js';

// What other modules use of flyers: the event page lists them, launches switch them
// on and off (inside the launch's transaction, hence the db argument), the live
// session replays the active ones, and deleting an event removes their image files.
// Functions that take `db` run inside the caller's transaction.
export { toFlyer } from './flyer-view.js';
export type { FlyerRow } from './repository.js';

/** The event's flyers in the host's order. */
export function listFlyersOf(db: Db, eventId: string): Promise<repo.FlyerRow[]> {
  return repo.listFlyersOf(db, eventId);
}

/** The flyers showing in the event's buzz now, in the host's order. */
export function listActiveFlyers(db: Db, eventId: string): Promise<repo.FlyerRow[]> {
  return repo.listActiveFlyers(db, eventId);
}

/** Image files of the event's flyers (deleting the event removes them). */
export function imagePathsOf(db: Db, eventId: string): Promise<string[]> {
  return repo.imagePathsOf(db, eventId);
}

/** A launch starts: its flyers show in the buzz. */
export function activateFlyers(db: Db, timeline: { eventId: string; flyerIds: string[] }): Promise<repo.FlyerRow[]> {
  return repo.activateFlyers(db, timeline);
}

/** A launch ends: its flyers stop, unless another active launch still shows them. */
export function deactivateFlyers(db: Db, timeline: { id: string; eventId: string; flyerIds: string[] }): Promise<repo.FlyerRow[]> {
  return repo.deactivateFlyers(db, timeline);
}

/** At start: shown exactly when an active launch shows it, whatever a crash left behind. */
export function recomputeActiveFlyers(db: Db): Promise<number> {
  return repo.recomputeActiveFlyers(db);
}

type CreateInput = z.output<typeof FlyerCreateSchema>;
type UpdateInput = z.output<typeof FlyerUpdateSchema>;

const IMAGE_BOX = { width: 1600, height: 1600 };

/** Checks contentJson against the versioned schema and stores it without the image path (see toFlyer). */
function storedContent(json: string): string {
  const parsed = parseFlyerContent(json);
  if (!parsed.success) throw invalid(parsed.error, { contentJson: parsed.issues });
  return JSON.stringify({ ...parsed.data, imagePath: null });
}

/** Loads a flyer for a change; only the host of its event (spec 5) and their co-hosts may change it. */
async function requireOwnFlyer(ctx: AppContext, auth: AuthInfo, id: string) {
  const flyer = await repo.findFlyer(ctx.db, auth.tenant.id, id);
  if (!flyer) throw notFound('No flyer has this id.');
  await requireEventRole(ctx, auth, flyer.eventId, 'co-host');
  return flyer;
}

/**
 * Locks the event (flyers are added one change at a time) and checks the host's plan has room
 * for `adding` more flyers on it.
 */
async function makeRoom(tx: Db, args: { ctx: AppContext; tenantId: string; userId: string; eventId: string; adding: number; byCoHost?: boolean }): Promise<void> {
  if (!(await lockEvent(tx, args.eventId))) throw notFound('No event has this id.');
  const user = await findUserById(tx, args.tenantId, args.userId);
  if (!user) throw notFound('The account no longer exists.');
  const product = await productOf(args.ctx, user.plan, tx);
  const count = await repo.countFlyersOf(tx, args.eventId);
  if (count + args.adding > product.flyerCapacity) {
    const limit = `${product.flyerCapacity} flyer${product.flyerCapacity === 1 ? '' : 's'}`;
    throw planLimit('Flyer limit reached', `${args.byCoHost ? "The host's" : 'Your'} ${product.name} plan allows ${limit} per event and this event has ${count}. Delete a flyer or choose a bigger plan.`);
  }
}

export async function createFlyer(opts: { ctx: AppContext; auth: AuthInfo; input: CreateInput }): Promise<Flyer> {
  const { ctx, auth, input } = opts;
  // A co-host's flyer is the host's: it counts against the host's plan and stays when the co-host goes.
  const { userId, role } = await requireEventRole(ctx, auth, input.eventId, 'co-host');
  const contentJson = storedContent(input.contentJson);
  const row = await ctx.db.transaction(async (tx) => {
    await makeRoom(tx, { ctx, tenantId: auth.tenant.id, userId, eventId: input.eventId, adding: 1, byCoHost: role === 'co-host' });
    const inserted = await repo.insertFlyer(tx, { tenantId: auth.tenant.id, eventId: input.eventId, userId, name: input.name, contentType: input.contentType, contentJson });
    await appendToFlyerOrder(tx, input.eventId, inserted.id);
    return inserted;
  });
  return toFlyer(row);
}

/**
 * Copies flyers of one of the host's events to another (a series' dates reusing a launch), in the
 * caller's transaction: each copy is a row and an image file of its own, so changing or deleting
 * one leaves the other as it was. Counts against the plan's flyers per event. Answers the copies'
 * ids in the order of `ids`; the image files it wrote are added to `written`, for the caller to
 * remove should its transaction roll back.
 */
export async function copyFlyers(
  tx: Db,
  args: { ctx: AppContext; tenantId: string; userId: string; fromEventId: string; ids: string[]; toEventId: string; written: string[] },
): Promise<string[]> {
  const { ctx, tenantId, userId, toEventId } = args;
  await makeRoom(tx, { ctx, tenantId, userId, eventId: toEventId, adding: args.ids.length });
  const sources = new Map((await repo.listFlyersOf(tx, args.fromEventId)).map((f) => [f.id, f]));
  const copies: string[] = [];
  for (const id of args.ids) {
    const source = sources.get(id);
    if (!source) throw notFound('A flyer of this launch was deleted.');
    const row = await repo.insertFlyer(tx, { tenantId, eventId: toEventId, userId, name: source.name, contentType: source.contentType, contentJson: source.contentJson });
    const image = source.imagePath ? await ctx.files.get(source.imagePath) : null;
    if (image) {
      const path = await ctx.files.put(`flyers/${row.id}-${randomBytes(6).toString('hex')}.webp`, image);
      args.written.push(path);
      await repo.setImage(tx, row.id, path, ctx.now());
    }
    await appendToFlyerOrder(tx, toEventId, row.id);
    copies.push(row.id);
  }
  return copies;
}

export async function updateFlyer(opts: { ctx: AppContext; auth: AuthInfo; input: UpdateInput }): Promise<Ok> {
  const { ctx, auth, input } = opts;
  const flyer = await requireOwnFlyer(ctx, auth, input.id);
  const contentJson = storedContent(input.contentJson);
  const values = { name: input.name, contentType: input.contentType, contentJson };
  await repo.updateFlyer(ctx.db, input.id, values, ctx.now());
  // A flyer showing in the buzz changes on every watcher's screen at once.
  if (flyer.isActivated) await ctx.realtime.toEvent(auth.tenant.id, flyer.eventId, 'FlyerUpdated', toFlyer({ ...flyer, ...values }));
  return { ok: true };
}

export async function deleteFlyer(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Ok> {
  const { ctx, auth, id } = opts;
  const flyer = await requireOwnFlyer(ctx, auth, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteFlyer(tx, id);
    await removeFromFlyerOrder(tx, flyer.eventId, id);
  });
  if (flyer.imagePath) await ctx.files.remove(flyer.imagePath);
  return { ok: true };
}

export async function setImage(opts: { ctx: AppContext; auth: AuthInfo; id: string; data: Buffer }): Promise<Flyer> {
  const { ctx, auth, id } = opts;
  const flyer = await requireOwnFlyer(ctx, auth, id);
  const image = await normaliseImage(opts.data, IMAGE_BOX);
  const path = await ctx.files.put(`flyers/${id}-${randomBytes(6).toString('hex')}.webp`, image);
  await repo.setImage(ctx.db, id, path, ctx.now());
  if (flyer.imagePath) await ctx.files.remove(flyer.imagePath);
  return toFlyer({ ...flyer, imagePath: path });
}

export async function removeImage(opts: { ctx: AppContext; auth: AuthInfo; id: string }): Promise<Flyer> {
  const { ctx, auth, id } = opts;
  const flyer = await requireOwnFlyer(ctx, auth, id);
  await repo.setImage(ctx.db, id, null, ctx.now());
  if (flyer.imagePath) await ctx.files.remove(flyer.imagePath);
  return toFlyer({ ...flyer, imagePath: null });
}

export async function listEventFlyers(opts: { ctx: AppContext; tenant: TenantRef; eventId: string; viewerId: string | null }): Promise<Flyer[]> {
  const rows = await repo.listVisibleFlyers(opts.ctx.db, { tenantId: opts.tenant.id, eventId: opts.eventId, viewerId: opts.viewerId, now: opts.ctx.now() });
  if (!rows) throw notFound('No event has this id, or it is not published yet.');
  return rows.map(toFlyer);
}

/** Ids among `ids` that are flyers of the event (a launch may show only its own event's flyers). */
export async function flyersOfEvent(opts: { ctx: AppContext; tenantId: string; eventId: string; ids: string[] }): Promise<string[]> {
  return repo.flyersOfEvent(opts.ctx.db, opts);
}
