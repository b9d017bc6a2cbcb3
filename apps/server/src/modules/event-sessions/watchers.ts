import type { HubRuntime } from '../hub/index.js';
import { serverEventFrame } from './frames.js';

/** Joins and leaves within this window share one EventWatcherUpdated, so a crowd joining costs O(n), not O(n²). */
export const DEFAULT_WATCHER_ANNOUNCE_MS = 250;

/**
 * Tells an event's watchers how many they are, once per window: the count is read when
 * the window closes, so it is the latest one, and with shared member counts it covers
 * every instance. One per hub runtime, owned by the event sessions.
 */
export class WatcherAnnouncer {
  private readonly pending = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly hub: HubRuntime,
    private readonly windowMs: number,
  ) {}

  /** A member joined or left the event's group: the count changed. */
  changed(group: string, eventId: string): void {
    if (this.pending.has(group)) return;
    this.pending.add(group);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending.delete(group);
      void this.announce(group, eventId).catch(() => {
        // The hub may have shut down meanwhile; nobody is left to tell.
      });
    }, this.windowMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async announce(group: string, eventId: string): Promise<void> {
    const watchers = await this.hub.groups.total(group);
    await this.hub.broadcast(group, serverEventFrame('EventWatcherUpdated', { eventId, watchers }));
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
  }
}
