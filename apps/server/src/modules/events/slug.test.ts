import { describe, expect, it } from 'vitest';
import { nextFreeSlug, slugify } from './slug.js';

describe('slugify', () => {
  it('makes readable slugs', () => {
    expect(slugify('Jazz Night @ Café Blue!')).toBe('jazz-night-cafe-blue');
    expect(slugify('   ')).toBe('event');
    expect(slugify('日本')).toBe('event');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });

  it('picks the next free suffix', () => {
    expect(nextFreeSlug('fair', [])).toBe('fair');
    expect(nextFreeSlug('fair', ['fair', 'fair-2'])).toBe('fair-3');
  });
});
