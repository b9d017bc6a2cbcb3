import { describe, expect, it } from 'vitest';
import { readerLocale } from './locale.js';

describe('readerLocale', () => {
  it('takes the first usable locale by weight, in canonical form', () => {
    expect(readerLocale('de-CH,de;q=0.9,en;q=0.5')).toBe('de-CH');
    expect(readerLocale('en;q=0.5, fr-fr;q=0.8')).toBe('fr-FR');
    expect(readerLocale(['ja-JP', 'en'])).toBe('ja-JP');
  });

  it('falls back to en-US for no header, a wildcard, nonsense or a refused language', () => {
    for (const header of [undefined, '', '*', 'q=1', '<script>', 'x'.repeat(600), 'de;q=0', 'zz-ZZ-!!']) expect(readerLocale(header), String(header)).toBe('en-US');
  });
});
