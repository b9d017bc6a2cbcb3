/**
 * npm run bench:check-in — the door of a busy venue (issue 30): 2,000 people going (BENCH_ATTENDEES),
 * 4 door devices (BENCH_DEVICES) scanning at 10 scans a second in all (BENCH_RATE) for BENCH_SCANS
 * scans, then each device syncing a queue of 500 offline check-ins (BENCH_OFFLINE). Each scan is
 * what the door screen does: the code checked on the device (Ed25519, @noble/ed25519 as in the
 * browser: what puts "valid" on screen), then sent to the server (what confirms it, first scan
 * wins). On PGlite, or the PostgreSQL server DATABASE_URL names. Prints one JSON line per case.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { verifyAsync } from '@noble/ed25519';
import { checkInApi, eventsApi, goingApi, pathOf, readTicketCode, ticketCode, ticketPayload, type CheckInScan, type CheckInScanResults, type HubEvent } from '@hubbub/contract';
import { queryRows } from '../apps/server/src/db/client.js';
import { createScratchDatabase } from '../apps/server/test/support/scratch-database.js';
import { TENANT, build } from '../apps/server/test/support/build.js';
import { call, signUp, usePlan } from '../apps/server/test/support/api.js';
import { percentile } from './bench-support.js';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 2000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 4);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SCANS = Number(process.env.BENCH_SCANS ?? 600);
const OFFLINE = Number(process.env.BENCH_OFFLINE ?? 500);

const round1 = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stats = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { p50ms: round1(percentile(sorted, 50)), p95ms: round1(percentile(sorted, 95)), p99ms: round1(percentile(sorted, 99)), maxMs: round1(sorted.at(-1) ?? 0) };
};

function post(agent: http.Agent, url: string, jwt: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'x-tenant': TENANT, authorization: `Bearer ${jwt}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  const scratch = await createScratchDatabase('bench-check-in', { server: process.env.DATABASE_URL });
  const t = await build({ database: scratch, listen: true, env: { SEED_DEMO: 'false' }, jwtSecret: 'bench-secret-bench-secret-bench-secret-000' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: DEVICES });
  try {
    const host = await signUp(t, { name: 'Bench Host' });
    await usePlan(t, host, 'Enterprise');
    const start = Date.now() + 3_600_000;
    const created = await call(t.app, 'POST', eventsApi.create.path, {
      jwt: host.jwt,
      body: { name: 'Bench door', startDate: new Date(start).toISOString(), endDate: new Date(start + 4 * 3_600_000).toISOString(), timeZone: 'America/Chicago', area: { latitude: 41.88, longitude: -87.63, city: 'Chicago', state: 'IL' } },
    });
    const event = created.json() as HubEvent;
    await call(t.app, 'PUT', pathOf(goingApi.settings, { id: event.id }), { jwt: host.jwt, body: { capacity: null, maxGuests: 0, offerHours: 24 } });
    const tenantId = t.app.ctx.tenants.get(TENANT)!;
    // The people going, written straight in: the going calls have their own benchmark (bench:going).
    const rows = await queryRows<{ id: string }>(t.app.ctx.db, sql`
      with people as (
        insert into users (tenant_id, email, name, password_hash, email_verified_at)
        select ${tenantId}, 'door-' || g || '@bench.local', 'Guest ' || g, 'x', now() from generate_series(1, ${ATTENDEES}::int) g
        returning id)
      insert into going (tenant_id, event_id, user_id, state, guests) select ${tenantId}, ${event.id}, id, 'going', 0 from people returning id`);
    const codes = rows.map(({ id }) => {
      const payload = ticketPayload({ eventId: event.id, goingId: id, seat: 0 });
      return ticketCode(payload, t.app.ctx.tickets.sign(tenantId, payload));
    });
    const publicKey = t.app.ctx.tickets.publicKey(tenantId);
    const url = `${t.url}${pathOf(checkInApi.scan, { id: event.id })}`;
    process.stdout.write(`${JSON.stringify({ setup: true, database: scratch.kind, attendees: ATTENDEES, devices: DEVICES })}\n`);

    // At the door: each device scans every DEVICES-th code at RATE / DEVICES a second.
    const onScreen: number[] = [];
    const confirmed: number[] = [];
    const outcomes = new Map<string, number>();
    const live = codes.slice(0, SCANS);
    const interval = (1000 * DEVICES) / RATE;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: DEVICES }, async (_, device) => {
        const mine = live.filter((_, i) => i % DEVICES === device);
        for (let i = 0; i < mine.length; i++) {
          const due = began + device * (interval / DEVICES) + i * interval;
          await sleep(Math.max(0, due - performance.now()));
          const scanned = performance.now();
          const read = readTicketCode(mine[i]!)!;
          if (!(await verifyAsync(read.signature, read.payload, publicKey)) || read.eventId !== event.id) throw new Error('a good code did not check');
          onScreen.push(performance.now() - scanned);
          const res = await post(agent, url, host.jwt, { scans: [{ code: mine[i]!, device: `Door ${device + 1}` }] satisfies CheckInScan[] });
          if (res.status !== 200) throw new Error(`scan: ${res.status} ${res.body}`);
          const outcome = (JSON.parse(res.body) as CheckInScanResults).results[0]!.outcome;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          confirmed.push(performance.now() - scanned);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    process.stdout.write(
      `${JSON.stringify({ case: 'door', devices: DEVICES, scans: live.length, scansPerSecond: round1(live.length / seconds), validOnScreen: stats(onScreen), confirmedByServer: stats(confirmed), outcomes: Object.fromEntries(outcomes) })}\n`,
    );

    // Back online: one device's queue of OFFLINE check-ins goes up in one call; then every device's at once, the same tickets on each.
    const queued = codes.slice(SCANS, SCANS + OFFLINE);
    const at = new Date().toISOString();
    const syncStarted = performance.now();
    const one = await post(agent, url, host.jwt, { scans: queued.map((code) => ({ code, device: 'Door 1', scannedAt: at })) });
    if (one.status !== 200) throw new Error(`sync: ${one.status} ${one.body}`);
    const oneMs = performance.now() - syncStarted;
    const checkedIn = (JSON.parse(one.body) as CheckInScanResults).results.filter((r) => r.outcome === 'checked-in').length;

    const overlap = codes.slice(SCANS + OFFLINE, SCANS + 2 * OFFLINE);
    const allStarted = performance.now();
    const answers = await Promise.all(
      Array.from({ length: DEVICES }, (_, device) => post(agent, url, host.jwt, { scans: overlap.map((code) => ({ code, device: `Door ${device + 1}`, scannedAt: new Date(Date.now() - device * 1000).toISOString() })) })),
    );
    const allMs = performance.now() - allStarted;
    const kept = answers.map((a) => (JSON.parse(a.body) as CheckInScanResults).results.filter((r) => r.outcome === 'checked-in').length);
    process.stdout.write(
      `${JSON.stringify({ case: 'offline sync', queued: queued.length, oneDeviceMs: Math.round(oneMs), checkedIn, sameQueueOnEveryDevice: { devices: DEVICES, each: overlap.length, wallMs: Math.round(allMs), checkedInAnswers: kept } })}\n`,
    );
  } finally {
    agent.destroy();
    await t.close();
    await scratch.drop();
  }
}

await main();
