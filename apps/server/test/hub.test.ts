import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { HubConnectionState } from '@microsoft/signalr';
import { EventSchema, pathOf, usersApi, type HubEvent, eventsApi } from '@hubbub/contract';
import { JWT_SECRET, OTHER_TENANT, TENANT, build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { RS, createHub, openRaw, upgradeStatus, type TestHub } from './support/hub-client.js';
import { createScratchDatabase } from './support/scratch-database.js';

const HOUR = 3_600_000;
const T0 = Math.ceil(Date.now() / HOUR) * HOUR + 5 * 86_400_000;
const UNKNOWN_ID = '7d3f5c1e-0000-4000-8000-0000000000e1';

async function createEvent(t: TestApp, user: TestUser): Promise<HubEvent> {
  const res = await call(t.app, 'POST', eventsApi.create.path, {
    jwt: user.jwt,
    body: {
      name: `Buzz night ${Math.random().toString(36).slice(2, 8)}`,
      startDate: new Date(T0).toISOString(),
      endDate: new Date(T0 + 3 * HOUR).toISOString(),
      timeZone: 'Pacific/Tahiti',
      venue: 'Harbour Hall',
      area: { name: 'Harbour', type: 4, latitude: -30, longitude: -140, city: 'Papeete', state: 'PF', country: 'PF' },
    },
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return EventSchema.parse(res.json());
}

const negotiate = (port: number, query: string, jwt?: string) =>
  fetch(`http://127.0.0.1:${port}/Engine/hub/negotiate?${query}`, { method: 'POST', headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });

/** A token for the same user and session that expired a minute ago. */
async function expiredToken(jwt: string): Promise<string> {
  const claims = decodeJwt(jwt);
  return new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(JWT_SECRET));
}

describe('hub on default timings', () => {
  let t: TestApp & { port: number };
  let host: TestUser;
  let watcher: TestUser;
  let other: TestUser;
  let blocker: TestUser;
  let stranger: TestUser;
  let event: HubEvent;
  let blockedEvent: HubEvent;
  const open: TestHub[] = [];

  async function started(user: TestUser, opts: { skipNegotiation?: boolean } = {}): Promise<TestHub> {
    const hub = createHub({ port: t.port, jwt: user.jwt, ...opts });
    open.push(hub);
    await hub.connection.start();
    return hub;
  }

  beforeAll(async () => {
    t = await build({ listen: true });
    [host, watcher, other, blocker] = await Promise.all([signUp(t), signUp(t), signUp(t), signUp(t)]);
    stranger = await signUp(t, { tenant: OTHER_TENANT });
    event = await createEvent(t, host);
    blockedEvent = await createEvent(t, blocker);
    const block = await call(t.app, 'POST', pathOf(usersApi.block, { id: watcher.id, flag: 1 }), { jwt: blocker.jwt });
    expect(block.statusCode, block.body).toBeLessThan(300);
  });
  afterAll(async () => {
    await Promise.all(open.map((h) => h.connection.stop()));
    await t?.close();
  });

  it('negotiates version 1 with a signed token, WebSockets and Text only', async () => {
    const res = await negotiate(t.port, `tenant=${TENANT}&negotiateVersion=1`, host.jwt);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ negotiateVersion: 1, connectionId: expect.any(String), connectionToken: expect.any(String) });
    expect(body.availableTransports).toEqual([{ transport: 'WebSockets', transferFormats: ['Text'] }]);
    expect(body).not.toHaveProperty('useStatefulReconnect');
    expect(body.connectionToken).not.toBe(body.connectionId);
  });

  it('negotiates version 0, whose connectionId opens the WebSocket; access_token in the query works too', async () => {
    const res = await negotiate(t.port, `tenant=${TENANT}&access_token=${encodeURIComponent(host.jwt)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { negotiateVersion: number; connectionId: string; connectionToken?: string };
    expect(body.negotiateVersion).toBe(0);
    expect(body.connectionToken).toBeUndefined();
    const raw = await openRaw({ port: t.port, query: `tenant=${TENANT}&id=${encodeURIComponent(body.connectionId)}&access_token=${encodeURIComponent(host.jwt)}` });
    raw.send({ protocol: 'json', version: 1 });
    expect(await raw.next(() => true)).toEqual({});
    // The same token cannot open a second socket while the first is open.
    expect(await upgradeStatus({ port: t.port, query: `tenant=${TENANT}&id=${encodeURIComponent(body.connectionId)}`, jwt: host.jwt })).toBe(409);
    raw.socket.close();
    await raw.closed;
  });

  it('refuses negotiate without a valid token for the tenant, or without a known tenant', async () => {
    const statuses = await Promise.all([
      negotiate(t.port, `tenant=${TENANT}&negotiateVersion=1`),
      negotiate(t.port, `tenant=${TENANT}&negotiateVersion=1`, 'not-a-jwt'),
      negotiate(t.port, `tenant=${TENANT}&negotiateVersion=1`, await expiredToken(host.jwt)),
      negotiate(t.port, `tenant=${TENANT}&negotiateVersion=1`, stranger.jwt),
      negotiate(t.port, `negotiateVersion=1`, host.jwt),
      negotiate(t.port, `tenant=nowhere&negotiateVersion=1`, host.jwt),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([401, 401, 401, 401, 400, 400]);
  });

  it('refuses the upgrade without a valid token, tenant or connection token', async () => {
    const q = `tenant=${TENANT}`;
    expect(await upgradeStatus({ port: t.port, query: q })).toBe(401);
    expect(await upgradeStatus({ port: t.port, query: q, jwt: 'not-a-jwt' })).toBe(401);
    expect(await upgradeStatus({ port: t.port, query: q, jwt: await expiredToken(host.jwt) })).toBe(401);
    expect(await upgradeStatus({ port: t.port, query: q, jwt: stranger.jwt })).toBe(401);
    expect(await upgradeStatus({ port: t.port, query: '', jwt: host.jwt })).toBe(400);
    expect(await upgradeStatus({ port: t.port, query: 'tenant=nowhere', jwt: host.jwt })).toBe(400);
    expect(await upgradeStatus({ port: t.port, query: `${q}&id=forged.token`, jwt: host.jwt })).toBe(404);
    // A connection token is bound to the user it was negotiated for.
    const neg = (await (await negotiate(t.port, `${q}&negotiateVersion=1`, host.jwt)).json()) as { connectionToken: string };
    expect(await upgradeStatus({ port: t.port, query: `${q}&id=${encodeURIComponent(neg.connectionToken)}`, jwt: watcher.jwt })).toBe(404);
  });

  it('the official client fails to start with a bad token, with and without negotiation', async () => {
    for (const skipNegotiation of [false, true]) {
      const hub = createHub({ port: t.port, jwt: 'not-a-jwt', skipNegotiation });
      await expect(hub.connection.start()).rejects.toThrow();
      expect(hub.connection.state).toBe(HubConnectionState.Disconnected);
    }
  });

  it('the official client connects with negotiation and with skipNegotiation, and joins a visible event', async () => {
    const negotiated = await started(watcher);
    const skipped = await started(other, { skipNegotiation: true });
    expect(negotiated.connection.state).toBe(HubConnectionState.Connected);
    expect(skipped.connection.state).toBe(HubConnectionState.Connected);
    expect(await negotiated.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect(await skipped.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await negotiated.connection.invoke('LeaveEventSession', event.id);
    await skipped.connection.invoke('LeaveEventSession', event.id);
  });

  it('JoinEventSession is false for an unknown event and for an event whose owner blocked the user', async () => {
    const hub = await started(watcher);
    expect(await hub.connection.invoke('JoinEventSession', UNKNOWN_ID)).toBe(false);
    expect(await hub.connection.invoke('JoinEventSession', blockedEvent.id)).toBe(false);
    const unblocked = await started(other);
    expect(await unblocked.connection.invoke('JoinEventSession', blockedEvent.id)).toBe(true);
  });

  it('invocation errors come back as completion errors', async () => {
    const hub = await started(watcher);
    await expect(hub.connection.invoke('JoinEventSession', 'not-an-id')).rejects.toThrow(/HubException: validation: Invalid arguments.*valid id/);
    await expect(hub.connection.invoke('JoinEventSession')).rejects.toThrow(/HubException: Invocation provides 0 argument\(s\) but target expects 1/);
    await expect(hub.connection.invoke('UpdateEventSessionSound', event.id, { level: 101 })).rejects.toThrow(/Level is 0 to 100/);
    await expect(hub.connection.invoke('NoSuchMethod')).rejects.toThrow(/Unknown hub method 'NoSuchMethod'/);
    await expect(hub.connection.invoke('UpdateEventSession', event.id, { state: 'Started' })).rejects.toThrow(/Only the host of this event/);
    // The connection survives its errors.
    expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await hub.connection.invoke('LeaveEventSession', event.id);
  });

  it('the host starts, updates and stops the session and sets the sound; every watcher receives it', async () => {
    const owner = await started(host);
    const a = await started(watcher);
    const b = await started(other, { skipNegotiation: true });
    for (const hub of [a, b]) expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await owner.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'Doors open' });
    // PascalCase from the client is accepted as well.
    await owner.connection.invoke('UpdateEventSession', event.id, { State: 'Updated', Message: 'Band on stage' });
    await owner.connection.invoke('UpdateEventSessionSound', event.id, { level: 80, track: 'Opening' });
    await owner.connection.invoke('UpdateEventSession', event.id, { state: 'Stopped' });
    for (const hub of [a, b]) {
      expect(await hub.next('EventStarted')).toMatchObject({ eventId: event.id, state: 'Started', title: 'Doors open', message: null });
      expect(await hub.next('EventUpdated')).toMatchObject({ eventId: event.id, state: 'Updated', message: 'Band on stage' });
      expect(await hub.next('EventSoundUpdated')).toEqual({ eventId: event.id, level: 80, track: 'Opening' });
      expect(await hub.next('EventStopped')).toMatchObject({ eventId: event.id, state: 'Stopped' });
    }
    // The host did not join, so it receives nothing.
    expect(owner.received.EventStarted).toEqual([]);
    for (const hub of [a, b]) await hub.connection.invoke('LeaveEventSession', event.id);
  });

  it('keeps the session on the event: a watcher joining a live session is told it is live, and Stopped ends the session, not the event', async () => {
    const owner = await started(host);
    await owner.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'Live now' });
    const late = await started(watcher);
    expect(await late.connection.invoke('JoinEventSession', event.id)).toBe(true);
    expect(await late.next('EventStarted')).toMatchObject({ eventId: event.id, state: 'Started' });
    const live = await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: watcher.jwt });
    expect(live.json().status).toBe(1);
    await owner.connection.invoke('UpdateEventSession', event.id, { state: 'Stopped' });
    expect(await late.next('EventStopped')).toMatchObject({ eventId: event.id, state: 'Stopped' });
    // The event is still ahead: Created (Upcoming) again, not Completed (issue 24; event-lifecycle.test.ts).
    expect((await call(t.app, 'GET', pathOf(eventsApi.get, { id: event.id }), { jwt: watcher.jwt })).json().status).toBe(0);
    // A session that is over is not announced to newcomers.
    const after = await started(other);
    expect(await after.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(after.received.EventStarted).toEqual([]);
    for (const hub of [late, after]) await hub.connection.invoke('LeaveEventSession', event.id);
  });

  it('sends payloads with PascalCase keys and several messages may share a frame', async () => {
    const raw = await openRaw({ port: t.port, query: `tenant=${TENANT}`, jwt: watcher.jwt });
    // Handshake and two invocations in one frame.
    raw.send(
      { protocol: 'json', version: 1 },
      { type: 1, invocationId: '1', target: 'JoinEventSession', arguments: [event.id] },
      { type: 1, target: 'JoinEventSession', arguments: [event.id] },
      { type: 6 },
    );
    expect(await raw.next((m) => m.invocationId === '1')).toEqual({ type: 3, invocationId: '1', result: true });
    const count = await raw.next((m) => m.target === 'EventWatcherUpdated');
    expect(count.arguments).toEqual([{ EventId: event.id, Watchers: 1 }]);
    expect(raw.frames[0]).toBe(`{}${RS}`);
    raw.send({ type: 1, invocationId: '2', target: 'LeaveEventSession', arguments: [event.id] });
    expect(await raw.next((m) => m.invocationId === '2')).toEqual({ type: 3, invocationId: '2' });
    // A message without invocationId got no completion.
    expect(raw.messages.filter((m) => m.type === 3)).toHaveLength(2);
    raw.send({ type: 7 });
    await raw.closed;
  });

  it('answers a bad handshake with an error and closes', async () => {
    const raw = await openRaw({ port: t.port, query: `tenant=${TENANT}`, jwt: watcher.jwt });
    raw.send({ protocol: 'messagepack', version: 1 });
    expect(await raw.next(() => true)).toEqual({ error: expect.stringContaining("'messagepack' is not supported") });
    await raw.closed;
  });

  it('counts watchers as people join, leave and disconnect', async () => {
    const first = await started(watcher);
    const second = createHub({ port: t.port, jwt: other.jwt });
    await second.connection.start();
    expect(await first.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await first.next('EventWatcherUpdated', (p) => p.watchers === 1);
    expect(await second.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await first.next('EventWatcherUpdated', (p) => p.watchers === 2);
    first.received.EventWatcherUpdated.length = 0;
    await second.connection.invoke('LeaveEventSession', event.id);
    await first.next('EventWatcherUpdated', (p) => p.watchers === 1);
    expect(await second.connection.invoke('JoinEventSession', event.id)).toBe(true);
    await first.next('EventWatcherUpdated', (p) => p.watchers === 2);
    first.received.EventWatcherUpdated.length = 0;
    await second.connection.stop();
    expect(await first.next('EventWatcherUpdated')).toEqual({ eventId: event.id, watchers: 1 });
    await first.connection.invoke('LeaveEventSession', event.id);
  });

  it('the realtime broadcaster delivers flyers and notifications to the event session only', async () => {
    const hub = await started(watcher);
    const elsewhere = await started(other);
    expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);
    const flyer = { id: UNKNOWN_ID, eventId: event.id, name: 'Happy hour', contentType: 'flyer/v1', contentJson: '{"v":1}', isActivated: true };
    const tenantId = t.app.ctx.tenants.get(TENANT)!;
    await t.app.ctx.realtime.toEvent(tenantId, event.id, 'FlyerStarted', flyer);
    await t.app.ctx.realtime.toEvent(tenantId, event.id, 'FlyerUpdated', { ...flyer, name: 'Happier hour' });
    await t.app.ctx.realtime.toEvent(tenantId, event.id, 'FlyerStopped', { ...flyer, isActivated: false });
    await t.app.ctx.realtime.toEvent(tenantId, event.id, 'EventNotification', { eventId: event.id, title: 'Rain', message: 'Move inside', level: 'warning' });
    expect(await hub.next('FlyerStarted')).toEqual(flyer);
    expect(await hub.next('FlyerUpdated')).toEqual({ ...flyer, name: 'Happier hour' });
    expect(await hub.next('FlyerStopped')).toEqual({ ...flyer, isActivated: false });
    expect(await hub.next('EventNotification')).toEqual({ eventId: event.id, title: 'Rain', message: 'Move inside', level: 'warning' });
    expect(elsewhere.received.FlyerStarted).toEqual([]);
    // Another tenant's group with the same event id is a different group.
    await t.app.ctx.realtime.toEvent(t.app.ctx.tenants.get(OTHER_TENANT)!, event.id, 'FlyerStarted', { ...flyer, name: 'Wrong tenant' });
    await new Promise((r) => setTimeout(r, 50));
    expect(hub.received.FlyerStarted).toHaveLength(1);
    // The contract refuses a malformed payload before anything is sent.
    await expect(t.app.ctx.realtime.toEvent(tenantId, event.id, 'FlyerStarted', { ...flyer, id: 'x' })).rejects.toThrow();
  });

  it('closes a connection that sends a message over 100,000 bytes, with an error', async () => {
    const hub = await started(watcher);
    const closed = new Promise<Error | undefined>((resolve) => hub.connection.onclose(resolve));
    void hub.connection.invoke('JoinEventSession', 'x'.repeat(100_001)).catch(() => {});
    const error = await closed;
    expect(error?.message).toMatch(/maximum message size of 100000 bytes/);
    // Just under the limit is fine.
    const ok = await started(watcher);
    await expect(ok.connection.invoke('JoinEventSession', 'x'.repeat(99_000))).rejects.toThrow(/valid id/);
  });
});

describe('hub keep-alive and timeouts (short timings)', () => {
  let t: TestApp & { port: number };
  let user: TestUser;
  beforeAll(async () => {
    t = await build({ listen: true, hub: { keepAliveMs: 100, timeoutMs: 400 } });
    user = await signUp(t);
  });
  afterAll(() => t?.close());

  it('pings and sends KeepAliveEvent every keep-alive interval', async () => {
    const raw = await openRaw({ port: t.port, query: `tenant=${TENANT}`, jwt: user.jwt });
    raw.send({ protocol: 'json', version: 1 });
    expect(await raw.next((m) => m.type === 6, 2000)).toEqual({ type: 6 });
    const keepAlive = await raw.next((m) => m.target === 'KeepAliveEvent', 2000);
    expect(keepAlive.arguments).toEqual([{ At: expect.any(String) }]);
    raw.send({ type: 7 });
    await raw.closed;
  });

  it('drops a client that stays silent past the timeout, with a Close error', async () => {
    const raw = await openRaw({ port: t.port, query: `tenant=${TENANT}`, jwt: user.jwt });
    raw.send({ protocol: 'json', version: 1 });
    const started = Date.now();
    await raw.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(raw.messages.find((m) => m.type === 7)).toEqual({ type: 7, error: expect.stringContaining('Server timeout elapsed') });
  });

  it('keeps a client that pings, and the official client hears the server', async () => {
    const hub = createHub({ port: t.port, jwt: user.jwt });
    hub.connection.keepAliveIntervalInMilliseconds = 100;
    hub.connection.serverTimeoutInMilliseconds = 1000;
    await hub.connection.start();
    await new Promise((r) => setTimeout(r, 1000));
    expect(hub.connection.state).toBe(HubConnectionState.Connected);
    expect(hub.received.KeepAliveEvent.length).toBeGreaterThan(2);
    await hub.connection.stop();
  });

  it('the official client that stops pinging is dropped', async () => {
    const hub = createHub({ port: t.port, jwt: user.jwt });
    hub.connection.keepAliveIntervalInMilliseconds = 60_000;
    const closed = new Promise<Error | undefined>((resolve) => hub.connection.onclose(resolve));
    await hub.connection.start();
    expect((await closed)?.message).toMatch(/Server timeout elapsed/);
  });
});

describe('hub reconnect across a server restart', () => {
  it('the client reconnects to a new app on the same port and re-joins its event', async () => {
    // On disk (PGlite) or a database of its own (PostgreSQL), so the second app finds the first one's data.
    const scratch = await createScratchDatabase('hub-db', { server: inject('databaseUrl') });
    let first: (TestApp & { port: number }) | undefined = await build({ database: scratch, listen: true });
    let second: (TestApp & { port: number }) | undefined;
    let hub: TestHub | undefined;
    try {
      const host = await signUp(first);
      const event = await createEvent(first, host);
      const port = first.port;
      hub = createHub({ port, jwt: host.jwt, reconnectDelays: [0, 100, 200, 300, 500, 500, 500, 1000, 1000, 1000, 1000, 1000] });
      const joins: boolean[] = [];
      hub.connection.onreconnected(async () => {
        // Group membership is per connection: join again.
        joins.push(await hub!.connection.invoke('JoinEventSession', event.id));
      });
      const reconnecting = new Promise<void>((resolve) => hub!.connection.onreconnecting(() => resolve()));
      await hub.connection.start();
      expect(await hub.connection.invoke('JoinEventSession', event.id)).toBe(true);

      await first.close();
      first = undefined;
      await reconnecting;
      expect(hub.connection.state).toBe(HubConnectionState.Reconnecting);

      second = await build({ database: scratch, listen: port });
      const reconnected = Date.now();
      while (joins.length === 0 && Date.now() - reconnected < 10_000) await new Promise((r) => setTimeout(r, 50));
      expect(joins).toEqual([true]);
      expect(hub.connection.state).toBe(HubConnectionState.Connected);
      await hub.connection.invoke('UpdateEventSession', event.id, { state: 'Started', title: 'Back' });
      expect(await hub.next('EventStarted')).toMatchObject({ eventId: event.id, title: 'Back' });
    } finally {
      await hub?.connection.stop();
      await first?.close();
      await second?.close();
      await scratch.drop();
    }
    // Two app starts on the same database (PGlite opened from disk) and up to 10 s of reconnecting: on a loaded 2-core machine more than the default 30 s.
  }, 60_000);
});
