import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../db/fragments.js';
import { tags } from './schema.js';

export type TagRow = { id: string; name: string; categoryId: string | null; isCategory: boolean };
const tagColumns = { id: tags.id, name: tags.name, categoryId: tags.categoryId, isCategory: tags.isCategory };

export async function countTags(db: Db, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tags).where(eq(tags.tenantId, tenantId));
  return row.n;
}

export async function insertTag(db: Db, values: { tenantId: string; name: string; categoryId: string | null; isCategory: boolean }): Promise<TagRow | undefined> {
  const [row] = await db.insert(tags).values(values).onConflictDoNothing().returning(tagColumns);
  return row;
}

export async function listCategories(db: Db, tenantId: string): Promise<TagRow[]> {
  return db.select(tagColumns).from(tags).where(and(eq(tags.tenantId, tenantId), eq(tags.isCategory, true))).orderBy(asc(tags.name));
}

export async function searchTags(db: Db, args: { tenantId: string; text: string; categoryId: string | null; limit: number }): Promise<TagRow[]> {
  const pattern = `%${escapeLike(args.text.toLowerCase())}%`;
  return db
    .select(tagColumns)
    .from(tags)
    .where(
      and(
        eq(tags.tenantId, args.tenantId),
        args.text ? sql`lower(${tags.name}) like ${pattern}` : undefined,
        args.categoryId ? sql`(${tags.categoryId} = ${args.categoryId} or ${tags.id} = ${args.categoryId})` : undefined,
      ),
    )
    .orderBy(sql`lower(${tags.name}) like ${`${escapeLike(args.text.toLowerCase())}%`} desc`, asc(tags.name), asc(tags.id))
    .limit(args.limit);
}

export async function findTags(db: Db, tenantId: string, ids: string[]): Promise<TagRow[]> {
  if (!ids.length) return [];
  return db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), sql`${tags.id} in ${ids}`));
}
