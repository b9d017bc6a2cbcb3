import { describe, expect, it } from 'vitest';
import { FLYER_BLOCKS_MAX, FLYER_TEXT_MAX, FlyerContentSchema } from '@hubbub/contract';
import { blockTitle, contentReducer, emptyContent, type ContentAction } from './content-reducer';

const run = (...actions: ContentAction[]) => actions.reduce(contentReducer, emptyContent());

describe('contentReducer', () => {
  it('switches between solid and gradient backgrounds and keeps the chosen angle', () => {
    let s = run({ type: 'gradient', name: 'Omolon', colors: ['#091e3a', '#2f80ed'] }, { type: 'angle', angle: 45 });
    expect(s.background).toEqual({ kind: 'gradient', name: 'Omolon', colors: ['#091e3a', '#2f80ed'], angle: 45 });
    s = contentReducer(s, { type: 'gradient', name: 'Purple', colors: ['#c84e89', '#f15f79'] });
    expect(s.background).toMatchObject({ name: 'Purple', angle: 45 });
    s = contentReducer(s, { type: 'solid', color: '#ff0000' });
    expect(s.background).toEqual({ kind: 'solid', color: '#ff0000' });
    expect(contentReducer(s, { type: 'angle', angle: 90 })).toBe(s);
  });

  it('clamps the angle to 0..360', () => {
    const s = run({ type: 'gradient', name: 'A', colors: ['#000000', '#ffffff'] }, { type: 'angle', angle: 999 });
    expect(s.background).toMatchObject({ angle: 360 });
  });

  it('adds, edits, moves and removes text blocks within the contract limits', () => {
    let s = run({ type: 'addText', id: 't1' });
    expect(s.blocks).toHaveLength(1);
    s = contentReducer(s, { type: 'update', id: 't1', patch: { text: 'x'.repeat(FLYER_TEXT_MAX + 20), fontSize: 500, align: 'right', color: '#112233' } });
    s = contentReducer(s, { type: 'move', id: 't1', x: -1, y: 0.12345 });
    expect(s.blocks[0]).toMatchObject({ kind: 'text', fontSize: 120, align: 'right', color: '#112233', x: 0, y: 0.123 });
    expect((s.blocks[0] as { text: string }).text).toHaveLength(FLYER_TEXT_MAX);
    expect(FlyerContentSchema.safeParse(s).success).toBe(true);
    expect(contentReducer(s, { type: 'remove', id: 't1' }).blocks).toEqual([]);
    expect(contentReducer(s, { type: 'update', id: 'nope', patch: { x: 0.5 } })).toEqual(s);
  });

  it('adds stickers and keeps one picture at the bottom of the stack', () => {
    let s = run({ type: 'addEmoji', id: 'e1', emoji: '🎉', name: 'party-popper' }, { type: 'setImage', id: 'i1' }, { type: 'setImage', id: 'i2' });
    expect(s.blocks.map((b) => b.id)).toEqual(['i1', 'e1']);
    s = contentReducer(s, { type: 'update', id: 'e1', patch: { size: 1 } });
    expect(s.blocks[1]).toMatchObject({ size: 16 });
    s = contentReducer(s, { type: 'update', id: 'i1', patch: { width: 3 } });
    expect(s.blocks[0]).toMatchObject({ width: 1 });
    expect(FlyerContentSchema.safeParse(s).success).toBe(true);
    s = contentReducer({ ...s, imagePath: '/files/x.webp' }, { type: 'removeImage' });
    expect(s.blocks.map((b) => b.id)).toEqual(['e1']);
    expect(s.imagePath).toBeNull();
  });

  it('stops adding at the block limit', () => {
    let s = emptyContent();
    for (let i = 0; i < FLYER_BLOCKS_MAX + 5; i++) s = contentReducer(s, { type: 'addText', id: `t${i}` });
    expect(s.blocks).toHaveLength(FLYER_BLOCKS_MAX);
  });

  it('titles blocks for the layer list', () => {
    const s = run({ type: 'addText', id: 't' }, { type: 'addEmoji', id: 'e', emoji: '🐱', name: 'cat-face' }, { type: 'setImage', id: 'i' });
    expect(s.blocks.map(blockTitle)).toEqual(['Picture', 'Text: Your text', 'Sticker: cat face']);
  });
});
