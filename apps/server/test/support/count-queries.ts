import type { Db } from '../../src/db/client.js';

type Counted = Record<'query' | 'execProtocol', ((...args: unknown[]) => unknown) | undefined>;

/**
 * How many statements the app sends its database while `work` runs: drizzle's queries and the
 * prepared ones (db/client.ts queryPrepared). node-postgres runs both through the pool's query();
 * PGlite runs drizzle's through query() and a prepared one through execProtocol(), once to parse
 * it (the first time on this database: warm it up before counting) and once per run.
 */
export async function countQueries(db: Db, work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: Counted }).$client;
  const originals = { query: client.query, execProtocol: client.execProtocol };
  let queries = 0;
  for (const name of ['query', 'execProtocol'] as const) {
    const original = originals[name];
    if (!original) continue;
    client[name] = function (this: unknown, ...args: unknown[]) {
      queries++;
      return original.apply(this, args);
    };
  }
  try {
    await work();
  } finally {
    for (const name of ['query', 'execProtocol'] as const) if (originals[name]) client[name] = originals[name];
  }
  return queries;
}
