import type { z } from 'zod';
import {
  ChatHubMethods,
  EventSessionSoundSchema,
  EventSessionUpdateSchema,
  HubServerEvents,
  toCamelCaseKeys,
  toPascalCaseKeys,
  type EventSessionSound,
  type EventSessionUpdate,
  type HubFlyer,
  type HubServerEventName,
  type HubServerEventPayload,
} from '@hubbub/contract';
import { activeFlyersReducer, type ActiveFlyersAction } from './active-flyers';
import type { ConnectionFactory, HubConnectionLike } from './hub-connection';
import { FIRST_START_RETRY_MS } from './retry-policy';

/** Spec 4 "Realtime connection". */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

export interface RealtimeSnapshot {
  /** False until a screen that needs the hub asks for it; the header shows nothing before. */
  started: boolean;
  state: ConnectionState;
  /** The event whose session we joined (JoinEventSession returned true). */
  activeEventId: string | null;
  /** The last event whose JoinEventSession returned false (missing, or its host blocked us). */
  refusedEventId: string | null;
  activeFlyers: readonly HubFlyer[];
}

/** What the client needs from the session store: the current jwt and a change signal. */
export interface SessionLike {
  getUser(): { jwt: string } | null;
  subscribe(listener: () => void): () => void;
}

export interface RealtimeDeps {
  createConnection: ConnectionFactory;
  session: SessionLike;
  firstStartRetryMs?: number;
  /** The server closed the connection because the session behind it ended. */
  onSessionEnded?: () => void;
  warn?: (message: string, detail?: unknown) => void;
}

type ChatMethod = keyof typeof ChatHubMethods;

export type HubEventHandler<K extends HubServerEventName> = (payload: HubServerEventPayload<K>) => void;

const FLYER_ACTIONS: Partial<Record<HubServerEventName, ActiveFlyersAction['type']>> = {
  FlyerStarted: 'started',
  FlyerUpdated: 'updated',
  FlyerStopped: 'stopped',
};

/** How the hub's Close message reads when it ends a revoked session's connection (modules/event-sessions). */
const SESSION_ENDED = /session has ended/i;

export function createRealtimeClient(deps: RealtimeDeps) {
  const retryMs = deps.firstStartRetryMs ?? FIRST_START_RETRY_MS;
  const warn = deps.warn ?? ((message: string, detail?: unknown) => console.warn(`[hub] ${message}`, detail ?? ''));
  let snapshot: RealtimeSnapshot = { started: false, state: 'disconnected', activeEventId: null, refusedEventId: null, activeFlyers: [] };
  const listeners = new Set<() => void>();
  const handlers = new Map<HubServerEventName, Set<(payload: never) => void>>();
  let connection: HubConnectionLike | null = null;
  let connecting = false;
  // Bumped by disconnect so callbacks of an abandoned connection (or a pending build) are ignored.
  let generation = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  // The event a screen asked to watch; joined as soon as (and whenever) we are connected.
  let wantedEventId: string | null = null;
  // Doors a screen works (check-in): each joined whenever connected, and again after a reconnect.
  const doors = new Set<string>();

  function set(patch: Partial<RealtimeSnapshot>) {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  }

  function reduceFlyers(action: ActiveFlyersAction) {
    const next = activeFlyersReducer(snapshot.activeFlyers, action);
    if (next !== snapshot.activeFlyers) set({ activeFlyers: next });
  }

  function dispatch(name: HubServerEventName, raw: unknown) {
    // PascalCase on the wire, camelCase in the client; anything off-contract is dropped, not rendered.
    const parsed = HubServerEvents[name].safeParse(toCamelCaseKeys(raw));
    if (!parsed.success) {
      warn(`Ignored a malformed ${name}`, parsed.error.issues);
      return;
    }
    const payload = parsed.data;
    const flyerAction = FLYER_ACTIONS[name];
    if (flyerAction && 'eventId' in payload && payload.eventId === snapshot.activeEventId) {
      reduceFlyers({ type: flyerAction, flyer: payload as HubFlyer } as ActiveFlyersAction);
    }
    for (const handler of handlers.get(name) ?? []) {
      try {
        (handler as (p: unknown) => void)(payload);
      } catch (error) {
        warn(`A ${name} handler failed`, error);
      }
    }
  }

  function clearRetry() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  async function joinNow(eventId: string): Promise<boolean> {
    const conn = connection;
    if (!conn || snapshot.state !== 'connected') return false;
    let ok: boolean | null;
    try {
      ok = (await conn.invoke<boolean>('JoinEventSession', eventId)) === true;
    } catch (error) {
      // A transport error is not a refusal: keep wanting the event so a reconnect tries again.
      warn('JoinEventSession failed', error);
      ok = null;
    }
    if (conn !== connection || wantedEventId !== eventId) return ok === true;
    if (ok) {
      if (snapshot.activeEventId !== eventId) set({ activeEventId: eventId, refusedEventId: null, activeFlyers: [] });
      else if (snapshot.refusedEventId) set({ refusedEventId: null });
      return true;
    }
    // Spec 4: failure clears the active event.
    set({ activeEventId: null, activeFlyers: [], refusedEventId: ok === false ? eventId : snapshot.refusedEventId });
    if (ok === false) wantedEventId = null;
    return false;
  }

  async function joinDoors(ids: Iterable<string> = doors) {
    const conn = connection;
    if (!conn || snapshot.state !== 'connected') return;
    for (const id of ids) {
      // A refusal (false) or a transport error leaves the door to its own polling.
      await conn.invoke<boolean>('JoinDoor', id).catch((error: unknown) => warn('JoinDoor failed', error));
    }
  }

  async function tryStart(conn: HubConnectionLike) {
    try {
      await conn.start();
    } catch (error) {
      if (conn !== connection) return;
      // The SignalR client does not retry a failed first start (field notes): we do, every 5 s.
      warn('Hub start failed; retrying', error);
      clearRetry();
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (conn === connection) void tryStart(conn);
      }, retryMs);
      return;
    }
    if (conn !== connection) return;
    set({ state: 'connected' });
    void joinDoors();
    if (wantedEventId) await joinNow(wantedEventId);
  }

  async function connect() {
    if (connection || connecting) return;
    const gen = generation;
    connecting = true;
    set({ state: 'connecting' });
    let conn: HubConnectionLike;
    try {
      conn = await deps.createConnection({ accessTokenFactory: () => deps.session.getUser()?.jwt ?? '' });
    } catch (error) {
      // Most likely the signalr chunk could not load (offline): try the whole thing again later.
      connecting = false;
      if (gen !== generation) return;
      warn('Could not create the hub connection', error);
      clearRetry();
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void connect();
      }, retryMs);
      return;
    }
    connecting = false;
    if (gen !== generation) return;
    connection = conn;
    for (const name of Object.keys(HubServerEvents) as HubServerEventName[]) {
      // Every server message gets a handler (KeepAliveEvent too) and none returns a value:
      // SignalR warns about both otherwise.
      conn.on(name, (payload: unknown) => {
        dispatch(name, payload);
      });
    }
    conn.onreconnecting(() => {
      if (conn === connection) set({ state: 'reconnecting' });
    });
    conn.onreconnected(() => {
      if (conn !== connection) return;
      set({ state: 'connected' });
      void joinDoors();
      // A reconnect is a new connection id with no groups: join the event again.
      const eventId = snapshot.activeEventId ?? wantedEventId;
      if (eventId) {
        wantedEventId = eventId;
        void joinNow(eventId);
      }
    });
    conn.onclose((error) => {
      if (conn !== connection) return;
      if (error && SESSION_ENDED.test(error.message)) deps.onSessionEnded?.();
      // Closed for good (the server refused reconnecting): start over like a first start.
      set({ state: 'connecting' });
      clearRetry();
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (conn === connection) void tryStart(conn);
      }, retryMs);
    });
    await tryStart(conn);
  }

  async function disconnect() {
    generation++;
    clearRetry();
    wantedEventId = null;
    const conn = connection;
    connection = null;
    const activeEventId = snapshot.activeEventId;
    // Spec 4: leave the active event first, then clear the active flyers.
    if (conn && activeEventId && snapshot.state === 'connected') {
      try {
        await conn.invoke('LeaveEventSession', activeEventId);
      } catch {
        // Closing the connection takes us out of the group anyway.
      }
    }
    set({ state: 'disconnected', activeEventId: null, refusedEventId: null, activeFlyers: [] });
    if (conn) {
      try {
        await conn.stop();
      } catch {
        // Already closed.
      }
    }
  }

  function onSessionChange() {
    if (deps.session.getUser()?.jwt) void connect();
    else if (connection || connecting || retryTimer) void disconnect();
  }

  async function invokeOwner(method: 'UpdateEventSession' | 'UpdateEventSessionSound', eventId: string, data: unknown) {
    if (!connection || snapshot.state !== 'connected') throw new Error('Not connected to the live service yet.');
    await connection.invoke(method, eventId, toPascalCaseKeys(data));
  }

  /** A chat call (modules/chats): arguments PascalCased, the result validated and camelCased like every message. */
  async function chat<K extends ChatMethod>(method: K, ...args: z.input<(typeof ChatHubMethods)[K]['args']>): Promise<z.output<(typeof ChatHubMethods)[K]['result']>> {
    if (!connection || snapshot.state !== 'connected') throw new Error('Not connected to the live service yet.');
    const raw = await connection.invoke(method, ...(args as unknown[]).map((arg) => toPascalCaseKeys(arg)));
    return ChatHubMethods[method].result.parse(toCamelCaseKeys(raw)) as z.output<(typeof ChatHubMethods)[K]['result']>;
  }

  return {
    chat,
    getSnapshot: (): RealtimeSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Waits for login, then connects; follows logins and logouts from then on. Idempotent. */
    start() {
      if (snapshot.started) return;
      set({ started: true });
      deps.session.subscribe(onSessionChange);
      onSessionChange();
    },
    /** Joins now if connected, otherwise as soon as the connection is up. Leaves another active event first. */
    async join(eventId: string): Promise<boolean> {
      const previous = snapshot.activeEventId;
      wantedEventId = eventId;
      if (snapshot.refusedEventId === eventId) set({ refusedEventId: null });
      if (previous && previous !== eventId) await this.leave(previous);
      wantedEventId = eventId;
      return joinNow(eventId);
    },
    async leave(eventId: string): Promise<void> {
      if (wantedEventId === eventId) wantedEventId = null;
      if (snapshot.activeEventId !== eventId) return;
      const conn = connection;
      const connected = snapshot.state === 'connected';
      set({ activeEventId: null, activeFlyers: [] });
      if (conn && connected) {
        try {
          await conn.invoke('LeaveEventSession', eventId);
        } catch (error) {
          warn('LeaveEventSession failed', error);
        }
      }
    },
    disconnect,
    /** Hears an event's door (DoorChanged) while the returned function is not called; joined again after every reconnect. */
    watchDoor(eventId: string): () => void {
      doors.add(eventId);
      void joinDoors([eventId]);
      return () => {
        doors.delete(eventId);
        if (connection && snapshot.state === 'connected') void connection.invoke('LeaveDoor', eventId).catch(() => undefined);
      };
    },
    /** Owner only: start, update (optionally with a message) or stop the live session. */
    updateSession: async (eventId: string, data: EventSessionUpdate) => invokeOwner('UpdateEventSession', eventId, EventSessionUpdateSchema.parse(data)),
    /** Owner only: the sound level (0–100) and track. */
    updateSound: async (eventId: string, data: EventSessionSound) => invokeOwner('UpdateEventSessionSound', eventId, EventSessionSoundSchema.parse(data)),
    /** Typed subscription to a server message, camelCased and validated; returns the unsubscribe. */
    on<K extends HubServerEventName>(name: K, handler: HubEventHandler<K>): () => void {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler as (payload: never) => void);
      return () => {
        set.delete(handler as (payload: never) => void);
      };
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
