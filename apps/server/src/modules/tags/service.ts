import type { Tag } from '@hubbub/contract';
import type { AppContext, TenantRef } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

/** Tags of the tenant among `ids` (the events module checks an event's tags with it). */
export function findTags(db: Db, tenantId: string, ids: string[]): Promise<repo.TagRow[]> {
  return repo.findTags(db, tenantId, ids);
}

export function categories(opts: { ctx: AppContext; tenant: TenantRef }): Promise<Tag[]> {
  return repo.listCategories(opts.ctx.db, opts.tenant.id);
}

export function search(opts: { ctx: AppContext; tenant: TenantRef; searchText: string; categoryId?: string | null }): Promise<Tag[]> {
  return repo.searchTags(opts.ctx.db, { tenantId: opts.tenant.id, text: opts.searchText, categoryId: opts.categoryId ?? null, limit: 50 });
}

// Run at start: every tenant begins with the category catalogue.
export { ensureCategories } from './seed.js';
