import { describe, expect, it } from 'vitest';
import { emailConfirmed } from './confirm-email';

describe('emailConfirmed', () => {
  it('takes the address whatever its case and spaces', () => {
    expect(emailConfirmed(' Ada@Example.com ', 'ada@example.com')).toBe(true);
  });

  it('refuses anything else, and an empty field', () => {
    expect(emailConfirmed('ada@example.co', 'ada@example.com')).toBe(false);
    expect(emailConfirmed('', '')).toBe(false);
  });
});
