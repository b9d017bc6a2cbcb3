import { EVENT_TAGS_MAX, type Tag } from '@hubbub/contract';
import type { AppContext, AuthInfo, TenantRef } from '../../app-context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { requireOwnEvent } from '../events/service.js';
import { refreshSearchText } from '../events/repository.js';
import * as repo from './repository.js';

export function categories(opts: { ctx: AppContext; tenant: TenantRef }): Promise<Tag[]> {
  return repo.listCategories(opts.ctx.db, opts.tenant.id);
}

export function search(opts: { ctx: AppContext; tenant: TenantRef; searchText: string; categoryId?: string | null }): Promise<Tag[]> {
  return repo.searchTags(opts.ctx.db, { tenantId: opts.tenant.id, text: opts.searchText, categoryId: opts.categoryId ?? null, limit: 50 });
}

export async function tagEvent(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; tagId: string }) {
  const { ctx, auth } = opts;
  await requireOwnEvent(ctx, auth, opts.eventId);
  const [tag] = await repo.findTags(ctx.db, auth.tenant.id, [opts.tagId]);
  if (!tag) throw notFound('No tag has this id.');
  const current = await repo.eventTagIds(ctx.db, opts.eventId);
  if (!current.includes(opts.tagId) && current.length >= EVENT_TAGS_MAX) {
    throw badRequest(`An event has at most ${EVENT_TAGS_MAX} tags; remove one first.`);
  }
  await repo.addEventTag(ctx.db, opts.eventId, opts.tagId);
  await refreshSearchText(ctx.db, opts.eventId);
  return { ok: true as const };
}

export async function untagEvent(opts: { ctx: AppContext; auth: AuthInfo; eventId: string; tagId: string }) {
  await requireOwnEvent(opts.ctx, opts.auth, opts.eventId);
  const [tag] = await repo.findTags(opts.ctx.db, opts.auth.tenant.id, [opts.tagId]);
  if (!tag) throw notFound('No tag has this id.');
  await repo.removeEventTag(opts.ctx.db, opts.eventId, opts.tagId);
  await refreshSearchText(opts.ctx.db, opts.eventId);
  return { ok: true as const };
}
