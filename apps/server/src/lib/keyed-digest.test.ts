import { describe, expect, it } from 'vitest';
import { createKeyedDigest } from './keyed-digest.js';

describe('keyed digests', () => {
  const keys = createKeyedDigest('a server secret of some length', 'verify sign-in');

  it('matches the values it was made from, and only those', () => {
    const key = keys.digest('tenant-1', 'user-1', 'secret-1');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.matches(key, 'tenant-1', 'user-1', 'secret-1')).toBe(true);
    expect(keys.matches(key, 'tenant-1', 'user-2', 'secret-1')).toBe(false);
    expect(keys.matches(key, 'tenant-1', 'user-1', 'secret-2')).toBe(false);
    // The parts are kept apart: moving a character from one to the next makes another digest.
    expect(keys.digest('ab', 'c')).not.toBe(keys.digest('a', 'bc'));
  });

  it('refuses another secret or purpose, and garbage', () => {
    const key = keys.digest('t', 'u', 's');
    expect(createKeyedDigest('another secret entirely', 'verify sign-in').matches(key, 't', 'u', 's')).toBe(false);
    expect(createKeyedDigest('a server secret of some length', 'other').matches(key, 't', 'u', 's')).toBe(false);
    for (const bad of ['', 'x', key.slice(0, -1), `${key}A`, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`]) expect(keys.matches(bad, 't', 'u', 's')).toBe(false);
  });
});
