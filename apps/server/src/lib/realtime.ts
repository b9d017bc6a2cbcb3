import type { HubServerEventName, HubServerEventPayload } from '@hubbub/contract';

/** What services tell the realtime hub; every instance acts on it (through Redis when configured). */
export interface Realtime {
  /** Sends a message to everyone watching an event. */
  toEvent<K extends HubServerEventName>(tenantId: string, eventId: string, name: K, payload: HubServerEventPayload<K>): Promise<void>;
  /** Sessions were revoked (logout, refresh-token reuse, password reset): their hub connections close now. */
  sessionsEnded(ended: { tenantId: string; sessionId?: string; userId?: string }): Promise<void>;
  /** Someone blocked someone: the blocked person leaves the blocker's live sessions now. */
  blocked(block: { tenantId: string; blockerId: string; blockedId: string }): Promise<void>;
  /**
   * Events went out of sight (a moderator hid one; its host was suspended or deleted: all of theirs):
   * everyone watching hears EventStopped with `message` and leaves the event's group now, on every
   * instance, so nothing of the event reaches them after.
   */
  eventsClosed(closed: { tenantId: string; message: string } & ({ eventId: string } | { hostId: string })): Promise<void>;
  /**
   * Fewer people may see an event (made invite-only, an invitation taken back): each watcher who
   * may no longer see it hears EventStopped with `message` and leaves the event's group now, on
   * every instance, as joining again would be refused.
   */
  audienceNarrowed(narrowed: { tenantId: string; eventId: string; message: string }): Promise<void>;
  /** For the admin console: the tenant's hub connections and each event's watchers now, over every instance. */
  stats(tenantId: string, eventIds: string[]): Promise<{ connections: number; watchers: number[] }>;
}

/** Until the hub runs, and in an app that never runs it, there is nobody to tell. */
const NOBODY: Realtime = {
  toEvent: async () => {},
  sessionsEnded: async () => {},
  blocked: async () => {},
  eventsClosed: async () => {},
  audienceNarrowed: async () => {},
  stats: async (_tenantId, eventIds) => ({ connections: 0, watchers: eventIds.map(() => 0) }),
};

/**
 * The realtime hub as services hold it from the start. The app's context is built once, before
 * any plugin runs, but the hub only exists once its plugin does: app.ts makes the relay, puts it
 * in the context and gives it to that plugin, which hands it the hub to serve.
 */
export class RealtimeRelay implements Realtime {
  private hub: Realtime = NOBODY;

  /** The hub's plugin, when the hub runs: from now on every call reaches it. Once per app. */
  serve(hub: Realtime): void {
    if (this.hub !== NOBODY) throw new Error('The realtime relay already serves a hub.');
    this.hub = hub;
  }

  toEvent<K extends HubServerEventName>(tenantId: string, eventId: string, name: K, payload: HubServerEventPayload<K>): Promise<void> {
    return this.hub.toEvent(tenantId, eventId, name, payload);
  }

  sessionsEnded(ended: Parameters<Realtime['sessionsEnded']>[0]): Promise<void> {
    return this.hub.sessionsEnded(ended);
  }

  blocked(block: Parameters<Realtime['blocked']>[0]): Promise<void> {
    return this.hub.blocked(block);
  }

  eventsClosed(closed: Parameters<Realtime['eventsClosed']>[0]): Promise<void> {
    return this.hub.eventsClosed(closed);
  }

  audienceNarrowed(narrowed: Parameters<Realtime['audienceNarrowed']>[0]): Promise<void> {
    return this.hub.audienceNarrowed(narrowed);
  }

  stats(tenantId: string, eventIds: string[]): Promise<{ connections: number; watchers: number[] }> {
    return this.hub.stats(tenantId, eventIds);
  }
}
