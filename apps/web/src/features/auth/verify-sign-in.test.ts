import { afterEach, describe, expect, it } from 'vitest';
import { forgetPendingSignIn, readPendingSignIn, rememberPendingSignIn } from './verify-sign-in';

const HOUR = 60 * 60 * 1000;

describe('the pending sign-in of the browser that registered', () => {
  afterEach(() => localStorage.clear());

  it('keeps the key, the way on and the email until forgotten', () => {
    rememberPendingSignIn({ signInKey: 'k1', redirect: '/e/jazz', email: 'a@example.test' }, 0);
    expect(readPendingSignIn(HOUR)).toEqual({ signInKey: 'k1', redirect: '/e/jazz', email: 'a@example.test' });
    forgetPendingSignIn();
    expect(readPendingSignIn(HOUR)).toBeNull();
  });

  it('keeps only a same-site way on', () => {
    rememberPendingSignIn({ signInKey: 'k1', redirect: 'https://evil.example/', email: 'a@example.test' }, 0);
    expect(readPendingSignIn(0)?.redirect).toBe('/dashboard');
    // Storage written by something else is read with the same rule.
    localStorage.setItem('hubbub_verify_sign_in', JSON.stringify({ signInKey: 'k2', redirect: '//evil.example', savedAt: 0 }));
    expect(readPendingSignIn(0)).toEqual({ signInKey: 'k2', redirect: '/dashboard', email: '' });
  });

  it('is gone after a day, the life of the emailed code', () => {
    rememberPendingSignIn({ signInKey: 'k1', redirect: '/buzz', email: 'a@example.test' }, 0);
    expect(readPendingSignIn(24 * HOUR)).not.toBeNull();
    expect(readPendingSignIn(24 * HOUR + 1)).toBeNull();
  });

  it('reads nonsense as nothing', () => {
    for (const junk of ['{', '"text"', '42', 'null', JSON.stringify({ signInKey: 7, savedAt: 0 }), JSON.stringify({ signInKey: 'k' })]) {
      localStorage.setItem('hubbub_verify_sign_in', junk);
      expect(readPendingSignIn(0)).toBeNull();
    }
  });
});
