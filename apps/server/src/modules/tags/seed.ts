import type { Db } from '../../db/client.js';
import { CATEGORY_CATALOGUE } from './catalogue.js';
import { countTags, insertTag } from './repository.js';

/** Gives a tenant with no tags the starting catalogue. */
export async function ensureCategories(db: Db, tenantId: string): Promise<void> {
  if ((await countTags(db, tenantId)) > 0) return;
  for (const [category, children] of Object.entries(CATEGORY_CATALOGUE)) {
    const parent = await insertTag(db, { tenantId, name: category, categoryId: null, isCategory: true });
    if (!parent) continue;
    for (const name of children) await insertTag(db, { tenantId, name, categoryId: parent.id, isCategory: false });
  }
}
