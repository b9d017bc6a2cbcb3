import { describe, expect, it } from 'vitest';
import { searchWords, snippetOf, wordPattern } from './snippet.js';

describe('snippets', () => {
  it('takes the words of a search as the simple configuration does', () => {
    expect(searchWords('"Doors open" -rain OR Café_2 at 6!')).toEqual(['doors', 'open', 'rain', 'or', 'café_2', 'at', '6']);
    expect(searchWords('((( :* &')).toEqual([]);
  });

  it('builds a whole-word pattern with every special character escaped', () => {
    expect(wordPattern(['w3', 'a.b'])).toBe('\\m(w3|a\\.b)\\M');
    expect(wordPattern([])).toBeNull();
  });

  it('marks whole words only, any case, and trims cut words at the ends', () => {
    const parts = snippetOf('ar at the Boathouse; boathouses are not boathouse. Wear reflec', ['boathouse'], { start: true, end: true });
    expect(parts).toEqual([
      { text: '… at the ', hit: false },
      { text: 'Boathouse', hit: true },
      { text: '; boathouses are not ', hit: false },
      { text: 'boathouse', hit: true },
      { text: '. Wear …', hit: false },
    ]);
  });

  it('keeps text that looks like markup as text', () => {
    expect(snippetOf('<b>bold</b> claim', ['bold'], { start: false, end: false })).toEqual([
      { text: '<b>', hit: false },
      { text: 'bold', hit: true },
      { text: '</b> claim', hit: false },
    ]);
  });
});
