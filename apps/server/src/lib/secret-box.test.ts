import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('createSecretBox', () => {
  const box = createSecretBox('a server secret of at least 32 characters', 'provider tokens');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = box.seal('ya29.token');
    expect(a).not.toContain('ya29');
    expect(box.seal('ya29.token')).not.toBe(a);
    expect(box.open(a)).toBe('ya29.token');
  });

  it('refuses a tampered text, another key or another purpose', () => {
    const sealed = box.seal('secret');
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([v, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
    expect(() => createSecretBox('another server secret of 32 characters', 'provider tokens').open(sealed)).toThrow();
    expect(() => createSecretBox('a server secret of at least 32 characters', 'other').open(sealed)).toThrow();
    expect(() => box.open('garbage')).toThrow();
  });
});
