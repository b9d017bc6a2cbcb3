import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { deleteAccountFailure } from './delete-error';

describe('deleteAccountFailure', () => {
  it('puts a wrong password on the password field', () => {
    const error = new ApiError({ status: 401, code: 'invalid_credentials', title: 'Unauthorized', detail: 'The email or the password is not correct.' });
    expect(deleteAccountFailure(error, 'password')).toEqual({ field: 'password', message: 'The password is not correct' });
    expect(deleteAccountFailure(error, 'email')).toEqual({ field: 'email', message: 'This is not the email address of your account' });
  });

  it("puts the server's field message on the field in use", () => {
    const own = new ApiError({ status: 400, code: 'validation', title: 'Bad Request', errors: { email: ['Type your email address.'] } });
    expect(deleteAccountFailure(own, 'email')).toEqual({ field: 'email', message: 'Type your email address.' });
    const other = new ApiError({ status: 400, code: 'validation', title: 'Bad Request', errors: { '': ['Confirm with your password, or type your email address.'] } });
    expect(deleteAccountFailure(other, 'password')).toEqual({ field: 'password', message: 'Confirm with your password, or type your email address.' });
  });

  it('leaves anything else to an alert', () => {
    const error = new ApiError({ status: 429, code: 'rate_limited', title: 'Too Many Requests', detail: 'Slow down.' });
    expect(deleteAccountFailure(error, 'password')).toEqual({ message: 'Slow down.' });
  });
});
