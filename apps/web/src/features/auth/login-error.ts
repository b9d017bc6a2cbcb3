import { hasCode } from '@/lib/api';

export interface LoginFailure {
  message: string;
  /** The account exists but is not verified: the alert offers the way to the code. */
  unverified: boolean;
  /** Seconds until another try is allowed, when the server said. */
  retryAfter?: number;
}

const FALLBACK = 'Sign-in failed. Please try again.';

/**
 * What a failed sign-in tells the person, decided on the Problem code: a 401 or 403 alone says
 * too little (a 403 could as well be a plan limit or a refusal). `fallback` is the message for
 * anything else, e.g. what applyServerErrors left over after placing field errors.
 */
export function loginErrorMessage(error: unknown, fallback?: string | null): LoginFailure {
  if (hasCode(error, 'invalid_credentials')) {
    return { message: error.detail || 'The email or password is not correct.', unverified: false };
  }
  if (hasCode(error, 'email_unverified')) {
    return { message: error.detail || 'Verify your email address before you sign in.', unverified: true };
  }
  if (hasCode(error, 'account_suspended')) {
    return { message: error.detail ? `Your account is suspended: ${error.detail}` : 'Your account is suspended.', unverified: false };
  }
  if (hasCode(error, 'rate_limited')) {
    // The server's detail says what was used up and when to come back; without one, Retry-After does.
    const wait = error.retryAfter ? `Try again in ${error.retryAfter} seconds.` : 'Try again in a little while.';
    return { message: error.detail || `Too many attempts. ${wait}`, unverified: false, retryAfter: error.retryAfter };
  }
  return { message: fallback ?? FALLBACK, unverified: false };
}
