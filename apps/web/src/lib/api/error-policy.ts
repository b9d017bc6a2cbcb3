import { hasCode, isApiError, type ApiErrorCode } from './api-error';

/**
 * 401 codes a token refresh can cure: an expired access token, or a session another tab has
 * already rotated. Wrong credentials or a bad refresh token will not get better by refreshing.
 */
const REFRESHABLE: readonly ApiErrorCode[] = ['unauthenticated', 'session_ended'];

export function curableByRefresh(error: unknown): boolean {
  return hasCode(error, ...REFRESHABLE);
}

/**
 * Codes that end the session on any authenticated call: a refresh would be refused as well, so
 * the person is signed out at once and told why.
 */
const ENDS_SESSION: readonly ApiErrorCode[] = ['account_suspended'];

export function endsSession(error: unknown): boolean {
  return hasCode(error, ...ENDS_SESSION);
}

/** Failures a second try may get past; the server said the rest on purpose. */
const TRANSIENT: readonly ApiErrorCode[] = ['network', 'internal'];

/** Whether a query should try again after `error`. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (TRANSIENT.includes(error.code)) return true;
  // A gateway's 502/503 page or a contract mismatch has no code; a proxy's 4xx page will not change.
  return error.code === 'unexpected' && !(error.status >= 400 && error.status < 500);
}
