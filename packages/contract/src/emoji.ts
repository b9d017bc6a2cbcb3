import raw from '../data/emoji.json';

/** The spec's emoji groups, in catalogue order. */
export const EMOJI_GROUPS = [
  'smileys-emotion',
  'people-body',
  'component',
  'animals-nature',
  'food-drink',
  'travel-places',
  'activities',
  'objects',
  'symbols',
  'flags',
  'extras-openmoji',
  'extras-unicode',
] as const;
export type EmojiGroup = (typeof EMOJI_GROUPS)[number];

export interface EmojiEntry {
  emoji: string;
  /** The annotation, hyphenated: "grinning-face". */
  name: string;
  group: EmojiGroup;
}

/** Built from OpenMoji's data (CC BY-SA 4.0, see data/emoji.LICENSE.md) by scripts/build-emoji-catalogue.mjs. */
export const emojiCatalogue: readonly EmojiEntry[] = raw as EmojiEntry[];

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Lower is better; null when the entry does not match every query word. */
function rank(entry: EmojiEntry, query: string, queryWords: string[]): number | null {
  if (entry.name === query) return 0;
  const parts = entry.name.split('-');
  if (!queryWords.every((w) => parts.some((p) => p.startsWith(w)))) {
    return queryWords.every((w) => entry.name.includes(w)) ? 3 : null;
  }
  return entry.name.startsWith(query) ? 1 : 2;
}

/**
 * Finds emoji by name: "cat face", "cat-face" and "Cat" all work; every word must
 * start a part of the name (or, ranked last, appear inside it). An empty query lists
 * the group (or everything) in catalogue order.
 */
export function searchEmoji(query: string, options: { group?: EmojiGroup; limit?: number } = {}): EmojiEntry[] {
  const limit = options.limit ?? 60;
  const pool = options.group ? emojiCatalogue.filter((e) => e.group === options.group) : emojiCatalogue;
  const queryWords = words(query);
  if (!queryWords.length) return pool.slice(0, limit);
  const hyphenated = queryWords.join('-');
  const hits: { entry: EmojiEntry; score: number; index: number }[] = [];
  pool.forEach((entry, index) => {
    const score = rank(entry, hyphenated, queryWords);
    if (score !== null) hits.push({ entry, score, index });
  });
  hits.sort((a, b) => a.score - b.score || a.entry.name.length - b.entry.name.length || a.index - b.index);
  return hits.slice(0, limit).map((h) => h.entry);
}
