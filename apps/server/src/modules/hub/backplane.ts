/**
 * Carries frames to every instance that has members in a group. The in-process
 * backplane is enough for one instance; the Redis one (one channel per group)
 * implements the same interface for several instances side by side.
 */
export interface Backplane {
  publish(group: string, frame: Buffer): void | Promise<void>;
  /** Listens to a group's frames; the returned function stops listening. */
  subscribe(group: string, listener: (frame: Buffer) => void): () => void;
  close(): Promise<void>;
  /**
   * How far behind the backplane is, in seconds (a shared one only): the last probe's round trip, or
   * the age of the oldest probe still unanswered when that is longer (Redis away or slow).
   */
  lagSeconds?(): number;
}

export function createLocalBackplane(): Backplane {
  const listeners = new Map<string, Set<(frame: Buffer) => void>>();
  return {
    publish(group, frame) {
      for (const listener of listeners.get(group) ?? []) listener(frame);
    },
    subscribe(group, listener) {
      let set = listeners.get(group);
      if (!set) listeners.set(group, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(group);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
