import { createScratchDatabase, type ScratchDatabase } from '../apps/server/test/support/scratch-database.js';

export type { ScratchDatabase };

/**
 * A throwaway, migrated database for a benchmark: a new database on the PostgreSQL server
 * DATABASE_URL names, or PGlite in a temporary directory. The tests' scratch helper, with
 * the benchmarks' choice of server.
 */
export function scratchDatabase(label: string): Promise<ScratchDatabase> {
  return createScratchDatabase(label, { server: process.env.DATABASE_URL });
}

/** The p-th percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
