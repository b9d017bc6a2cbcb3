import { useEffect, useRef, useState } from 'react';

export interface Presence<T> {
  item: T;
  leaving: boolean;
}

/**
 * The items to draw: the current ones, plus the ones just removed for `leaveMs` so they can
 * animate out. With `leaveMs` 0 (reduced motion) a removed item goes at once.
 */
export function useFlyerPresence<T extends { id: string }>(items: readonly T[], leaveMs: number): Presence<T>[] {
  const previous = useRef<readonly T[]>(items);
  const [leaving, setLeaving] = useState<T[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    const current = new Set(items.map((i) => i.id));
    const gone = previous.current.filter((i) => !current.has(i.id));
    previous.current = items;
    // Back on screen: no longer leaving.
    setLeaving((list) => {
      const kept = list.filter((i) => !current.has(i.id));
      const next = leaveMs > 0 ? [...kept, ...gone.filter((g) => !kept.some((k) => k.id === g.id))] : [];
      return next.length === list.length && next.every((item, i) => item === list[i]) ? list : next;
    });
    if (leaveMs <= 0 || gone.length === 0) return;
    const ids = new Set(gone.map((g) => g.id));
    // Not cleared when the items change again: each departure runs its own course.
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setLeaving((list) => list.filter((i) => !ids.has(i.id)));
    }, leaveMs);
    timers.current.add(timer);
  }, [items, leaveMs]);

  return [...items.map((item) => ({ item, leaving: false })), ...leaving.filter((l) => !items.some((i) => i.id === l.id)).map((item) => ({ item, leaving: true }))];
}
