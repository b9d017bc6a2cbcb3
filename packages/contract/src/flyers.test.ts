import { describe, expect, it } from 'vitest';
import raw from '../data/gradients.json';
import { EMOJI_GROUPS, emojiCatalogue, searchEmoji } from './emoji.js';
import { FLYER_BLOCKS_MAX, FlyerContentSchema, parseFlyerContent, type FlyerContent } from './flyers.js';
import { HEX_COLOR } from './colors.js';
import { gradientNamed, gradients, normaliseGradients } from './gradients.js';

const base: FlyerContent = {
  version: 1,
  background: { kind: 'solid', color: '#112233' },
  blocks: [
    { kind: 'text', id: 't', text: 'Hello', fontSize: 24, color: '#ffffff', align: 'right', x: 0, y: 1 },
    { kind: 'emoji', id: 'e', emoji: '🐱', name: 'cat-face', size: 64, x: 0.3, y: 0.4 },
    { kind: 'image', id: 'i', x: 0.1, y: 0.1, width: 0.8 },
  ],
};
const json = (over: Record<string, unknown>) => JSON.stringify({ ...base, ...over });

describe('FlyerContentSchema v1', () => {
  it('accepts a full design and a gradient of 2 to 6 colours', () => {
    expect(parseFlyerContent(JSON.stringify(base))).toEqual({ success: true, data: base });
    for (const n of [2, 6]) {
      const background = { kind: 'gradient', name: 'G', colors: Array(n).fill('#abcdef'), angle: 360 };
      expect(parseFlyerContent(json({ background })).success).toBe(true);
    }
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['version 2', json({ version: 2 }), 'version'],
    ['7 gradient colours', json({ background: { kind: 'gradient', name: 'G', colors: Array(7).fill('#abcdef'), angle: 0 } }), 'background.colors: A gradient has 2 to 6 colours.'],
    ['a 501-character text', json({ blocks: [{ ...base.blocks[0], text: 'x'.repeat(501) }] }), 'blocks.0.text: Text is at most 500 characters.'],
    ['41 blocks', json({ blocks: Array(FLYER_BLOCKS_MAX + 1).fill(base.blocks[1]) }), 'blocks: A flyer has at most 40 blocks.'],
    ['a 3-digit colour', json({ background: { kind: 'solid', color: '#fff' } }), 'background.color'],
    ['a control character in text', json({ blocks: [{ ...base.blocks[0], text: 'a\u0007b' }] }), 'control characters'],
    ['an emoji size of 300', json({ blocks: [{ ...base.blocks[1], size: 300 }] }), 'blocks.0.size'],
    ['an image wider than the card', json({ blocks: [{ ...base.blocks[2], width: 1.2 }] }), 'blocks.0.width'],
  ])('refuses %s with a message saying where', (_label, input, message) => {
    const result = parseFlyerContent(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toContain(message);
  });

  it('keeps markup in text as plain characters', () => {
    const text = '<img src=x onerror=alert(1)>';
    const parsed = FlyerContentSchema.parse({ ...base, blocks: [{ ...base.blocks[0], text }] });
    expect(parsed.blocks[0]).toMatchObject({ text });
  });
});

describe('gradient catalogue', () => {
  it('holds the upstream entries, each with 2 to 6 #rrggbb colours and a unique name', () => {
    expect(raw.length).toBe(382);
    expect(gradients.length).toBe(382);
    for (const g of gradients) {
      expect(g.colors.length).toBeGreaterThanOrEqual(2);
      expect(g.colors.length).toBeLessThanOrEqual(6);
      for (const c of g.colors) expect(c).toMatch(HEX_COLOR);
    }
    expect(new Set(gradients.map((g) => g.name.toLowerCase())).size).toBe(gradients.length);
  });

  it('repairs the upstream slips: missing # and #rgb shorthand', () => {
    expect(gradientNamed('Elate The Euge')?.colors).toEqual(['#8bdeda', '#43add0', '#998ee0', '#e17dc2', '#ef9393']);
    expect(gradientNamed('sky')?.colors).toEqual(['#076585', '#ffffff']);
  });

  it('drops entries that cannot be repaired and repeated names', () => {
    const out = normaliseGradients([
      { name: 'A', colors: ['#000000', '#ffffff'] },
      { name: 'a', colors: ['#111111', '#222222'] },
      { name: 'Bad', colors: ['red', '#ffffff'] },
      { name: 'One', colors: ['#ffffff'] },
      { name: 'Seven', colors: Array(7).fill('#ffffff') },
      null,
    ]);
    expect(out).toEqual([{ name: 'A', colors: ['#000000', '#ffffff'] }]);
  });
});

describe('emoji catalogue', () => {
  it("has entries in every one of the spec's groups with hyphenated names", () => {
    expect(new Set(emojiCatalogue.map((e) => e.group))).toEqual(new Set(EMOJI_GROUPS));
    for (const e of emojiCatalogue) expect(e.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(emojiCatalogue.map((e) => e.name)).size).toBe(emojiCatalogue.length);
  });

  it('searches by name: exact first, then prefixes, words in any form', () => {
    expect(searchEmoji('cat-face')[0]).toMatchObject({ emoji: '🐱', name: 'cat-face' });
    expect(searchEmoji('Cat Face')[0].name).toBe('cat-face');
    const party = searchEmoji('party');
    expect(party.map((e) => e.name)).toContain('party-popper');
    expect(party.every((e) => e.name.includes('part'))).toBe(true);
    expect(searchEmoji('face grin').map((e) => e.name)).toContain('grinning-face');
    expect(searchEmoji('zzzz-no-such-emoji')).toEqual([]);
  });

  it('limits results and filters by group; an empty query lists the group', () => {
    expect(searchEmoji('face', { limit: 5 })).toHaveLength(5);
    const flags = searchEmoji('', { group: 'flags', limit: 1000 });
    expect(flags.length).toBeGreaterThan(200);
    expect(flags.every((e) => e.group === 'flags')).toBe(true);
    expect(searchEmoji('france', { group: 'flags' })[0].emoji).toBe('🇫🇷');
  });
});
