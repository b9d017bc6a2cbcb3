import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from './unsubscribe-token';

describe('unsubscribeToken', () => {
  it('keeps a token as it is', () => {
    expect(unsubscribeToken('eyJ0IjoiaHViYnViIn0.abcdefghijklmnopqrstuvwxyz_-')).toBe('eyJ0IjoiaHViYnViIn0.abcdefghijklmnopqrstuvwxyz_-');
  });

  it('drops the whitespace a rewrapped link picks up', () => {
    expect(unsubscribeToken(' eyJ0Ijoi\n aHViYnViIn0.abc ')).toBe('eyJ0IjoiaHViYnViIn0.abc');
  });

  it('says there is none when the link lost it', () => {
    expect(unsubscribeToken(null)).toBeNull();
    expect(unsubscribeToken('')).toBeNull();
    expect(unsubscribeToken('  ')).toBeNull();
  });
});
