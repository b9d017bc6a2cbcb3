import type { Backplane } from './backplane.js';
import type { MemberCounts } from './member-counts.js';

/** What a group member must offer: sending an already serialised frame. */
export interface GroupMember {
  readonly id: string;
  sendFrame(frame: Buffer): void;
}

/**
 * This instance's group membership, kept in one place both ways (group → members,
 * member → groups); frames go out through the backplane so other instances see them.
 */
export class Groups {
  private readonly members = new Map<string, Set<GroupMember>>();
  private readonly groupsOf = new Map<GroupMember, Set<string>>();
  private readonly unsubscribes = new Map<string, () => void>();

  constructor(
    private readonly backplane: Backplane,
    private readonly counts: MemberCounts,
  ) {}

  /** How many groups have a member on this instance (/metrics). */
  get size(): number {
    return this.members.size;
  }

  /** Returns false when the member was already in the group. */
  join(group: string, member: GroupMember): boolean {
    let set = this.members.get(group);
    if (!set) {
      set = new Set();
      this.members.set(group, set);
      const local = set;
      this.unsubscribes.set(
        group,
        this.backplane.subscribe(group, (frame) => {
          for (const m of local) m.sendFrame(frame);
        }),
      );
    }
    if (set.has(member)) return false;
    set.add(member);
    let joined = this.groupsOf.get(member);
    if (!joined) this.groupsOf.set(member, (joined = new Set()));
    joined.add(group);
    return true;
  }

  /** Returns false when the member was not in the group. */
  leave(group: string, member: GroupMember): boolean {
    const set = this.members.get(group);
    if (!set?.delete(member)) return false;
    const joined = this.groupsOf.get(member);
    joined?.delete(group);
    if (joined && !joined.size) this.groupsOf.delete(member);
    if (!set.size) {
      this.members.delete(group);
      this.unsubscribes.get(group)?.();
      this.unsubscribes.delete(group);
    }
    return true;
  }

  /** Takes the member out of every group it joined; returns those groups. */
  leaveAll(member: GroupMember): string[] {
    const left = [...(this.groupsOf.get(member) ?? [])];
    for (const group of left) this.leave(group, member);
    return left;
  }

  /** The groups a member is in on this instance. */
  of(member: GroupMember): string[] {
    return [...(this.groupsOf.get(member) ?? [])];
  }

  /** The group's members on this instance, as a copy (leaving while walking it is safe). */
  listMembers(group: string): GroupMember[] {
    return [...(this.members.get(group) ?? [])];
  }

  has(group: string, member: GroupMember): boolean {
    return this.members.get(group)?.has(member) ?? false;
  }

  /** Members on this instance. */
  count(group: string): number {
    return this.members.get(group)?.size ?? 0;
  }

  /** Members on every instance; call right after a join or leave so the shared count is current. */
  total(group: string): Promise<number> {
    return this.counts.total(group, this.count(group));
  }

  /** Members on every instance, read without recording this instance's count (for reports, not after a change). */
  peekTotal(group: string): Promise<number> {
    return this.counts.peek(group, this.count(group));
  }

  /** The frame is serialised once by the caller and shared by every member. */
  publish(group: string, frame: Buffer): void | Promise<void> {
    return this.backplane.publish(group, frame);
  }

  clear(): void {
    for (const unsubscribe of this.unsubscribes.values()) unsubscribe();
    this.unsubscribes.clear();
    this.members.clear();
    this.groupsOf.clear();
  }
}
