/**
 * npm run bench:going — 1,000 people (BENCH_PEOPLE) say Going at once, over HTTP, to an event of
 * 100 seats (BENCH_SEATS), at 16 and 64 connections per instance: on PGlite (one instance: it is
 * embedded, one process owns its files) and, when DATABASE_URL names a PostgreSQL server, on
 * PostgreSQL with one instance and with two sharing the database. Prints one JSON line per case:
 * seats confirmed, people waitlisted, whether the places in line run 1..n without a gap or a
 * repeat, p50/p95/p99 latency of the Going calls and the wall time for all of them, and the time
 * from a freed seat (the leave call sent) to the promotion's email in the outbox.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { eventsApi, goingApi, pathOf, type GoingPeople, type HubEvent } from '@hubbub/contract';
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/test/support/scratch-database.js';
import { TENANT, build, type ListeningTestApp } from '../apps/server/test/support/build.js';
import { signUp, usePlan, type TestUser } from '../apps/server/test/support/api.js';
import { percentile } from './bench-support.js';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1000);
const SEATS = Number(process.env.BENCH_SEATS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '16,64').split(',').map(Number);

const round1 = (n: number) => Math.round(n * 10) / 10;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function request(agent: http.Agent, base: string, method: string, path: string, jwt: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method, agent, headers: { 'x-tenant': TENANT, authorization: `Bearer ${jwt}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function everyone(agent: http.Agent, base: string, host: TestUser, eventId: string): Promise<GoingPeople['people']> {
  const all: GoingPeople['people'] = [];
  for (let page = 1; ; page++) {
    const res = await request(agent, base, 'GET', `${pathOf(goingApi.people, { id: eventId })}?pageNumber=${page}`, host.jwt);
    const body = JSON.parse(res.body) as GoingPeople;
    all.push(...body.people);
    if (all.length >= body.totalCount || !body.people.length) return all;
  }
}

async function newEvent(agent: http.Agent, base: string, host: TestUser): Promise<HubEvent> {
  const start = Date.now() + 3 * 86_400_000;
  const res = await request(agent, base, 'POST', eventsApi.create.path, host.jwt, {
    name: `Bench concert ${Math.random().toString(36).slice(2, 8)}`,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 3_600_000).toISOString(),
    timeZone: 'America/Chicago',
    area: { latitude: 41.88, longitude: -87.63, city: 'Chicago', state: 'IL' },
  });
  if (res.status !== 200) throw new Error(`event: ${res.status} ${res.body}`);
  const event = JSON.parse(res.body) as HubEvent;
  await request(agent, base, 'PUT', pathOf(goingApi.settings, { id: event.id }), host.jwt, { capacity: SEATS, maxGuests: 0, offerHours: 24 });
  return event;
}

/** Waits for the first seat-offer email to `email` in any of the outboxes; answers when it was seen. */
async function offerMailed(apps: ListeningTestApp[], email: string, timeoutMs = 30_000): Promise<number> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    for (const t of apps) {
      const files = await fs.readdir(t.outboxDir).catch(() => [] as string[]);
      if (files.some((f) => f.endsWith(`-seat-offered-${email}.eml`))) return performance.now();
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`no seat offer mailed to ${email}`);
}

async function runCase(apps: ListeningTestApp[], host: TestUser, people: TestUser[], connections: number, database: string) {
  const agents = apps.map(() => new http.Agent({ keepAlive: true, maxSockets: connections }));
  const event = await newEvent(agents[0], apps[0].url, host);
  const path = pathOf(goingApi.say, { id: event.id });
  const started = performance.now();
  const answers = await Promise.all(people.map((p, i) => request(agents[i % apps.length], apps[i % apps.length].url, 'PUT', path, p.jwt, {})));
  const wallMs = performance.now() - started;
  const failed = answers.filter((a) => a.status !== 200);
  const list = await everyone(agents[0], apps[0].url, host, event.id);
  const going = list.filter((p) => p.state === 'going');
  const line = list.filter((p) => p.state === 'waitlisted').map((p) => p.place!);
  const gapFree = [...line].sort((a, b) => a - b).every((place, i) => place === i + 1);
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);

  // A seat frees (on the last instance): how long until the first in line has the email.
  const byId = new Map(people.map((p) => [p.id, p]));
  const first = list.filter((p) => p.state === 'waitlisted').sort((a, b) => a.place! - b.place!)[0];
  const leaver = byId.get(going[0].userId)!;
  const last = apps.length - 1;
  const freed = performance.now();
  await request(agents[last], apps[last].url, 'DELETE', pathOf(goingApi.leave, { id: event.id }), leaver.jwt);
  const mailed = await offerMailed(apps, byId.get(first.userId)!.email);
  for (const agent of agents) agent.destroy();
  process.stdout.write(
    `${JSON.stringify({
      database,
      instances: apps.length,
      connectionsPerInstance: connections,
      people: people.length,
      seats: SEATS,
      failed: failed.length,
      confirmed: going.length,
      waitlisted: line.length,
      placesGapFree: gapFree,
      overbooked: going.length > SEATS,
      p50ms: round1(percentile(latencies, 50)),
      p95ms: round1(percentile(latencies, 95)),
      p99ms: round1(percentile(latencies, 99)),
      wallMs: Math.round(wallMs),
      callsPerSecond: Math.round(people.length / (wallMs / 1000)),
      freedSeatToEmailMs: round1(mailed - freed),
    })}\n`,
  );
}

async function crowd(t: ListeningTestApp, n: number): Promise<TestUser[]> {
  const people: TestUser[] = [];
  while (people.length < n) people.push(...(await Promise.all(Array.from({ length: Math.min(25, n - people.length) }, () => signUp(t)))));
  return people;
}

async function onDatabase(scratch: ScratchDatabase, instances: number) {
  const options = { database: scratch, listen: true as const, env: { SEED_DEMO: 'false' }, jwtSecret: 'bench-secret-bench-secret-bench-secret-000' };
  const apps: ListeningTestApp[] = [];
  try {
    for (let i = 0; i < instances; i++) apps.push(await build(options));
    const host = await signUp(apps[0]);
    await usePlan(apps[0], host, 'Enterprise');
    const people = await crowd(apps[0], PEOPLE);
    for (const connections of CONNECTIONS) await runCase(apps, host, people, connections, scratch.kind);
  } finally {
    for (const t of apps) await t.close();
  }
}

async function main() {
  const pglite = await createScratchDatabase('bench-going');
  try {
    await onDatabase(pglite, 1);
  } finally {
    await pglite.drop();
  }
  if (!process.env.DATABASE_URL) {
    process.stdout.write(`${JSON.stringify({ note: 'Set DATABASE_URL to a PostgreSQL server for the PostgreSQL cases (one and two instances).' })}\n`);
    return;
  }
  for (const instances of [1, 2]) {
    const pg = await createScratchDatabase('bench-going', { server: process.env.DATABASE_URL });
    try {
      await onDatabase(pg, instances);
    } finally {
      await pg.drop();
    }
  }
}

await main();
