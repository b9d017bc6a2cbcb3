import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { loginErrorMessage } from './login-error';

const problem = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code'], detail?: string, retryAfter?: number) =>
  new ApiError({ status, code, title: 'Problem', detail }, retryAfter);

describe('loginErrorMessage', () => {
  it('reads invalid_credentials as a wrong email or password', () => {
    expect(loginErrorMessage(problem(401, 'invalid_credentials'))).toEqual({ message: 'The email or password is not correct.', unverified: false });
    expect(loginErrorMessage(problem(401, 'invalid_credentials', 'The email or the password is not correct.')).message).toBe(
      'The email or the password is not correct.',
    );
  });

  it('offers the verification code only for email_unverified', () => {
    const failure = loginErrorMessage(problem(403, 'email_unverified', 'Verify your email first; a new code was sent.'));
    expect(failure).toEqual({ message: 'Verify your email first; a new code was sent.', unverified: true });
  });

  it('does not read another 403 as an unverified email', () => {
    for (const code of ['not_owner', 'plan_limit', 'blocked'] as const) {
      const failure = loginErrorMessage(problem(403, code, 'Not for you.'), 'Not for you.');
      expect(failure).toEqual({ message: 'Not for you.', unverified: false });
    }
  });

  it('says a suspended account is suspended, with the moderators\' reason', () => {
    expect(loginErrorMessage(problem(403, 'account_suspended', 'Spam events.')).message).toBe('Your account is suspended: Spam events.');
    expect(loginErrorMessage(problem(403, 'account_suspended')).message).toBe('Your account is suspended.');
  });

  it('does not read a codeless 401 as wrong credentials', () => {
    expect(loginErrorMessage(problem(401, 'unexpected'), 'Unauthorized')).toEqual({ message: 'Unauthorized', unverified: false });
  });

  it('says how long to wait when rate limited', () => {
    expect(loginErrorMessage(problem(429, 'rate_limited', undefined, 30))).toEqual({
      message: 'Too many attempts. Try again in 30 seconds.',
      unverified: false,
      retryAfter: 30,
    });
    // The server's detail already says what was used up and when to come back.
    expect(loginErrorMessage(problem(429, 'rate_limited', 'Too many failed sign-ins for this account. Try again in 15 minutes.', 900)).message).toBe(
      'Too many failed sign-ins for this account. Try again in 15 minutes.',
    );
    expect(loginErrorMessage(problem(429, 'rate_limited')).message).toBe('Too many attempts. Try again in a little while.');
  });

  it('falls back for anything else', () => {
    expect(loginErrorMessage(ApiError.network(), 'Cannot reach the server.').message).toBe('Cannot reach the server.');
    expect(loginErrorMessage(new Error('boom'), null)).toEqual({ message: 'Sign-in failed. Please try again.', unverified: false });
  });
});
