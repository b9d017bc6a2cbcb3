import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@hubbub/contract';
import { required, type Rule } from '@/lib/forms';

export const emailRules: Rule[] = [required('Email is required.'), 'email'];

export const newPasswordRules: Rule[] = [
  required('Password is required.'),
  (v) => String(v).length >= PASSWORD_MIN_LENGTH || `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  (v) => String(v).length <= PASSWORD_MAX_LENGTH || `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
];

/** Short emailed code: 6 letters and digits, any case. The long link token never goes through this. */
export const CODE_RE = /^[A-Za-z0-9]{6}$/;

/** People paste codes with spaces or dashes and in lower case; the server ignores both. */
export function normaliseCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export const codeRules: Rule[] = [
  required('Enter the code from the email.'),
  (v) => CODE_RE.test(normaliseCode(String(v))) || 'The code is 6 letters and digits, as in the email.',
];
