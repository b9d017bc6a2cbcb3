/**
 * npm run bench:documents — loads 100,000 project documents (100 authors × 1,000, the most an
 * account may hold; about 150 words each from a 2,000-word vocabulary) into a scratch database
 * (PGlite, or the PostgreSQL server named by DATABASE_URL), then drives projectDocument/search/
 * over HTTP with autocannon at 16 connections, as one author, per case. Prints one JSON line per case.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { DOCUMENTS_PER_ACCOUNT_MAX, projectDocumentApi } from '@hubbub/contract';
import { percentile, scratchDatabase } from './bench-support.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { TENANT, build, type ListeningTestApp } from '../apps/server/test/support/build.js';
import { signUp } from '../apps/server/test/support/api.js';

const AUTHORS = Number(process.env.BENCH_AUTHORS ?? 100);
const PER_AUTHOR = Math.min(DOCUMENTS_PER_ACCOUNT_MAX, Number(process.env.BENCH_PER_AUTHOR ?? DOCUMENTS_PER_ACCOUNT_MAX));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const VOCABULARY = 2_000;

/** Words w1 … w2000, used with a skew (low numbers often, high ones rarely), as words are. */
const CASES = [
  { name: 'list (no text, newest first)', body: {} },
  { name: 'common word', body: { searchText: 'w3', orderBy: 'Relevance' } },
  { name: 'rare word', body: { searchText: 'w1900', orderBy: 'Relevance' } },
  { name: 'two words', body: { searchText: 'w10 w200', orderBy: 'Relevance' } },
  { name: 'phrase, newest first', body: { searchText: '"w5 w6"' } },
];

function runLoad(options: Record<string, unknown>): Promise<{ latencies: number[]; non2xx: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-load.mjs', import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const scratch = await scratchDatabase('bench-documents');
  let t: ListeningTestApp | undefined;
  try {
    t = await build({ database: scratch, listen: true, env: { SEED_DEMO: 'false' }, jwtSecret: 'bench-secret-bench-secret-bench-secret-000' });
    const db = t.app.ctx.db;
    const tenantId = t.app.ctx.tenants.get(TENANT)!;
    const reader = await signUp(t);
    const started = Date.now();
    await queryRows(db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at)
      select ${tenantId}, 'bench-author-' || a || '@hubbub.local', 'Author ' || a, 'x', now() from generate_series(2, ${AUTHORS}::int) a`);
    const authors = [reader.id, ...(await queryRows<{ id: string }>(db, sql`select id from users where email like 'bench-author-%'`)).map((r) => r.id)];
    for (const author of authors) {
      await queryRows(db, sql`
        insert into project_documents (tenant_id, user_id, title, content_type, content_json, plain_text, updated_at)
        select ${tenantId}, ${author}, 'Document ' || g || ' w' || (1 + floor(random() * random() * ${VOCABULARY}))::int, 'application/vnd.hubbub.document+json; version=1',
          jsonb_build_object('type', 'doc', 'content', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', body)))))::text,
          body, now() - random() * interval '365 days'
        from (select g, (select string_agg('w' || (1 + floor(random() * random() * ${VOCABULARY}))::int, ' ') from generate_series(1, 150) w where g > 0) as body
              from generate_series(1, ${PER_AUTHOR}::int) g) x`);
    }
    await queryRows(db, sql`vacuum analyze project_documents`);
    // The load's own aftermath (a checkpoint writing it out) otherwise lands on the first case.
    if (scratch.kind === 'postgres') await queryRows(db, sql`checkpoint`);
    const url = `${t.url}${projectDocumentApi.search.path}`;
    const headers = { 'content-type': 'application/json', 'x-tenant': TENANT, authorization: `Bearer ${reader.jwt}` };
    process.stdout.write(`${JSON.stringify({ setup: true, database: scratch.kind, documents: authors.length * PER_AUTHOR, perAuthor: PER_AUTHOR, loadSeconds: +((Date.now() - started) / 1000).toFixed(1) })}\n`);
    for (const c of CASES) {
      const probe = (await (await fetch(url, { method: 'POST', headers, body: JSON.stringify(c.body) })).json()) as { totalCount: number };
      const load = await runLoad({ url, method: 'POST', connections: CONNECTIONS, duration: DURATION, headers, body: JSON.stringify(c.body) });
      const latencies = load.latencies.sort((a, b) => a - b);
      process.stdout.write(
        `${JSON.stringify({
          case: c.name,
          database: scratch.kind,
          matches: probe.totalCount,
          connections: CONNECTIONS,
          requestsPerSecond: Math.round(latencies.length / DURATION),
          p50ms: round1(percentile(latencies, 50)),
          p95ms: round1(percentile(latencies, 95)),
          p99ms: round1(percentile(latencies, 99)),
          non2xx: load.non2xx,
          errors: load.errors,
        })}\n`,
      );
    }
  } finally {
    await t?.close();
    // BENCH_KEEP=1 leaves the scratch database for EXPLAIN sessions.
    if (process.env.BENCH_KEEP) process.stdout.write(`${JSON.stringify({ keptDatabase: scratch.kind === 'postgres' ? scratch.databaseUrl : 'pglite' })}\n`);
    else await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
