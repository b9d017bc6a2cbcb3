import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { calendarProblem } from './calendar-problem';

describe('calendarProblem', () => {
  it('shows plan_limit with the limit it names and the way to the plans', () => {
    const error = new ApiError({ status: 403, code: 'plan_limit', title: 'Forbidden', detail: 'Your Free plan allows 1 calendar.' });
    expect(calendarProblem(error)).toEqual({ name: null, alert: { title: 'Calendar limit reached', message: 'Your Free plan allows 1 calendar.', upgrade: true } });
  });

  it('puts a bad name under the name field', () => {
    const error = new ApiError({ status: 400, code: 'validation', title: 'Invalid', errors: { name: ['Name is required.'] } });
    expect(calendarProblem(error)).toEqual({ name: 'Name is required.', alert: null });
  });

  it('says anything else in the alert', () => {
    expect(calendarProblem(ApiError.network()).alert?.message).toMatch(/Cannot reach the server/);
  });
});
