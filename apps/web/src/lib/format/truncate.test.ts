import { describe, expect, it } from 'vitest';
import { ELLIPSIS, truncate } from './truncate';

const codePoints = (text: string) => Array.from(text).length;

describe('truncate', () => {
  it('leaves text within the limit untouched', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello', 10)).toBe('hello');
    expect(truncate('', 3)).toBe('');
  });

  it('cuts to at most max characters, ellipsis included', () => {
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(codePoints(truncate('abcdefghij', 5))).toBe(5);
    expect(truncate('abcdef', 2)).toBe('a…');
    expect(truncate('abcdef', 1)).toBe(ELLIPSIS);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('Hello world', 7)).toBe('Hello…');
  });

  it('counts an emoji outside the BMP as one character and never splits it', () => {
    expect(truncate('😀😀😀😀', 4)).toBe('😀😀😀😀');
    expect(truncate('😀😀😀😀😀', 4)).toBe('😀😀😀…');
    expect(truncate('ab😀cd', 3)).toBe('ab…');
    expect(truncate('a😀bcd', 3)).toBe('a😀…');
    const cut = truncate('😀'.repeat(10), 5);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('drops a multi-code-point emoji whole rather than leaving part of it', () => {
    const family = '👩\u200d👩\u200d👧'; // 5 code points, one glyph
    expect(truncate(`ab${family}cdef`, 6)).toBe('ab…');
    expect(truncate(`ab${family}cdef`, 8)).toBe(`ab${family}…`);
    expect(truncate('🇫🇷🇩🇪🇮🇹', 4)).toBe('🇫🇷…');
  });

  it('handles combining marks', () => {
    expect(truncate('e\u0301e\u0301e\u0301e\u0301', 4)).toBe('e\u0301…');
  });

  it('returns an empty string for a limit below 1 or not a number', () => {
    expect(truncate('abc', 0)).toBe('');
    expect(truncate('abc', -5)).toBe('');
    expect(truncate('abc', Number.NaN)).toBe('');
  });

  it('floors a fractional limit and accepts Infinity', () => {
    expect(truncate('abcdef', 3.9)).toBe('ab…');
    expect(truncate('abcdef', Number.POSITIVE_INFINITY)).toBe('abcdef');
  });
});
