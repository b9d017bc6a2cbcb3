import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { moderationErrorMessage } from './moderation-error';

const problem = (status: number, code: 'last_admin' | 'admin_required' | 'not_found' | 'conflict', detail?: string) => new ApiError({ status, code, title: 'Problem', detail });

describe('moderationErrorMessage', () => {
  it('explains last_admin, preferring the server detail', () => {
    expect(moderationErrorMessage(problem(409, 'last_admin'))).toMatch(/another admin must do it/);
    expect(moderationErrorMessage(problem(409, 'last_admin', 'You are the last admin.'))).toBe('You are the last admin.');
  });

  it('says plainly when the role or the target is gone', () => {
    expect(moderationErrorMessage(problem(403, 'admin_required', 'x'))).toBe('Your account no longer has the Admin role.');
    expect(moderationErrorMessage(problem(404, 'not_found'))).toMatch(/no longer there/);
  });

  it('passes other problems through', () => {
    expect(moderationErrorMessage(problem(409, 'conflict', 'The event is already canceled.'))).toBe('The event is already canceled.');
  });
});
