/**
 * npm run bench:federation — the ActivityPub side under load, against the signing peer (a process
 * of its own on 127.0.0.2, Misskey's signatures), on PGlite and, when DATABASE_URL names a
 * PostgreSQL server, on PostgreSQL. Prints one JSON line per case:
 * - inbox: BENCH_ACTIVITIES (200) signed Follows from as many accounts, 8 in flight: the inbox's
 *   answer (p50/p95, activities a second) and the time until every one is handled (followers stored,
 *   each answered with an Accept the peer received);
 * - take-in: as many Creates of events from an account the site follows: the time until every
 *   event is kept, and events a second;
 * - publish: BENCH_EVENTS (100) new public events, with those followers: from the publisher's round
 *   to the peer holding every Create (one delivery per event to the peer's shared inbox).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { eventsApi, federationApi, type FederationOverview } from '@hubbub/contract';
import { queryRows } from '../apps/server/src/db/client.js';
import { setRoles } from '../apps/server/src/modules/users/service.js';
import { build, type ListeningTestApp } from '../apps/server/test/support/build.js';
import { call, signUp } from '../apps/server/test/support/api.js';
import { ApPeer } from '../apps/server/test/support/ap-peer.js';
import { freePorts } from '../apps/server/test/support/server-process.js';
import { createScratchDatabase } from '../apps/server/test/support/scratch-database.js';
import { percentile } from './bench-support.js';

const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 200);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const IN_FLIGHT = 8;
const AS = 'https://www.w3.org/ns/activitystreams';
const HOUR = 3_600_000;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Runs `work(i)` for i in 0..count-1, `width` at a time. */
async function pool(count: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function until(what: string, done: () => Promise<boolean>, ms = 300_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function bench(label: string, server?: string): Promise<void> {
  const database = await createScratchDatabase(`bench-federation-${label}`, { server });
  const [port, peerPort] = await freePorts(2);
  const peer = await ApPeer.start('127.0.0.2', peerPort!);
  let skew = 0;
  let t: ListeningTestApp | undefined;
  try {
    t = await build({
      database,
      listen: port!,
      // The peer posts from one address: the inbox's per-address budget is raised for the run.
      env: { FEDERATION: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true', PUBLIC_URL: `http://127.0.0.1:${port}`, DEFAULT_PLAN: 'Enterprise', RATE_LIMIT_SCALE: '100' },
      federation: { pollMs: 600_000, settleMs: 1_000, queuePollMs: 50 },
      now: () => new Date(Date.now() + skew),
    });
    const app = t;
    const site = `${app.url}/ap/actors/hubbub`;
    const inbox = `${app.url}/ap/inbox`;
    const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(app.app.ctx.db, query))[0]!.n;

    // Inbox: signed Follows, each from its own account.
    const latencies: number[] = [];
    const started = performance.now();
    await pool(ACTIVITIES, IN_FLIGHT, async (i) => {
      const follow = { '@context': AS, id: peer.newId('follow'), type: 'Follow', actor: peer.accountId(`f${i}`), object: site };
      const sent = performance.now();
      const answer = await peer.send(inbox, follow, { as: `f${i}` });
      latencies.push(performance.now() - sent);
      if (answer.status !== 202) throw new Error(`the inbox answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    });
    const answered = performance.now() - started;
    await until('every follower stored', async () => (await count(sql`select count(*)::int as n from federation_followers`)) === ACTIVITIES);
    const stored = performance.now() - started;
    await until('every Accept received', async () => (await peer.received()).filter((r) => r.activity.type === 'Accept').length >= ACTIVITIES);
    const accepted = performance.now() - started;
    latencies.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        database: label,
        case: 'inbox',
        activities: ACTIVITIES,
        inFlight: IN_FLIGHT,
        p50Ms: round1(percentile(latencies, 50)),
        p95Ms: round1(percentile(latencies, 95)),
        answeredPerSecond: round1(ACTIVITIES / (answered / 1000)),
        allStoredMs: Math.round(stored),
        allAcceptedMs: Math.round(accepted),
      }),
    );

    // Take-in: the site follows the peer's "events" account, which then publishes its events.
    const admin = await signUp(app);
    await setRoles(app.app.ctx.db, admin.id, ['Admin'], new Date());
    const account = peer.accountId('events');
    await call(app.app, 'POST', federationApi.follow.path, { jwt: admin.jwt, body: { target: account } });
    await app.app.ctx.federation.runNow();
    await until('the Follow reaches the peer', async () => (await peer.received()).some((r) => r.activity.type === 'Follow' && r.activity.object === account));
    const asked = (await peer.received()).find((r) => r.activity.type === 'Follow' && r.activity.object === account)!;
    await peer.send(inbox, { '@context': AS, id: peer.newId('accept'), type: 'Accept', actor: account, object: asked.activity.id }, { as: 'events' });
    const overview = async () => (await call(app.app, 'GET', federationApi.overview.path, { jwt: admin.jwt })).json() as FederationOverview;
    await until('the follow accepted', async () => (await overview()).following[0]?.state === 'following');
    const start = Date.now() + 3 * 24 * HOUR;
    const takeStarted = performance.now();
    await pool(ACTIVITIES, IN_FLIGHT, async (i) => {
      const object = {
        id: `${peer.origin}/events/${randomUUID()}`,
        type: 'Event',
        name: `Remote event ${i}`,
        startTime: new Date(start + i * HOUR).toISOString(),
        endTime: new Date(start + i * HOUR + 2 * HOUR).toISOString(),
        location: { type: 'Place', name: `Hall ${i}`, latitude: 41 + (i % 50) / 100, longitude: -96 + (i % 40) / 100 },
        content: `<p>Event number ${i}.</p>`,
      };
      const answer = await peer.send(inbox, { '@context': AS, id: peer.newId('create'), type: 'Create', actor: account, object }, { as: 'events' });
      if (answer.status !== 202) throw new Error(`the inbox answered ${answer.status}`);
    });
    await until('every remote event kept', async () => (await count(sql`select count(*)::int as n from events where origin_id is not null`)) === ACTIVITIES);
    const taken = performance.now() - takeStarted;
    console.log(JSON.stringify({ database: label, case: 'take-in', events: ACTIVITIES, inFlight: IN_FLIGHT, allKeptMs: Math.round(taken), keptPerSecond: round1(ACTIVITIES / (taken / 1000)) }));

    // Publish: new public events, sent in one round to the followers' shared inbox.
    const host = await signUp(app);
    for (let i = 0; i < EVENTS; i++) {
      await call(app.app, 'POST', eventsApi.create.path, {
        jwt: host.jwt,
        body: {
          name: `Local event ${i}`,
          startDate: new Date(start + i * HOUR).toISOString(),
          endDate: new Date(start + i * HOUR + 2 * HOUR).toISOString(),
          timeZone: 'America/Chicago',
          area: { name: 'Omaha', type: 4, latitude: 41.2565, longitude: -95.9345, zoom: 10, city: 'Omaha', state: 'NE', country: 'US' },
        },
      });
    }
    skew += 1_100;
    const creates = async () => (await peer.received()).filter((r) => r.activity.type === 'Create' && r.activity.actor === site).length;
    const publishStarted = performance.now();
    const round = app.app.ctx.federation.runNow();
    await until('every Create received', async () => (await creates()) >= EVENTS);
    const published = performance.now() - publishStarted;
    await round;
    console.log(JSON.stringify({ database: label, case: 'publish', events: EVENTS, followers: ACTIVITIES, allReceivedMs: Math.round(published), perSecond: round1(EVENTS / (published / 1000)) }));
  } finally {
    await t?.close();
    await peer.stop();
    await database.drop();
  }
}

await bench('pglite');
if (process.env.DATABASE_URL) await bench('postgres', process.env.DATABASE_URL);
process.exit(0);
