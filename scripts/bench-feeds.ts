/**
 * npm run bench:feeds — builds calendar feeds of 1,000 events (BENCH_FEED_EVENTS) on a scratch
 * database (PGlite, or the PostgreSQL server named by DATABASE_URL) holding 20,000 other events:
 * a saved search (text and a map box over Chicago) and a host's own events. Prints one JSON line
 * per case: the feed's size, the time to build it in the service, the time to fetch it over HTTP,
 * and a poll that gets 304 Not Modified, each as p50/p95 over BENCH_RUNS runs one after another.
 * Then a digest run: BENCH_CALENDARS (10,000) people each with a saved search around a part of
 * Chicago and daily alerts, 1,000 events made since, and one sender's round over all of them,
 * emails written to the outbox (the same code path as SMTP, without the network).
 */
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { calendarsApi, type Calendar } from '@hubbub/contract';
import { percentile, scratchDatabase } from './bench-support.js';
import { queryRows } from '../apps/server/src/db/client.js';
import { feedOf } from '../apps/server/src/modules/calendars/service.js';
import { TENANT, build, type ListeningTestApp } from '../apps/server/test/support/build.js';
import { call, signUp, usePlan } from '../apps/server/test/support/api.js';

const FEED_EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 1000);
const NOISE_EVENTS = Number(process.env.BENCH_NOISE_EVENTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CALENDARS = Number(process.env.BENCH_CALENDARS ?? 10_000);
let clock = Date.now();

const round1 = (n: number) => Math.round(n * 10) / 10;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50ms: round1(percentile(sorted, 50)), p95ms: round1(percentile(sorted, 95)) };
};

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  await work(); // warm: prepared plans, the VTIMEZONE table
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

let scratchKind = '';

async function main() {
  const scratch = await scratchDatabase('bench-feeds');
  scratchKind = scratch.kind;
  let t: ListeningTestApp | undefined;
  try {
    t = await build({
      database: scratch,
      listen: true,
      env: { SEED_DEMO: 'false' },
      jwtSecret: 'bench-secret-bench-secret-bench-secret-000',
      now: () => new Date(clock),
      notifications: { pollMs: 3_600_000, batch: 100 },
    });
    const db = t.app.ctx.db;
    const tenantId = t.app.ctx.tenants.get(TENANT)!;
    const host = await signUp(t);
    const reader = await signUp(t);
    await usePlan(t, reader, 'Enterprise');
    const started = Date.now();
    const insert = (count: number, owner: string, name: string, lat: string, lng: string) =>
      queryRows(db, sql`
        insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, venue, area, lat, lng, slug, content_json)
        select ${tenantId}, ${owner}, ${name} || ' ' || g, s, s + interval '3 hours', 'America/Chicago', 'Hall ' || g,
          jsonb_build_object('city', 'Chicago', 'state', 'IL', 'latitude', la, 'longitude', lo), la, lo, 'bench-' || ${name} || '-' || g,
          'An evening of music, number ' || g || '.'
        from (select g, now() + (g % 60) * interval '1 day' + (g % 24) * interval '1 hour' as s, ${sql.raw(lat)} as la, ${sql.raw(lng)} as lo
              from generate_series(1, ${count}::int) g) x`);
    await insert(FEED_EVENTS, host.id, 'zydeco', '41.7 + random() * 0.4', '-87.9 + random() * 0.4');
    await insert(NOISE_EVENTS, reader.id, 'other', '25 + random() * 24', '-124 + random() * 57');
    await queryRows(db, sql`update events set search_text = to_tsvector('simple', name) where search_text is null`);
    await queryRows(db, sql`vacuum analyze events`);
    process.stdout.write(`${JSON.stringify({ setup: true, database: scratch.kind, feedEvents: FEED_EVENTS, otherEvents: NOISE_EVENTS, loadSeconds: +((Date.now() - started) / 1000).toFixed(1) })}\n`);

    const cases = [
      { name: 'saved search (text + Chicago box, 90 days)', user: reader, body: { name: 'Zydeco', kind: 'search', query: { searchText: 'zydeco', box: { minLatitude: 41.5, maxLatitude: 42.3, minLongitude: -88.2, maxLongitude: -87.3 }, days: 90 } } },
      { name: "a host's own events", user: host, body: { name: 'Mine', kind: 'mine' } },
    ];
    for (const c of cases) {
      if (c.user === host) await usePlan(t, host, 'Enterprise');
      const calendar = (await call(t.app, 'POST', calendarsApi.create.path, { jwt: c.user.jwt, body: c.body })).json() as Calendar;
      const token = new URL(calendar.feedUrl).pathname.replace(/^\/feeds\/|\.ics$/g, '');
      const feed = (await feedOf({ ctx: t.app.ctx, token }))!;
      if (feed.body === undefined) throw new Error('a first read builds the feed');
      const body = feed.body;
      const events = body.split('BEGIN:VEVENT').length - 1;
      const build = await timed(() => feedOf({ ctx: t!.app.ctx, token }));
      const url = `${t.url}${new URL(calendar.feedUrl).pathname}`;
      const fetchFull = await timed(async () => (await fetch(url)).text());
      const fetch304 = await timed(async () => {
        const res = await fetch(url, { headers: { 'if-none-match': feed.etag } });
        if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`);
      });
      process.stdout.write(
        `${JSON.stringify({ case: c.name, database: scratch.kind, events, kilobytes: round1(Buffer.byteLength(body) / 1024), runs: RUNS, build: stats(build), http200: stats(fetchFull), http304: stats(fetch304) })}\n`,
      );
    }
    await digestRun(t, tenantId, host.id);
  } finally {
    await t?.close();
    await scratch.drop();
  }
}

/** One sender's round over CALENDARS daily digests, each finding the events new in its part of Chicago. */
async function digestRun(t: ListeningTestApp, tenantId: string, hostId: string) {
  const db = t.app.ctx.db;
  const started = Date.now();
  await queryRows(db, sql`insert into users (tenant_id, email, name, password_hash, email_verified_at)
    select ${tenantId}, 'bench-reader-' || g || '@hubbub.local', 'Reader ' || g, 'x', now() from generate_series(1, ${CALENDARS}::int) g`);
  const since = new Date(clock);
  await queryRows(db, sql`insert into calendars (tenant_id, user_id, name, kind, query, feed_token, alert, next_alert_at, alerts_since)
    select ${tenantId}, u.id, 'Near me', 'search',
      jsonb_build_object('searchText', null, 'areaText', null, 'categoryId', null, 'days', 30,
        'box', jsonb_build_object('minLatitude', la - 0.05, 'maxLatitude', la + 0.05, 'minLongitude', lo - 0.05, 'maxLongitude', lo + 0.05)),
      md5(random()::text) || md5(u.id::text), 'daily', ${new Date(clock + 86_400_000)}, ${since}
    from (select id, 41.7 + random() * 0.4 as la, -87.9 + random() * 0.4 as lo from users where email like 'bench-reader-%') u`);
  await new Promise((r) => setTimeout(r, 10));
  await queryRows(db, sql`
    insert into events (tenant_id, user_id, name, starts_at, ends_at, time_zone, area, lat, lng, slug)
    select ${tenantId}, ${hostId}, 'new ' || g, now() + interval '2 days' + (g % 20) * interval '1 day', now() + interval '2 days 3 hours' + (g % 20) * interval '1 day',
      'America/Chicago', jsonb_build_object('city', 'Chicago'), la, lo, 'bench-new-' || g
    from (select g, 41.7 + random() * 0.4 as la, -87.9 + random() * 0.4 as lo from generate_series(1, 1000) g) x`);
  await queryRows(db, sql`vacuum analyze`);
  const loadSeconds = (Date.now() - started) / 1000;
  clock += 86_400_000 + 60_000;
  const outbox = t.outboxDir;
  const before = (await fs.readdir(outbox).catch(() => [] as string[])).length;
  const run = Date.now();
  await t.app.ctx.notifications!.runNow();
  const seconds = (Date.now() - run) / 1000;
  const emails = (await fs.readdir(outbox).catch(() => [] as string[])).length - before;
  const [jobs] = await queryRows<{ done: number; open: number }>(db, sql`select count(*) filter (where done_at is not null)::int as done, count(*) filter (where done_at is null)::int as open from jobs`);
  process.stdout.write(
    `${JSON.stringify({ case: `digest run over ${CALENDARS} calendars`, database: scratchKind, loadSeconds: round1(loadSeconds), newEvents: 1000, jobsDone: jobs.done, jobsOpen: jobs.open, emails, seconds: round1(seconds), msPerDigest: round1((seconds * 1000) / CALENDARS), digestsPerSecond: Math.round(CALENDARS / seconds) })}\n`,
  );
}

await main();
