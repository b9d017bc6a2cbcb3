import { describe, expect, it } from 'vitest';
import { myDataFileName } from './file-name';

describe('myDataFileName', () => {
  it('names the file after the local day, zero-padded', () => {
    expect(myDataFileName(new Date(2026, 0, 5, 23, 59))).toBe('hubbub-my-data-2026-01-05.json');
    expect(myDataFileName(new Date(2025, 11, 31, 0, 1))).toBe('hubbub-my-data-2025-12-31.json');
  });
});
