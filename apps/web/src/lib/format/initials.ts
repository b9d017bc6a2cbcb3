// A letter or digit with its combining marks, so "é" written as e + U+0301 stays whole.
const INITIAL_RE = /[\p{L}\p{N}]\p{M}*/gu;

function upper(char: string): string {
  const up = char.toUpperCase();
  // Some letters grow when upper-cased (ß -> SS); keep the original rather than exceed 2.
  return Array.from(up).length === Array.from(char).length ? up : char;
}

/**
 * Up to two initials: first and last word ("Ada Lovelace" -> "AL"), or the first two letters
 * of a single word ("Madonna" -> "MA"). Punctuation and emoji are skipped; '' when none.
 */
export function initials(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/\s+/u)
    .map((word) => word.match(INITIAL_RE) ?? [])
    .filter((letters) => letters.length > 0);
  if (words.length === 0) return '';
  const picked =
    words.length === 1 ? words[0].slice(0, 2) : [words[0][0], words[words.length - 1][0]];
  return picked.map(upper).join('');
}
