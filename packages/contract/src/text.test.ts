import { describe, expect, it } from 'vitest';
import { findBadText, textProblem } from './text.js';

describe('textProblem', () => {
  it('accepts ordinary text, emoji (paired surrogates), tabs and line breaks', () => {
    expect(textProblem('Café 🎉\tline\r\nnext')).toBeUndefined();
  });

  it('refuses unpaired surrogates, high or low, anywhere', () => {
    expect(textProblem('a\ud800')).toMatch(/unpaired surrogate/);
    expect(textProblem('\udc00b')).toMatch(/unpaired surrogate/);
    expect(textProblem('x\ud83d\ud83d')).toMatch(/unpaired surrogate/);
  });

  it('refuses NUL and other control characters', () => {
    expect(textProblem('a\u0000b')).toMatch(/control/);
    expect(textProblem('bell\u0007')).toMatch(/control/);
    expect(textProblem('del\u007f')).toMatch(/control/);
  });
});

describe('findBadText', () => {
  it('names the field path of the first bad string, in objects, arrays and keys', () => {
    expect(findBadText({ area: { city: 'ok', state: 'bad\ud800' } })).toMatchObject({ field: 'area.state' });
    expect(findBadText({ tagIds: ['a', 'b', 'c\u0000'] })).toMatchObject({ field: 'tagIds.2' });
    expect(findBadText({ ['k\u0001']: 1 })).toMatchObject({ field: 'k\u0001' });
    expect(findBadText({ name: 'fine', list: [1, true, null] })).toBeUndefined();
  });

  it('stops at absurd nesting instead of recursing without end', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(findBadText(deep)?.problem).toMatch(/nest at most/);
  });
});
