import { serverEventFrame, type HubRuntime } from '../hub/index.js';

/**
 * Tells an event's watchers how many they are, once per window: the count is read
 * when the window closes, so it is the latest one, and with shared member counts it
 * covers every instance. One per hub runtime, owned by the event sessions.
 */
export class WatcherAnnouncer {
  /** group → event id, for every group with an announcement pending or members here. */
  private readonly eventOf = new Map<string, string>();
  private readonly pending = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly hub: HubRuntime) {}

  /** A member joined or left the event's group: the count changed. */
  changed(group: string, eventId?: string): void {
    if (eventId) this.eventOf.set(group, eventId);
    const id = this.eventOf.get(group);
    if (!id || this.pending.has(group)) return;
    this.pending.add(group);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending.delete(group);
      void this.announce(group, id).catch(() => {
        // The hub may have shut down meanwhile; nobody is left to tell.
      });
    }, this.hub.timings.watcherAnnounceMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async announce(group: string, eventId: string): Promise<void> {
    const watchers = await this.hub.groups.total(group);
    if (watchers === 0 && this.hub.groups.count(group) === 0) this.eventOf.delete(group);
    await this.hub.broadcast(group, serverEventFrame('EventWatcherUpdated', { eventId, watchers }));
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
  }
}
