/**
 * Carries frames to every instance that has members in a group. The in-process
 * bus is enough for one instance; a Redis bus (one channel per group) can
 * implement the same interface for scale-out.
 */
export interface GroupBus {
  publish(group: string, frame: Buffer): void | Promise<void>;
  /** Listens to a group's frames; the returned function stops listening. */
  subscribe(group: string, listener: (frame: Buffer) => void): () => void;
  close(): Promise<void>;
  /**
   * Shared buses count members across instances: records this instance's count for
   * the group and returns the total. Absent: the local count is the total.
   */
  watchers?(group: string, local: number): Promise<number>;
}

export function createLocalBus(): GroupBus {
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

/** What a group member must offer: sending an already serialised frame. */
export interface GroupMember {
  readonly id: string;
  sendFrame(frame: Buffer): void;
}

/** This instance's group membership; frames go out through the bus so other instances see them. */
export class Groups {
  private readonly members = new Map<string, Set<GroupMember>>();
  private readonly unsubscribes = new Map<string, () => void>();

  constructor(private readonly bus: GroupBus) {}

  /** Returns false when the member was already in the group. */
  join(group: string, member: GroupMember): boolean {
    let set = this.members.get(group);
    if (!set) {
      set = new Set();
      this.members.set(group, set);
      const local = set;
      this.unsubscribes.set(
        group,
        this.bus.subscribe(group, (frame) => {
          for (const m of local) m.sendFrame(frame);
        }),
      );
    }
    if (set.has(member)) return false;
    set.add(member);
    return true;
  }

  /** Returns false when the member was not in the group. */
  leave(group: string, member: GroupMember): boolean {
    const set = this.members.get(group);
    if (!set?.delete(member)) return false;
    if (!set.size) {
      this.members.delete(group);
      this.unsubscribes.get(group)?.();
      this.unsubscribes.delete(group);
    }
    return true;
  }

  /** Members on this instance. */
  count(group: string): number {
    return this.members.get(group)?.size ?? 0;
  }

  /** Members on every instance the bus reaches; call right after join or leave so the bus records the new count. */
  total(group: string): Promise<number> {
    const local = this.count(group);
    return this.bus.watchers ? this.bus.watchers(group, local) : Promise.resolve(local);
  }

  /** The frame is serialised once by the caller and shared by every member. */
  publish(group: string, frame: Buffer): void | Promise<void> {
    return this.bus.publish(group, frame);
  }

  clear(): void {
    for (const unsubscribe of this.unsubscribes.values()) unsubscribe();
    this.unsubscribes.clear();
    this.members.clear();
  }
}
