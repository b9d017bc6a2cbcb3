import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { sql } from 'drizzle-orm';
import { authApi, pathOf, usersApi, type HubEvent, eventsApi } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/service.js';
import { build, type ListeningTestApp } from './support/build.js';
import { PASSWORD, call, readMail, signUp, usePlan, type TestUser } from './support/api.js';
import { countQueries } from './support/count-queries.js';
import { createHub, type TestHub } from './support/hub-client.js';

// The hub follows sessions and blocks as they change, not only when a client connects (issue 9).

let t: ListeningTestApp;
const open: TestHub[] = [];
const HOUR = 3_600_000;
const start = Math.ceil(Date.now() / HOUR) * HOUR + 2 * 24 * HOUR;
/** Moves the app's clock ahead, past the refresh token grace window. */
let skew = 0;

beforeAll(async () => {
  t = await build({ listen: true, hub: { watcherAnnounceMs: 20 }, now: () => new Date(Date.now() + skew) });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.connection.stop().catch(() => {})));
});
afterAll(() => t.close());

async function createEvent(user: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: `Live ${randomUUID().slice(0, 8)}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * HOUR).toISOString(),
      timeZone: 'UTC',
      area: { latitude: -33, longitude: -145 },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function connected(user: TestUser): Promise<TestHub & { closed: Promise<Error | undefined> }> {
  const hub = createHub({ port: t.port, jwt: user.jwt });
  open.push(hub);
  const closed = new Promise<Error | undefined>((resolve) => hub.connection.onclose(resolve));
  await hub.connection.start();
  return { ...hub, closed };
}

const within = <T>(promise: Promise<T>, ms = 3000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe('a session that ends closes its hub connections at once', () => {
  it('logout: the host can no longer start, stop or re-sound the live session', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const hub = await connected(host);
    expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect((await call(t.app, 'GET', authApi.logout.path, { jwt: host.jwt })).statusCode).toBe(200);
    const error = await within(hub.closed);
    expect(error?.message).toMatch(/session has ended/);
    expect(hub.connection.state).toBe(HubConnectionState.Disconnected);
    // And the same token cannot open a new one.
    await expect(createHub({ port: t.port, jwt: host.jwt }).connection.start()).rejects.toThrow();
    expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }))).json().status).toBe(0);
  });

  it('a refresh token used twice ends its session family, and its connection', async () => {
    const person = await signUp(t);
    const hub = await connected(person);
    expect((await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: person.refreshToken } })).statusCode).toBe(200);
    // Replayed after the grace window: within it, a reload's replay gets the same pair (issue 22).
    skew = REFRESH_REUSE_GRACE_MS;
    const reuse = await call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken: person.refreshToken } }).finally(() => (skew = 0));
    expect(reuse.statusCode).toBe(401);
    await within(hub.closed);
  });

  it('a password reset ends every session of the person, each connection with it', async () => {
    const person = await signUp(t);
    const second = (await call(t.app, 'POST', authApi.login.path, { body: { email: person.email, password: PASSWORD } })).json();
    const [one, two] = [await connected(person), await connected({ ...person, jwt: second.jwt })];
    const bystander = await connected(await signUp(t));
    expect((await call(t.app, 'POST', authApi.forgotPassword.path, { body: { email: person.email } })).statusCode).toBe(200);
    const { code } = await within(
      (async () => {
        for (;;) {
          try {
            return await readMail(t, person.email, 'reset');
          } catch {
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      })(),
    );
    expect((await call(t.app, 'POST', pathOf(authApi.resetPassword, { code }), { body: { password: 'a brand new password 9' } })).statusCode).toBe(200);
    await within(Promise.all([one.closed, two.closed]));
    expect(bystander.connection.state).toBe(HubConnectionState.Connected);
  });

  it('a host action re-checks the session even when no signal arrived (revoked behind the hub\'s back)', async () => {
    const host = await signUp(t);
    const event = await createEvent(host);
    const hub = await connected(host);
    await queryRows(t.app.ctx.db, sql`update sessions set revoked_at = now(), revoked_reason = 'test' where user_id = ${host.id}`);
    await expect(hub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' })).rejects.toThrow(/session has ended/);
    await expect(hub.connection.invoke('UpdateEventSessionSound', event.id, { level: 5 })).rejects.toThrow(/session has ended/);
    expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }))).json().status).toBe(0);
  });
});

describe('a block takes effect in live sessions at once', () => {
  it('the blocked watcher leaves the host\'s sessions, hears no more of them, and cannot re-join', async () => {
    const [host, watcher, other] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const event = await createEvent(host);
    const otherEvent = await createEvent(other);
    const h = await connected(host);
    const w = await connected(watcher);
    expect(await h.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect(await w.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect(await w.connection.invoke('JoinEventSession', otherEvent.id)).toBe(true);
    await h.next('EventWatcherUpdated', (p) => p.watchers === 2);

    expect((await call(t.app, 'POST', pathOf(usersApi.block, { id: watcher.id, flag: 1 }), { jwt: host.jwt })).statusCode).toBe(200);
    expect(await w.next('EventStopped', (p) => p.eventId === event.id)).toMatchObject({ eventId: event.id, state: 'Stopped' });
    await h.next('EventWatcherUpdated', (p) => p.watchers === 1);

    await h.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'Secret set' });
    await h.next('EventStarted');
    await new Promise((r) => setTimeout(r, 200));
    expect(w.received.EventStarted).toEqual([]);
    expect(await w.connection.invoke('JoinEventSession', event.id)).toBe(false);
    // Other hosts' sessions are untouched.
    await t.app.ctx.realtime.toEvent(t.app.ctx.tenants.get('hubbub')!, otherEvent.id, 'EventNotification', { eventId: otherEvent.id, title: 'Still here', message: 'yes', level: 'info' });
    expect(await w.next('EventNotification')).toMatchObject({ eventId: otherEvent.id });
  });
});

describe('public profiles', () => {
  it('count the published events of the person, not every event row', async () => {
    const host = await signUp(t);
    await usePlan(t, host, 'Pro');
    await createEvent(host);
    await createEvent(host);
    const draft = await createEvent(host);
    const later = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
    await queryRows(t.app.ctx.db, sql`update events set publish_on = ${later} where id = ${draft.id}`);
    const viewer = await signUp(t);
    const res = await call(t.app, 'GET', pathOf(usersApi.getPublic, { id: host.id }), { jwt: viewer.jwt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eventCount).toBe(2);
  });
});

describe('joining a live session', () => {
  it('costs at most two database queries (the event as the viewer sees it, then its active flyers)', async () => {
    // An app of its own without the launch scheduler, whose polling would be counted too.
    const quiet = await build({ listen: true, launches: { enabled: false } });
    const hub = createHub({ port: quiet.port, jwt: (await signUp(quiet)).jwt });
    const host = createHub({ port: quiet.port, jwt: (await signUp(quiet)).jwt });
    try {
      const owner = await signUp(quiet);
      const created = await call(quiet.app, 'POST', eventsApi.create.path, {
        jwt: owner.jwt,
        body: { name: 'Counted', startDate: new Date(start).toISOString(), endDate: new Date(start + HOUR).toISOString(), area: { latitude: -33, longitude: -145 } },
      });
      await Promise.all([hub.connection.start(), host.connection.start()]);
      // A first join parses the prepared statement of the view (once per database), which is not what is counted.
      expect(await host.connection.invoke('JoinEventSession', created.json().id)).toBe(true);
      const queries = await countQueries(quiet.app.ctx.db, async () => {
        expect(await hub.connection.invoke('JoinEventSession', created.json().id)).toBe(true);
      });
      expect(queries).toBeGreaterThan(0);
      expect(queries).toBeLessThanOrEqual(2);
    } finally {
      await Promise.all([hub.connection.stop(), host.connection.stop()]);
      await quiet.close();
    }
  });
});
