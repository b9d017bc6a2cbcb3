import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authApi, eventsApi, pathOf, usersApi, type HubEvent } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { build, TENANT, type ListeningTestApp, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { countQueries } from './support/count-queries.js';
import { createHub, upgradeStatus, type TestHub } from './support/hub-client.js';
import { REDIS_URL, needsRedis } from './support/redis.js';

// A crowd at the door of a live event (issue 31): the connections and joins that arrive together
// share their database reads (modules/hub/batched-read.ts), and nothing of a session or a block is
// remembered from one read to the next, so a revoked session or a block is refused at once.

const HOUR = 3_600_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 3 * 24 * HOUR;
const CROWD = 12;

async function createEvent(t: TestApp, user: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: `Door ${randomUUID().slice(0, 8)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * HOUR).toISOString(),
      timeZone: 'UTC',
      area: { latitude: -31, longitude: -147 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const query = (token: string) => `tenant=${TENANT}&access_token=${encodeURIComponent(token)}`;

describe('a crowd at the door, on one instance', () => {
  let t: ListeningTestApp;
  const open: TestHub[] = [];

  async function connected(port: number, user: TestUser): Promise<TestHub> {
    const hub = createHub({ port, jwt: user.jwt, skipNegotiation: true });
    open.push(hub);
    await hub.connection.start();
    return hub;
  }

  beforeAll(async () => {
    t = await build({ listen: true, launches: { enabled: false }, hub: { watcherAnnounceMs: 20 } });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((h) => h.connection.stop().catch(() => {})));
  });
  afterAll(() => t.close());

  it('connects and joins together in fewer reads than one per watcher, each answered as if alone', async () => {
    const host = await signUp(t);
    const event = await createEvent(t, host);
    const people = await Promise.all(Array.from({ length: CROWD }, () => signUp(t)));
    const [blocked, ...welcome] = people;
    expect((await call(t.app, 'POST', pathOf(usersApi.block, { id: blocked.id, flag: 1 }), { jwt: host.jwt })).statusCode).toBe(200);
    // The prepared statements are parsed once per database, before the counting.
    const first = await connected(t.port, host);
    expect(await first.connection.invoke('JoinEventSession', event.id)).toBe(true);

    const hubs = await Promise.all(people.map((p) => connected(t.port, p)));
    let answers: boolean[] = [];
    const queries = await countQueries(t.app.ctx.db, async () => {
      answers = await Promise.all(hubs.map((h) => h.connection.invoke('JoinEventSession', event.id) as Promise<boolean>));
    });
    // The host blocked the first of them: refused, in the middle of everyone else's read.
    expect(answers).toEqual([false, ...welcome.map(() => true)]);
    // Two reads a join alone (the view, what is on stage); fewer together.
    expect(queries).toBeLessThan(2 * CROWD);
    await first.next('EventWatcherUpdated', (p) => p.watchers === CROWD);
  });

  it('refuses a session ended a moment after the crowd connected with it: logged out, or revoked behind the hub\'s back', async () => {
    const [leaving, revoked, staying] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    // A crowd's worth of connections read those sessions live just now.
    await Promise.all([leaving, revoked, staying, leaving, revoked].map((p) => connected(t.port, p)));
    expect((await call(t.app, 'GET', authApi.logout.path, { jwt: leaving.jwt })).statusCode).toBe(200);
    await queryRows(t.app.ctx.db, sql`update sessions set revoked_at = now(), revoked_reason = 'test' where user_id = ${revoked.id}`);
    // At once, no waiting: each new connection reads its session again.
    const statuses = await Promise.all([leaving, revoked, staying].map((p) => upgradeStatus({ port: t.port, query: query(p.jwt) })));
    expect(statuses).toEqual([401, 401, 101]);
  });

  it('refuses a join at once after a block, though the event was just read for a crowd', async () => {
    const host = await signUp(t);
    const event = await createEvent(t, host);
    const people = await Promise.all(Array.from({ length: 4 }, () => signUp(t)));
    const hubs = await Promise.all(people.map((p) => connected(t.port, p)));
    expect(await Promise.all(hubs.map((h) => h.connection.invoke('JoinEventSession', event.id)))).toEqual([true, true, true, true]);
    const [target] = people;
    expect((await call(t.app, 'POST', pathOf(usersApi.block, { id: target.id, flag: 1 }), { jwt: host.jwt })).statusCode).toBe(200);
    const again = await connected(t.port, target);
    expect(await again.connection.invoke('JoinEventSession', event.id)).toBe(false);
  });
});

// Two instances need one database holding the sessions: PostgreSQL. Each PGlite instance is its own in-memory database.
const sharedDatabase = Boolean(inject('databaseUrl'));

describe.skipIf(!sharedDatabase || !REDIS_URL)(needsRedis('a crowd at the door, on two instances sharing Redis (PostgreSQL only)'), () => {
  let a: ListeningTestApp;
  let b: ListeningTestApp;
  const open: TestHub[] = [];

  beforeAll(async () => {
    a = await build({ env: { REDIS_URL }, listen: true });
    b = await build({ env: { REDIS_URL }, listen: true });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((h) => h.connection.stop().catch(() => {})));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a session ended on instance A is refused on instance B at once, after B read it live for a crowd', async () => {
    const host = await signUp(a);
    const event = await createEvent(a, host);
    const people = await Promise.all(Array.from({ length: 6 }, () => signUp(a)));
    const [leaving, revoked] = people;
    const hubs = people.map((p) => createHub({ port: b.port, jwt: p.jwt, skipNegotiation: true }));
    open.push(...hubs);
    await Promise.all(hubs.map((h) => h.connection.start()));
    expect(await Promise.all(hubs.map((h) => h.connection.invoke('JoinEventSession', event.id)))).toEqual(people.map(() => true));
    const closed = new Promise<Error | undefined>((resolve) => hubs[0].connection.onclose(resolve));

    expect((await call(a.app, 'GET', authApi.logout.path, { jwt: leaving.jwt })).statusCode).toBe(200);
    await queryRows(a.app.ctx.db, sql`update sessions set revoked_at = now(), revoked_reason = 'test' where user_id = ${revoked.id}`);
    // No waiting for the signal to cross Redis: B reads each session again for a new connection.
    expect(await upgradeStatus({ port: b.port, query: query(leaving.jwt) })).toBe(401);
    expect(await upgradeStatus({ port: b.port, query: query(revoked.jwt) })).toBe(401);
    expect(await upgradeStatus({ port: b.port, query: query(people[2].jwt) })).toBe(101);
    // And the logged-out session's open connection on B is closed by the signal.
    expect((await closed)?.message).toMatch(/session has ended/);
  });
});
