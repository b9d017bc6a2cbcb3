import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Ada King Lovelace', 'AL'],
    ['  Ada   Lovelace  ', 'AL'],
    ['Madonna', 'MA'],
    ['A', 'A'],
    ['Zoë Ångström', 'ZÅ'],
    ['élodie durand', 'ÉD'],
    ['e\u0301lodie', '\u00c9L'], // decomposed input, composed output
    ['山田 太郎', '山太'],
    ['Иван Петров', 'ИП'],
    ['𝒜lice 𝒞ob', '𝒜𝒞'], // letters outside the BMP
    ['Ada \u{1d49d}', 'AD'], // an unassigned code point is not a word
    ['(Bob) @smith', 'BS'],
    ['🎉 Party People', 'PP'],
    ['Team 42', 'T4'],
    ['ßtraße', 'ßT'],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it.each(['', '   ', '🎉🎉', '--- ...'])('returns an empty string when %j has no letters', (name) => {
    expect(initials(name)).toBe('');
  });

  it('never returns more than two code points worth of letters', () => {
    for (const name of ['Ada Lovelace', 'Madonna', '𝒜lice 𝒞ob', 'ßtraße']) {
      expect(Array.from(initials(name).normalize('NFC')).length).toBeLessThanOrEqual(2);
    }
  });
});
