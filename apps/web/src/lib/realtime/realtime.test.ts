import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HubFlyer } from '@hubbub/contract';
import { activeFlyersReducer } from './active-flyers';
import type { ConnectionFactory, HubConnectionLike } from './hub-connection';
import { createRealtimeClient, type SessionLike } from './realtime-client';
import { hubRetryPolicy, reconnectDelay } from './retry-policy';

const EVENT_A = '11111111-1111-4111-8111-111111111111';
const EVENT_B = '22222222-2222-4222-8222-222222222222';
const FLYER_1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const FLYER_2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const flyer = (id: string, name = 'Flyer', eventId = EVENT_A): HubFlyer => ({
  id,
  eventId,
  name,
  contentType: 'application/json',
  contentJson: '{}',
  isActivated: true,
});
/** What the server sends: PascalCase keys. */
const wireFlyer = (f: HubFlyer) => ({ Id: f.id, EventId: f.eventId, Name: f.name, ContentType: f.contentType, ContentJson: f.contentJson, IsActivated: f.isActivated });

describe('reconnect delay (spec 9)', () => {
  it('is 2 s for the first 15 retries, 5 s up to 30, then 10 s', () => {
    expect([0, 1, 14].map(reconnectDelay)).toEqual([2000, 2000, 2000]);
    expect([15, 20, 29].map(reconnectDelay)).toEqual([5000, 5000, 5000]);
    expect([30, 31, 500].map(reconnectDelay)).toEqual([10000, 10000, 10000]);
  });

  it('never gives up', () => {
    expect(hubRetryPolicy.nextRetryDelayInMilliseconds({ previousRetryCount: 10_000, elapsedMilliseconds: 1e9, retryReason: new Error('x') })).toBe(10000);
  });
});

describe('active flyers reducer (spec 4)', () => {
  it('adds a started flyer and replaces by id on start or update', () => {
    let state = activeFlyersReducer([], { type: 'started', flyer: flyer(FLYER_1, 'one') });
    state = activeFlyersReducer(state, { type: 'started', flyer: flyer(FLYER_2, 'two') });
    state = activeFlyersReducer(state, { type: 'updated', flyer: flyer(FLYER_1, 'one v2') });
    expect(state.map((f) => f.name)).toEqual(['one v2', 'two']);
    state = activeFlyersReducer(state, { type: 'started', flyer: flyer(FLYER_2, 'two v2') });
    expect(state.map((f) => f.name)).toEqual(['one v2', 'two v2']);
  });

  it('removes a stopped flyer and keeps the same array when nothing changes', () => {
    const start = [flyer(FLYER_1), flyer(FLYER_2)];
    const after = activeFlyersReducer(start, { type: 'stopped', flyer: { id: FLYER_1 } });
    expect(after.map((f) => f.id)).toEqual([FLYER_2]);
    expect(start).toHaveLength(2);
    expect(activeFlyersReducer(after, { type: 'stopped', flyer: { id: FLYER_1 } })).toBe(after);
    expect(activeFlyersReducer(after, { type: 'clear' })).toEqual([]);
  });

  it('adds an update for a flyer it never saw start (joined mid-launch)', () => {
    expect(activeFlyersReducer([], { type: 'updated', flyer: flyer(FLYER_1) })).toHaveLength(1);
  });
});

class FakeConnection implements HubConnectionLike {
  handlers = new Map<string, (...args: unknown[]) => void>();
  reconnecting: ((e?: Error) => void) | null = null;
  reconnected: ((id?: string) => void) | null = null;
  closed: ((e?: Error) => void) | null = null;
  start = vi.fn(async () => {});
  stop = vi.fn(async () => {});
  joinResult: boolean | Error = true;
  // `never` fits the interface's generic answer type whatever the caller asks for.
  invoke = vi.fn(async (method: string, ..._args: unknown[]): Promise<never> => {
    if (method === 'JoinEventSession') {
      if (this.joinResult instanceof Error) throw this.joinResult;
      return this.joinResult as never;
    }
    return undefined as never;
  });
  on(name: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(name, handler);
  }
  onreconnecting(cb: (e?: Error) => void) {
    this.reconnecting = cb;
  }
  onreconnected(cb: (id?: string) => void) {
    this.reconnected = cb;
  }
  onclose(cb: (e?: Error) => void) {
    this.closed = cb;
  }
  emit(name: string, payload: unknown) {
    return this.handlers.get(name)!(payload);
  }
  calls(method: string) {
    return this.invoke.mock.calls.filter(([m]) => m === method).map(([, ...args]) => args);
  }
}

function fakeSession(jwt: string | null) {
  let user = jwt ? { jwt } : null;
  const listeners = new Set<() => void>();
  const session: SessionLike & { set(jwt: string | null): void } = {
    getUser: () => user,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    set(next) {
      user = next ? { jwt: next } : null;
      for (const l of listeners) l();
    },
  };
  return session;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('realtime client', () => {
  let conn: FakeConnection;
  let factory: ReturnType<typeof vi.fn<ConnectionFactory>>;

  beforeEach(() => {
    vi.useFakeTimers();
    conn = new FakeConnection();
    factory = vi.fn<ConnectionFactory>(async () => conn);
  });
  afterEach(() => vi.useRealTimers());

  function setup(jwt: string | null = 'jwt-1') {
    const session = fakeSession(jwt);
    const client = createRealtimeClient({ createConnection: factory, session, warn: () => {} });
    return { session, client };
  }

  it('waits for login, then connects with the current jwt', async () => {
    const { session, client } = setup(null);
    client.start();
    await flush();
    expect(factory).not.toHaveBeenCalled();
    expect(client.getSnapshot()).toMatchObject({ started: true, state: 'disconnected' });
    session.set('jwt-2');
    await flush();
    expect(client.getSnapshot().state).toBe('connected');
    expect(factory.mock.calls[0][0].accessTokenFactory()).toBe('jwt-2');
  });

  it('registers a handler for every server message, none returning a value', async () => {
    const { client } = setup();
    client.start();
    await flush();
    expect([...conn.handlers.keys()].sort()).toEqual(
      [
        'EventNotification',
        'EventSoundUpdated',
        'EventStarted',
        'EventStopped',
        'EventUpdated',
        'EventWatcherUpdated',
        'FlyerStarted',
        'FlyerStopped',
        'FlyerUpdated',
        'KeepAliveEvent',
        // The buzz's chat (issue 26).
        'ChatMessageSent',
        'ChatMessageDeleted',
        'ChatSettingsUpdated',
        'ChatMemberMuted',
        // The door at check-in (issue 30).
        'DoorChanged',
      ].sort(),
    );
    expect(conn.emit('KeepAliveEvent', { At: 'now' })).toBeUndefined();
  });

  it('joins a watched door when connected and again after a reconnect; leaves it when the screen lets go', async () => {
    const { client } = setup();
    client.start();
    await flush();
    const stop = client.watchDoor('door-1');
    await flush();
    expect(conn.invoke).toHaveBeenCalledWith('JoinDoor', 'door-1');
    conn.invoke.mockClear();
    conn.reconnected!('new-id');
    await flush();
    expect(conn.invoke).toHaveBeenCalledWith('JoinDoor', 'door-1');
    stop();
    await flush();
    expect(conn.invoke).toHaveBeenCalledWith('LeaveDoor', 'door-1');
  });

  it('a close because the session ended asks the session layer to find out why; other closes do not', async () => {
    const onSessionEnded = vi.fn();
    const client = createRealtimeClient({ createConnection: factory, session: fakeSession('jwt-1'), warn: () => {}, onSessionEnded });
    client.start();
    await flush();
    conn.closed!(new Error("Server returned an error on close: Connection closed with an error. Error: The session has ended. Log in again."));
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    conn.closed!(new Error('WebSocket closed with status code: 1006 ().'));
    conn.closed!();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('retries a failed first start every 5 s', async () => {
    conn.start.mockRejectedValueOnce(new Error('down')).mockRejectedValueOnce(new Error('down'));
    const { client } = setup();
    client.start();
    await flush();
    expect(client.getSnapshot().state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(4999);
    expect(conn.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(conn.start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(conn.start).toHaveBeenCalledTimes(3);
    expect(client.getSnapshot().state).toBe('connected');
  });

  it('joins once connected: true makes it the active event, false clears it', async () => {
    const { client } = setup();
    const joined = client.join(EVENT_A); // before start: remembered, joined when connected
    expect(await joined).toBe(false);
    client.start();
    await flush();
    expect(conn.calls('JoinEventSession')).toEqual([[EVENT_A]]);
    expect(client.getSnapshot().activeEventId).toBe(EVENT_A);

    conn.joinResult = false;
    expect(await client.join(EVENT_B)).toBe(false);
    expect(conn.calls('LeaveEventSession')).toEqual([[EVENT_A]]);
    expect(client.getSnapshot()).toMatchObject({ activeEventId: null, refusedEventId: EVENT_B });
  });

  it('keeps only the active event’s flyers, camelCased and validated', async () => {
    const { client } = setup();
    client.start();
    await flush();
    await client.join(EVENT_A);
    const seen: string[] = [];
    const off = client.on('FlyerStarted', (f) => seen.push(f.name));
    conn.emit('FlyerStarted', wireFlyer(flyer(FLYER_1, 'one')));
    conn.emit('FlyerStarted', wireFlyer(flyer(FLYER_2, 'other event', EVENT_B)));
    conn.emit('FlyerStarted', { Id: 'not-a-uuid' });
    expect(client.getSnapshot().activeFlyers.map((f) => f.name)).toEqual(['one']);
    expect(seen).toEqual(['one', 'other event']);
    conn.emit('FlyerUpdated', wireFlyer(flyer(FLYER_1, 'one v2')));
    expect(client.getSnapshot().activeFlyers.map((f) => f.name)).toEqual(['one v2']);
    conn.emit('FlyerStopped', wireFlyer(flyer(FLYER_1)));
    expect(client.getSnapshot().activeFlyers).toEqual([]);
    off();
    conn.emit('FlyerStarted', wireFlyer(flyer(FLYER_2)));
    expect(seen).toHaveLength(2);
  });

  it('shows reconnecting, then re-joins the active event on reconnect', async () => {
    const { client } = setup();
    client.start();
    await flush();
    await client.join(EVENT_A);
    conn.reconnecting!(new Error('lost'));
    expect(client.getSnapshot().state).toBe('reconnecting');
    conn.reconnected!('new-id');
    await flush();
    expect(client.getSnapshot().state).toBe('connected');
    expect(conn.calls('JoinEventSession')).toEqual([[EVENT_A], [EVENT_A]]);
    expect(client.getSnapshot().activeEventId).toBe(EVENT_A);
  });

  it('on logout leaves the active event first, clears the flyers and stops', async () => {
    const { session, client } = setup();
    client.start();
    await flush();
    await client.join(EVENT_A);
    conn.emit('FlyerStarted', wireFlyer(flyer(FLYER_1)));
    session.set(null);
    await flush();
    const order = conn.invoke.mock.invocationCallOrder.at(-1)!;
    expect(conn.calls('LeaveEventSession')).toEqual([[EVENT_A]]);
    expect(order).toBeLessThan(conn.stop.mock.invocationCallOrder[0]);
    expect(client.getSnapshot()).toMatchObject({ state: 'disconnected', activeEventId: null, activeFlyers: [] });
  });

  it('sends owner updates PascalCased and validated', async () => {
    const { client } = setup();
    client.start();
    await flush();
    await client.updateSession(EVENT_A, { state: 'Updated', title: 'Hi', message: 'Doors open' });
    await client.updateSound(EVENT_A, { level: 40, track: 'Intro' });
    expect(conn.calls('UpdateEventSession')).toEqual([[EVENT_A, { State: 'Updated', Title: 'Hi', Message: 'Doors open' }]]);
    expect(conn.calls('UpdateEventSessionSound')).toEqual([[EVENT_A, { Level: 40, Track: 'Intro' }]]);
    await expect(client.updateSound(EVENT_A, { level: 101 })).rejects.toThrow();
  });

  it('a transport error on join is not a refusal and is retried on reconnect', async () => {
    conn.joinResult = new Error('boom');
    const { client } = setup();
    client.start();
    await flush();
    expect(await client.join(EVENT_A)).toBe(false);
    expect(client.getSnapshot().refusedEventId).toBeNull();
    conn.joinResult = true;
    conn.reconnected!();
    await flush();
    expect(client.getSnapshot().activeEventId).toBe(EVENT_A);
  });
});
