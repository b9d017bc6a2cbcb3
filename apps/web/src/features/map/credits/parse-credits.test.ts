import { describe, expect, it } from 'vitest';
import { parseCredits } from './parse-credits';

describe('parseCredits', () => {
  it('keeps links and text of a typical hosted style', () => {
    expect(parseCredits(['<a href="https://openmaptiles.org/" target="_blank">© OpenMapTiles</a> <a href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a>'])).toEqual([
      [
        { text: '© OpenMapTiles', href: 'https://openmaptiles.org/' },
        { text: ' ' },
        { text: '© OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
      ],
    ]);
  });

  it('reduces every other tag to its text and drops links that are not web addresses', () => {
    const [credit] = parseCredits(['<b>Tiles</b> by <a href="javascript:alert(1)">Evil</a><img src=x onerror="alert(1)"><script>alert(1)</script> Co']);
    expect(credit).toEqual([{ text: 'Tiles by Evil Co' }]);
    expect(credit.some((p) => p.href)).toBe(false);
  });

  it('shows a credit repeated by several sources once and skips empty ones', () => {
    expect(parseCredits(['© Acme', undefined, '  ', '<span>©   Acme</span>', '© Other'])).toEqual([[{ text: '© Acme' }], [{ text: '© Other' }]]);
  });
});
