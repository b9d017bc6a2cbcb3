import { isApiError } from './api-error';
import { problemMessage } from '@/lib/ui/problem-message';

interface FormWithErrors {
  setFieldError(path: string, error: string): void;
}

/**
 * Puts the server's field errors on matching form fields and returns the message
 * for the alert above the form (null when every problem landed on a field).
 */
export function applyServerErrors(error: unknown, form: FormWithErrors, fields: readonly string[]): string | null {
  if (!isApiError(error) || !error.errors) return problemMessage(error);
  let unmatched = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (fields.includes(field) && messages.length) form.setFieldError(field, messages.join(' '));
    else unmatched = true;
  }
  return unmatched || !Object.keys(error.errors).length ? problemMessage(error) : null;
}
