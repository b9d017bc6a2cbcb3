import {
  EventStatus,
  HubMethods,
  hubEventGroup,
  type EventSessionSound,
  type EventSessionUpdate,
  type HubServerEventName,
  type HubServerEventPayload,
} from '@hubbub/contract';
import type { AppContext, EventBroadcaster } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { findSessionView, requireOwnEvent, setEventStatus } from '../events/service.js';
import { listActiveFlyers, toFlyer } from '../flyers/service.js';
import { HubError, serverEventFrame, type HubConnection, type HubHandlers, type HubRuntime } from '../hub/index.js';
import { WatcherAnnouncer } from './watchers.js';

const SESSION_MESSAGES = { Started: 'EventStarted', Updated: 'EventUpdated', Stopped: 'EventStopped' } as const;

/**
 * What the hub does for Hubbub: an event's live session (spec 7 "Realtime hub").
 * Watchers join the event's group; its host starts, updates and stops the session
 * and sets its sound; everyone in the group hears of it, on every instance.
 */
export class EventSessions implements EventBroadcaster {
  readonly watchers: WatcherAnnouncer;

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: HubRuntime,
  ) {
    this.watchers = new WatcherAnnouncer(hub);
  }

  /** The four invocations of the contract's HubMethods. */
  readonly handlers: HubHandlers<typeof HubMethods> = {
    JoinEventSession: (connection, eventId) => this.join(connection, eventId),
    LeaveEventSession: (connection, eventId) => this.leave(connection, eventId),
    UpdateEventSession: (connection, eventId, data) => this.update(connection, eventId, data),
    UpdateEventSessionSound: (connection, eventId, data) => this.sound(connection, eventId, data),
  };

  async toEvent<K extends HubServerEventName>(tenantId: string, eventId: string, name: K, payload: HubServerEventPayload<K>): Promise<void> {
    await this.hub.broadcast(hubEventGroup(tenantId, eventId), serverEventFrame(name, payload));
  }

  /** Two queries: the event as the viewer may see it (host, status, blocked), then its active flyers. */
  private async join(connection: HubConnection, eventId: string): Promise<boolean> {
    const { tenant, userId } = connection.auth;
    const view = await findSessionView({ ctx: this.ctx, tenant, eventId, viewerId: userId });
    // Spec: people the host blocked do not see the host's events live.
    if (!view || (view.blocked && view.ownerId !== userId)) return false;
    const group = hubEventGroup(tenant.id, eventId);
    if (connection.closed) return false;
    if (this.hub.groups.join(group, connection)) this.watchers.changed(group, eventId);
    const live = view.status === EventStatus.Started;
    // Someone joining mid-launch (or re-joining after a reconnect) sees what is on now. Sent after
    // the join's completion, so the client already treats this event as its active one.
    const active = await listActiveFlyers(this.ctx.db, eventId);
    if (active.length || live) {
      const at = this.ctx.now().toISOString();
      setImmediate(() => {
        if (connection.closed || !this.hub.groups.has(group, connection)) return;
        if (live) connection.sendFrame(serverEventFrame('EventStarted', { eventId, state: 'Started', title: null, message: null, at }));
        for (const flyer of active) connection.sendFrame(serverEventFrame('FlyerStarted', toFlyer(flyer)));
      });
    }
    return true;
  }

  private async leave(connection: HubConnection, eventId: string): Promise<void> {
    const group = hubEventGroup(connection.auth.tenant.id, eventId);
    if (this.hub.groups.leave(group, connection)) this.watchers.changed(group, eventId);
  }

  private async requireHost(connection: HubConnection, eventId: string): Promise<void> {
    try {
      await requireOwnEvent(this.ctx, connection.auth, eventId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw new HubError('No event has this id.');
      if (error instanceof AppError && error.code === 'not_owner') throw new HubError('Only the host of this event may change its session.');
      throw error;
    }
  }

  private async update(connection: HubConnection, eventId: string, data: EventSessionUpdate): Promise<void> {
    await this.requireHost(connection, eventId);
    const { tenant } = connection.auth;
    // Kept on the event, so people who join later (or reload) see that the session is live.
    await setEventStatus({ ctx: this.ctx, eventId, status: data.state === 'Stopped' ? EventStatus.Completed : EventStatus.Started });
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
