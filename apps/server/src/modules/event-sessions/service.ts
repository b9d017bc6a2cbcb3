import {
  EventStatus,
  EventSessionHubMethods,
  hubEventGroup,
  type EventSessionSound,
  type EventSessionUpdate,
  type HubServerEventName,
  type HubServerEventPayload,
  type ProblemCode,
} from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import type { Realtime } from '../../lib/realtime.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { requireLiveSession } from '../auth/service.js';
import { setEventStatus } from '../events/service.js';
import { listActiveFlyers, toFlyer } from '../flyers/service.js';
import { endLiveSession, lockEventForHost } from '../launches/service.js';
import { createBatchedRead, HubError, type BatchedRead, type HubConnection, type HubHandlers, type HubRuntime } from '../hub/index.js';
import { serverEventFrame } from './frames.js';
import { findSessionViews, type SessionView } from './repository.js';
import { WatcherAnnouncer } from './watchers.js';

const SESSION_MESSAGES = { Started: 'EventStarted', Updated: 'EventUpdated', Stopped: 'EventStopped' } as const;
const SESSIONS_ENDED = 'sessions-ended';
const BLOCKED = 'blocked';
const EVENTS_CLOSED = 'events-closed';
const AUDIENCE_NARROWED = 'audience-narrowed';
const NOT_LIVE = 'The session is not live: go live before sending the room a message.';
type SessionsEnded = Parameters<Realtime['sessionsEnded']>[0];
type Block = Parameters<Realtime['blocked']>[0];
type EventsClosed = Parameters<Realtime['eventsClosed']>[0];
type AudienceNarrowed = Parameters<Realtime['audienceNarrowed']>[0];
/** Host-call refusals in the hub's words (event_hidden keeps its detail, led by its code). */
const HOST_REFUSALS: Partial<Record<ProblemCode, string>> = {
  not_found: 'No event has this id.',
  not_owner: 'Only the host of this event and its co-hosts may change its session.',
  session_ended: 'The session has ended. Log in again.',
};

/**
 * What the hub does for Hubbub: an event's live session (spec 7 "Realtime hub").
 * Watchers join the event's group; its host starts, updates and stops the session
 * and sets its sound; everyone in the group hears of it, on every instance.
 */
export class EventSessions implements Realtime {
  readonly watchers: WatcherAnnouncer;
  /**
   * group → its event and host, for the groups with members on this instance: watcher
   * announcements name the event, and a block removes the blocked from the host's groups.
   */
  private readonly sessionOf = new Map<string, { eventId: string; hostId: string }>();
  /**
   * The event as each viewer may see it, read for every viewer of one event who asks at once (a
   * crowd at the door) in one statement; batched, never cached (modules/hub/batched-read.ts), so
   * a block, a hidden event or a taken-back invitation is seen by the next join as before.
   */
  private readonly views: BatchedRead<string, SessionView | undefined>;
  /** The FlyerStarted frames of what is on stage, read and serialised once for the joins of one event that arrive together. */
  private readonly onStage: BatchedRead<null, Buffer[]>;

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: HubRuntime,
    watcherAnnounceMs: number,
  ) {
    this.views = createBatchedRead({
      read: async (group, viewerIds) => {
        const [tenantId, eventId] = group.split(' ');
        const views = await findSessionViews(ctx.db, { tenantId, eventId, viewerIds, now: ctx.now() });
        return viewerIds.map((id) => views.get(id.toLowerCase()));
      },
    });
    this.onStage = createBatchedRead({
      read: async (eventId, asked) => {
        const frames = (await listActiveFlyers(ctx.db, eventId)).map((flyer) => serverEventFrame('FlyerStarted', toFlyer(flyer)));
        return asked.map(() => frames);
      },
    });
    this.watchers = new WatcherAnnouncer(hub, watcherAnnounceMs);
    hub.onLeave((group) => this.left(group));
    hub.onSignal<SessionsEnded>(SESSIONS_ENDED, (ended) => this.closeSessions(ended));
    hub.onSignal<Block>(BLOCKED, (block) => this.removeBlocked(block));
    hub.onSignal<EventsClosed>(EVENTS_CLOSED, (closed) => this.closeEvents(closed));
    hub.onSignal<AudienceNarrowed>(AUDIENCE_NARROWED, (narrowed) => this.dropUnseeing(narrowed));
  }

  /** A member left a group (a leave, a block, a closed connection): recount, and forget groups empty here. */
  private left(group: string): void {
    const session = this.sessionOf.get(group);
    if (!session) return;
    this.watchers.changed(group, session.eventId);
    if (this.hub.groups.count(group) === 0) this.sessionOf.delete(group);
  }

  sessionsEnded(ended: SessionsEnded): Promise<void> {
    return this.hub.signal(SESSIONS_ENDED, ended);
  }

  blocked(block: Block): Promise<void> {
    return this.hub.signal(BLOCKED, block);
  }

  eventsClosed(closed: EventsClosed): Promise<void> {
    return this.hub.signal(EVENTS_CLOSED, closed);
  }

  audienceNarrowed(narrowed: AudienceNarrowed): Promise<void> {
    return this.hub.signal(AUDIENCE_NARROWED, narrowed);
  }

  async stats(tenantId: string, eventIds: string[]): Promise<{ connections: number; watchers: number[] }> {
    const [connections, watchers] = await Promise.all([
      this.hub.connectionTotal(tenantId),
      Promise.all(eventIds.map((eventId) => this.hub.groups.peekTotal(hubEventGroup(tenantId, eventId)))),
    ]);
    return { connections, watchers };
  }

  /** A revoked session keeps no hub connection, on any instance; the client is told not to reconnect. */
  private closeSessions(ended: SessionsEnded): void {
    const matches = (c: HubConnection) =>
      c.auth.tenant.id === ended.tenantId && (ended.sessionId ? c.auth.sessionId === ended.sessionId : c.auth.userId === ended.userId);
    for (const connection of this.hub.connectionsWhere(matches)) connection.close({ error: 'The session has ended. Log in again.' });
  }

  /** The blocked person stops watching the blocker's sessions at once; joining again is refused. */
  private removeBlocked(block: Block): void {
    const theirs = (c: HubConnection) => c.auth.tenant.id === block.tenantId && c.auth.userId === block.blockedId;
    for (const connection of this.hub.connectionsWhere(theirs)) {
      for (const group of this.hub.groups.of(connection)) {
        const session = this.sessionOf.get(group);
        if (session?.hostId !== block.blockerId || !this.hub.groups.leave(group, connection)) continue;
        this.left(group);
        const { eventId } = session;
        connection.sendFrame(serverEventFrame('EventStopped', { eventId, state: 'Stopped', title: null, message: null, at: this.ctx.now().toISOString() }));
      }
    }
  }

  /**
   * Events went out of sight (hidden, their host suspended or deleted): each of their watchers on
   * this instance hears EventStopped and leaves the group, so no later broadcast reaches them. The
   * signal travels the backplane after the flyers' FlyerStopped, so those arrive first.
   */
  private closeEvents(closed: EventsClosed): void {
    const at = this.ctx.now().toISOString();
    for (const [group, session] of [...this.sessionOf]) {
      const matches = 'eventId' in closed ? session.eventId === closed.eventId : session.hostId === closed.hostId;
      if (!matches || group !== hubEventGroup(closed.tenantId, session.eventId)) continue;
      const frame = serverEventFrame('EventStopped', { eventId: session.eventId, state: 'Stopped', title: null, message: closed.message, at });
      for (const member of this.hub.groups.listMembers(group)) {
        member.sendFrame(frame);
        this.hub.groups.leave(group, member);
      }
      // Records this instance's count (now none) and forgets the group.
      this.left(group);
    }
  }

  /** Watchers on this instance who may no longer see the event hear EventStopped and leave its group (a join would be refused now). */
  private async dropUnseeing(narrowed: AudienceNarrowed): Promise<void> {
    const group = hubEventGroup(narrowed.tenantId, narrowed.eventId);
    const session = this.sessionOf.get(group);
    if (!session) return;
    const watching = this.hub.connectionsWhere((c) => c.auth.tenant.id === narrowed.tenantId && this.hub.groups.of(c).includes(group));
    const views = await Promise.all(watching.map((c) => this.viewOf(c, session.eventId)));
    for (const [i, connection] of watching.entries()) {
      if (views[i]) continue;
      if (!this.hub.groups.leave(group, connection)) continue;
      this.left(group);
      const at = this.ctx.now().toISOString();
      connection.sendFrame(serverEventFrame('EventStopped', { eventId: session.eventId, state: 'Stopped', title: null, message: narrowed.message, at }));
    }
  }

  /** The four invocations of the contract's EventSessionHubMethods (the chat's are modules/chats'). */
  readonly handlers: HubHandlers<typeof EventSessionHubMethods> = {
    JoinEventSession: (connection, eventId) => this.join(connection, eventId),
    LeaveEventSession: (connection, eventId) => this.leave(connection, eventId),
    UpdateEventSession: (connection, eventId, data) => this.update(connection, eventId, data),
    UpdateEventSessionSound: (connection, eventId, data) => this.sound(connection, eventId, data),
  };

  async toEvent<K extends HubServerEventName>(tenantId: string, eventId: string, name: K, payload: HubServerEventPayload<K>): Promise<void> {
    await this.hub.broadcast(hubEventGroup(tenantId, eventId), serverEventFrame(name, payload));
  }

  /** The event as the connection's person may see it (host, status, blocked, role), or undefined when they may not. */
  private viewOf(connection: HubConnection, eventId: string): Promise<SessionView | undefined> {
    const { tenant, userId } = connection.auth;
    return this.views.load(`${tenant.id} ${eventId}`, userId);
  }

  /**
   * Two queries, each shared with the joins of the same event that arrive together: the event as
   * the viewer may see it (host, status, blocked), then its active flyers.
   */
  private async join(connection: HubConnection, eventId: string): Promise<boolean> {
    const { tenant, userId } = connection.auth;
    const view = await this.viewOf(connection, eventId);
    // Spec: people the host blocked do not see the host's events live.
    if (!view || (view.blocked && view.ownerId !== userId)) return false;
    const group = hubEventGroup(tenant.id, eventId);
    if (connection.closed) return false;
    this.sessionOf.set(group, { eventId, hostId: view.ownerId });
    if (this.hub.groups.join(group, connection)) this.watchers.changed(group, eventId);
    const live = view.status === EventStatus.Started;
    // Someone joining mid-launch (or re-joining after a reconnect) sees what is on now. Sent after
    // the join's completion, so the client already treats this event as its active one.
    // Read after the join, so a flyer launched meanwhile is either in it or broadcast to the group.
    const active = await this.onStage.load(eventId, null);
    if (active.length || live) {
      const at = this.ctx.now().toISOString();
      const started = live ? [serverEventFrame('EventStarted', { eventId, state: 'Started', title: null, message: null, at })] : [];
      setImmediate(() => {
        if (connection.closed || !this.hub.groups.has(group, connection)) return;
        // One WebSocket message of several hub messages (the protocol separates them), one write for the socket.
        connection.sendFrame(Buffer.concat([...started, ...active]));
      });
    }
    return true;
  }

  private async leave(connection: HubConnection, eventId: string): Promise<void> {
    const group = hubEventGroup(connection.auth.tenant.id, eventId);
    if (this.hub.groups.leave(group, connection)) this.left(group);
  }

  /**
   * Every host action checks again that the session is live, the event is the caller's and it is
   * not hidden; `change` runs in the same transaction, under the event's lock (lockEventForHost).
   */
  private async requireHost(connection: HubConnection, eventId: string, change?: (tx: Db, event: { status: number }) => Promise<void>): Promise<void> {
    try {
      await requireLiveSession({ ctx: this.ctx, auth: connection.auth });
      await this.ctx.db.transaction(async (tx) => {
        const event = await lockEventForHost({ db: tx, auth: connection.auth, eventId });
        await change?.(tx, event);
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'event_hidden') throw new HubError(error.detail ?? error.title, error.code);
      const refusal = HOST_REFUSALS[error.code];
      if (refusal) throw new HubError(refusal);
      throw error;
    }
  }

  private async update(connection: HubConnection, eventId: string, data: EventSessionUpdate): Promise<void> {
    let stopped: ReturnType<typeof toFlyer>[] = [];
    await this.requireHost(connection, eventId, async (tx, event) => {
      // Stopping ends the session, not the event: the flyers on screen go, and a future event is
      // Created again rather than Completed (statusAfterStop). A canceled event does not go live.
      if (data.state === 'Stopped') stopped = await endLiveSession({ ctx: this.ctx, db: tx, eventId });
      else if (event.status === EventStatus.Canceled) throw new HubError('This event is canceled: its live session cannot start.');
      // A message goes to a live room only: sent before Go live it used to start the session unasked.
      else if (data.state === 'Updated' && event.status !== EventStatus.Started) throw new HubError(NOT_LIVE, 'session_not_live');
      // Kept on the event, so people who join later (or reload) see that the session is live.
      else await setEventStatus({ ctx: this.ctx, db: tx, eventId, status: EventStatus.Started });
    });
    const { tenant } = connection.auth;
    // The flyers leave every watcher's stage first, then the session's end is heard (as a moderator's stop).
    for (const flyer of stopped) await this.toEvent(tenant.id, eventId, 'FlyerStopped', flyer);
    await this.toEvent(tenant.id, eventId, SESSION_MESSAGES[data.state], {
      eventId,
      state: data.state,
      title: data.title ?? null,
      message: data.message ?? null,
      at: this.ctx.now().toISOString(),
    });
    // A message from the host is also a notification, which clients show as a toast.
    if (data.message) {
      await this.toEvent(tenant.id, eventId, 'EventNotification', { eventId, title: data.title ?? 'From the host', message: data.message, level: 'info' });
    }
  }

  private async sound(connection: HubConnection, eventId: string, data: EventSessionSound): Promise<void> {
    await this.requireHost(connection, eventId);
    await this.toEvent(connection.auth.tenant.id, eventId, 'EventSoundUpdated', { eventId, level: data.level, track: data.track ?? null });
  }
}
