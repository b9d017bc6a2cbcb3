/**
 * How many members a group has across instances. Separate from the backplane,
 * which only carries frames: one instance counts its own members, several
 * instances share their counts (Redis) so everyone sees the crowd's real size.
 */
export interface MemberCounts {
  /** Records this instance's count for the group and returns the total over every live instance. */
  total(group: string, local: number): Promise<number>;
  /** The total over every live instance without recording anything, this instance counted as `local`. */
  peek(group: string, local: number): Promise<number>;
  close(): Promise<void>;
}

/** One instance: its own count is the total. */
export function createLocalMemberCounts(): MemberCounts {
  return {
    total: (_group, local) => Promise.resolve(local),
    peek: (_group, local) => Promise.resolve(local),
    close: () => Promise.resolve(),
  };
}
