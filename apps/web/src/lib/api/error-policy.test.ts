import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from './api-error';
import { curableByRefresh, endsSession, isTransient } from './error-policy';

const error = (status: number, code: ApiErrorCode) => new ApiError({ status, code, title: 't' });

describe('curableByRefresh', () => {
  it('refreshes for an expired token or an ended session', () => {
    expect(curableByRefresh(error(401, 'unauthenticated'))).toBe(true);
    expect(curableByRefresh(error(401, 'session_ended'))).toBe(true);
  });

  it.each(['invalid_credentials', 'refresh_invalid', 'token_reused', 'unexpected', 'email_unverified'] as const)('does not for %s', (code) => {
    expect(curableByRefresh(error(401, code))).toBe(false);
  });
});

describe('endsSession', () => {
  it('signs out a suspended account without trying a refresh', () => {
    expect(endsSession(error(403, 'account_suspended'))).toBe(true);
    expect(curableByRefresh(error(403, 'account_suspended'))).toBe(false);
  });

  it.each(['session_ended', 'admin_required', 'not_owner', 'unexpected'] as const)('leaves %s to the other rules', (code) => {
    expect(endsSession(error(403, code))).toBe(false);
  });
});

describe('isTransient', () => {
  it('retries what may pass on a second try', () => {
    expect(isTransient(ApiError.network())).toBe(true);
    expect(isTransient(error(500, 'internal'))).toBe(true);
    expect(isTransient(error(502, 'unexpected'))).toBe(true);
    expect(isTransient(new Error('boom'))).toBe(true);
  });

  it('does not retry what the server said on purpose', () => {
    for (const code of ['not_found', 'not_owner', 'plan_limit', 'validation', 'rate_limited', 'external_state_invalid'] as const) {
      expect(isTransient(error(400, code)), code).toBe(false);
    }
    expect(isTransient(error(404, 'unexpected'))).toBe(false);
  });
});
