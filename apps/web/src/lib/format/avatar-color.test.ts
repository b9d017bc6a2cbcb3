import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColor } from './avatar-color';

describe('avatarColor', () => {
  it('picks from a fixed list of 9 distinct Mantine colours', () => {
    expect(AVATAR_COLORS).toHaveLength(9);
    expect(new Set(AVATAR_COLORS).size).toBe(9);
  });

  it('is stable: the same name always gets the same colour', () => {
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Zoë', '山田太郎', '', '🎉']) {
      const first = avatarColor(name);
      expect(AVATAR_COLORS).toContain(first);
      for (let i = 0; i < 5; i++) expect(avatarColor(name)).toBe(first);
    }
  });

  it('does not change across releases for known names (hash pinned)', () => {
    // Pinned so a refactor of the hash does not silently recolour every user.
    expect(['Ada Lovelace', 'Grace Hopper', 'Alan Turing'].map(avatarColor)).toEqual([
      'violet',
      'pink',
      'green',
    ]);
  });

  it('ignores case, surrounding spaces and Unicode normalisation form', () => {
    expect(avatarColor('  ada lovelace ')).toBe(avatarColor('Ada Lovelace'));
    expect(avatarColor('Zoe\u0308')).toBe(avatarColor('Zo\u00eb'));
  });

  it('spreads names over every colour without a heavy favourite', () => {
    const counts = new Map<string, number>();
    const total = 2700;
    for (let i = 0; i < total; i++) {
      const colour = avatarColor(`user${i}`);
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
    expect(counts.size).toBe(9);
    const expected = total / 9;
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(expected * 0.6);
      expect(count).toBeLessThan(expected * 1.4);
    }
  });

  it('usually tells similar names apart', () => {
    const colours = new Set(['Anna', 'Anne', 'Ann', 'Annie', 'Hanna', 'Ana'].map(avatarColor));
    expect(colours.size).toBeGreaterThan(2);
  });
});
