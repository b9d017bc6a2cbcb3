export const ELLIPSIS = '…';

function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(segmenter.segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

const codePoints = (text: string): number => Array.from(text).length;

/**
 * At most `max` code points, ending with '…' when cut. Cuts fall on grapheme boundaries so an
 * emoji sequence (👩‍👩‍👧, flags, skin tones) is dropped whole rather than left half-drawn.
 */
export function truncate(text: string, max: number): string {
  const limit = Math.floor(max);
  if (!(limit >= 1)) return '';
  if (codePoints(text) <= limit) return text;
  let kept = '';
  let used = 0;
  for (const cluster of graphemes(text)) {
    const size = codePoints(cluster);
    if (used + size > limit - 1) break;
    kept += cluster;
    used += size;
  }
  return kept.trimEnd() + ELLIPSIS;
}
