/**
 * Search snippets without ts_headline. Measured (bench:documents, 100,000 documents on
 * PostgreSQL): ts_headline on a page of 20 hits cost 1.2 ms, more than ranking every match, as it
 * parses each whole document. Here the database only finds the first whole-word hit with a
 * regular expression and sends a short excerpt around it; the words are marked here.
 */

/** Characters of text the database sends around the first hit. */
export const EXCERPT_CHARS = 320;
/** How far before the first hit the excerpt starts, so the hit has some context. */
export const EXCERPT_LEAD = 90;

const WORD = /[\p{L}\p{N}_]+/gu;
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The search's words as the 'simple' configuration sees them: lower-cased runs of letters, digits and underscores. */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(WORD) ?? [])].slice(0, 32);
}

/** A PostgreSQL regular expression (ARE) matching any of the words as a whole word; null when there are none. */
export function wordPattern(words: string[]): string | null {
  return words.length ? `\\m(${words.map(escape).join('|')})\\M` : null;
}

export type SnippetPart = { text: string; hit: boolean };

/**
 * The excerpt as parts, its whole words only (a cut word at either end is dropped), with `…` where
 * the document goes on, and the search's words marked wherever they occur in it.
 */
export function snippetOf(excerpt: string, words: string[], cut: { start: boolean; end: boolean }): SnippetPart[] {
  let text = excerpt.replace(/\s+/g, ' ');
  if (cut.start) text = text.replace(/^[\p{L}\p{N}_]*\s?/u, '');
  if (cut.end) text = text.replace(/\s?[\p{L}\p{N}_]*$/u, '');
  text = text.trim();
  if (!text) return [];
  const parts: SnippetPart[] = [];
  const push = (s: string, hit: boolean) => {
    if (!s) return;
    const last = parts.at(-1);
    if (last && last.hit === hit) last.text += s;
    else parts.push({ text: s, hit });
  };
  if (cut.start) push('… ', false);
  const wanted = new Set(words);
  let at = 0;
  for (const match of text.matchAll(WORD)) {
    if (!wanted.has(match[0].toLowerCase())) continue;
    push(text.slice(at, match.index), false);
    push(match[0], true);
    at = match.index + match[0].length;
  }
  push(text.slice(at), false);
  if (cut.end) push(' …', false);
  return parts;
}
