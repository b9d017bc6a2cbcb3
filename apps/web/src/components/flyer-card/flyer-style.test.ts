import { describe, expect, it } from 'vitest';
import type { FlyerContent } from '@hubbub/contract';
import { backgroundCss, blockStyle, flyerLabel, flyerWidth, gradientCss, resolveContent, scaled } from './flyer-style';

const content: FlyerContent = {
  version: 1,
  background: { kind: 'gradient', name: 'Omolon', colors: ['#091e3a', '#2f80ed', '#2d9ee0'], angle: 135 },
  blocks: [
    { kind: 'text', id: 'a', text: 'Doors\nopen 8pm', fontSize: 40, color: '#ffffff', align: 'center', x: 0.5, y: 0.2 },
    { kind: 'emoji', id: 'b', emoji: '🎉', name: 'party-popper', size: 80, x: 0.25, y: 0.75 },
  ],
  imagePath: null,
};

describe('gradient CSS', () => {
  it('builds linear-gradient(angle, colours…)', () => {
    expect(gradientCss(['#000000', '#ffffff'], 90)).toBe('linear-gradient(90deg, #000000, #ffffff)');
    expect(backgroundCss(content.background)).toBe('linear-gradient(135deg, #091e3a, #2f80ed, #2d9ee0)');
    expect(backgroundCss({ kind: 'solid', color: '#123456' })).toBe('#123456');
  });

  it('stays valid CSS for a single colour', () => {
    expect(gradientCss(['#abcdef'], 0)).toBe('linear-gradient(0deg, #abcdef, #abcdef)');
  });
});

describe('resolveContent', () => {
  it('accepts valid JSON or objects', () => {
    expect(resolveContent({ contentJson: JSON.stringify(content) })).toEqual(content);
    expect(resolveContent({ content })).toEqual(content);
  });

  it.each([
    ['broken JSON', { contentJson: '{' }],
    ['a future version', { contentJson: JSON.stringify({ ...content, version: 2 }) }],
    ['an unknown block', { content: { ...content, blocks: [{ kind: 'video', id: 'v' }] } }],
    ['nothing', {}],
    ['a number', { content: 42 }],
  ])('gives null for %s', (_label, source) => {
    expect(resolveContent(source)).toBeNull();
  });
});

describe('layout', () => {
  it('scales sizes to the container width', () => {
    expect(scaled(40)).toBe('10cqw');
    expect(flyerWidth('sm')).toBe(180);
    expect(flyerWidth(250)).toBe(250);
  });

  it('anchors text by its alignment and keeps it inside the card', () => {
    const base = content.blocks[0] as Extract<FlyerContent['blocks'][number], { kind: 'text' }>;
    expect(blockStyle({ ...base, align: 'left', x: 0.1 })).toMatchObject({ left: '10%', maxWidth: '90%' });
    expect(blockStyle({ ...base, align: 'right', x: 0.9 })).toMatchObject({ right: '10%', maxWidth: '90%' });
    expect(blockStyle({ ...base, align: 'center', x: 0.25 })).toMatchObject({ left: '25%', maxWidth: '50%', transform: 'translate(-50%, -50%)' });
  });
});

describe('flyerLabel', () => {
  it('summarises the text and stickers', () => {
    expect(flyerLabel('Launch party', content)).toBe('Flyer “Launch party”: Doors open 8pm. party popper');
    expect(flyerLabel(' ', { ...content, blocks: [] })).toBe('Flyer “Untitled”');
    expect(flyerLabel('X', null)).toBe("Flyer “X”: this flyer can't be shown");
  });
});
