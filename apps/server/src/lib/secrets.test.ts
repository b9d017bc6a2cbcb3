import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, hashSecret, normaliseCode, randomCode, randomToken } from './secrets.js';

describe('secrets', () => {
  it('makes typed codes without look-alike characters', () => {
    for (let i = 0; i < 200; i++) {
      const code = randomCode();
      expect(code).toHaveLength(CODE_LENGTH);
      expect(code).not.toMatch(/[01OILS5]/);
    }
  });

  it('normalises what people type', () => {
    expect(normaliseCode(' ab3-d ef ')).toBe('AB3DEF');
  });

  it('makes long unique tokens and stable hashes', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(hashSecret(a)).toBe(hashSecret(a));
    expect(hashSecret(a)).not.toBe(a);
  });
});
