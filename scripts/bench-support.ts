import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ScratchDatabase {
  databaseUrl?: string;
  pgliteDir?: string;
  drop(): Promise<void>;
}

/** A throwaway database for a benchmark: PGlite in a temp dir, or a new database on DATABASE_URL's server. */
export async function scratchDatabase(label: string): Promise<ScratchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `hubbub-${label}-`));
    return { pgliteDir: dir, drop: () => fs.rm(dir, { recursive: true, force: true }) };
  }
  const name = `hubbub_${label.replace(/-/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The p-th percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
