import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { series } from './schema.js';

export type SeriesRow = typeof series.$inferSelect;

export async function insertSeries(db: Db, values: { tenantId: string; userId: string; rule: string; timeZone: string; startsAt: Date; datesUntil: Date | null }): Promise<string> {
  const [row] = await db.insert(series).values(values).returning({ id: series.id });
  return row.id;
}

export async function findSeries(db: Db, tenantId: string, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db
    .select()
    .from(series)
    .where(and(eq(series.tenantId, tenantId), eq(series.id, id)))
    .limit(1);
  return row;
}
