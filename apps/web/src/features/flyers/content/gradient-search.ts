import { gradients, type Gradient } from '@hubbub/contract/catalogues';

/** Gradients whose name contains every word of the query (case-insensitive), catalogue order. */
export function filterGradients(query: string, list: readonly Gradient[] = gradients): readonly Gradient[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return list;
  return list.filter((g) => {
    const name = g.name.toLowerCase();
    return words.every((w) => name.includes(w));
  });
}

/** The page that shows the chosen gradient, so reopening the picker lands on it. */
export function pageOf(list: readonly Gradient[], name: string | null, perPage: number): number {
  if (!name) return 1;
  const index = list.findIndex((g) => g.name === name);
  return index < 0 ? 1 : Math.floor(index / perPage) + 1;
}
