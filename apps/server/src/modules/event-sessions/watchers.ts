import type { HubRuntime } from '../hub/index.js';
import { serverEventFrame } from './frames.js';

/** Joins and leaves within this window share one EventWatcherUpdated, so a crowd joining costs O(n), not O(n²). */
export const DEFAULT_WATCHER_ANNOUNCE_MS = 250;
/**
 * Count frames a second an instance writes at most for one event: each announcement goes to every
 * watcher here, so a fixed window would cost a big crowd in proportion to its size (5,000 watchers
 * every 250 ms are 20,000 writes a second, most of a flash crowd's cost). Past 500 watchers the
 * window grows with them instead: 1 s for 2,000, 2.5 s for 5,000.
 */
const MAX_COUNT_FRAMES_PER_SECOND = 2000;

/**
 * Tells an event's watchers how many they are, once per window (longer for a big crowd): the
 * count is read when the window closes, so it is the latest one, and with shared member counts it
 * covers every instance. One per hub runtime, owned by the event sessions.
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
    const windowMs = Math.max(this.windowMs, (this.hub.groups.count(group) * 1000) / MAX_COUNT_FRAMES_PER_SECOND);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending.delete(group);
      void this.announce(group, eventId).catch(() => {
        // The hub may have shut down meanwhile; nobody is left to tell.
      });
    }, windowMs);
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
