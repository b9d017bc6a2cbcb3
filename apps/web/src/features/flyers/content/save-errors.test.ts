import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { saveProblem } from './save-errors';

describe('saveProblem', () => {
  it('shows plan_limit with the limit it names', () => {
    const error = new ApiError({ status: 403, code: 'plan_limit', title: 'Flyer limit reached', detail: 'Your Free plan allows 1 flyer per event and this event has 1.' });
    expect(saveProblem(error)).toEqual({ name: null, alert: { title: 'Flyer limit reached', message: 'Your Free plan allows 1 flyer per event and this event has 1.', upgrade: true } });
  });

  it('does not show a not_owner 403 as a plan limit', () => {
    const error = new ApiError({ status: 403, code: 'not_owner', title: 'Forbidden', detail: 'Only the host of the event may change its flyers.' });
    expect(saveProblem(error)).toEqual({ name: null, alert: { title: 'The flyer could not be saved', message: 'Only the host of the event may change its flyers.' } });
  });

  it('puts name errors on the field and content errors in the alert', () => {
    expect(saveProblem(new ApiError({ status: 400, code: 'validation', title: 'Bad', errors: { name: ['Name is required.'] } }))).toEqual({
      name: 'Name is required.',
      alert: null,
    });
    const both = saveProblem(
      new ApiError({ status: 400, code: 'validation', title: 'Invalid flyer content', errors: { name: ['Too long.'], contentJson: ['blocks.0.text: Text is at most 500 characters.'] } }),
    );
    expect(both.name).toBe('Too long.');
    expect(both.alert).toEqual({ title: 'The flyer could not be saved', message: 'blocks.0.text: Text is at most 500 characters.' });
  });

  it('falls back to the message of anything else', () => {
    expect(saveProblem(new Error('offline')).alert?.message).toBe('offline');
    expect(saveProblem(ApiError.network()).alert).toEqual({ title: 'The flyer could not be saved', message: expect.stringMatching(/Cannot reach the server/) });
  });
});
