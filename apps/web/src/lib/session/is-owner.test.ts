import { describe, expect, it } from 'vitest';
import { isOwner } from './is-owner';

describe('isOwner', () => {
  it('compares ids case-insensitively and refuses without a session', () => {
    expect(isOwner('ABC-1', 'abc-1')).toBe(true);
    expect(isOwner('abc-2', 'abc-1')).toBe(false);
    expect(isOwner('', 'abc-1')).toBe(false);
    expect(isOwner(null, 'abc-1')).toBe(false);
  });
});
