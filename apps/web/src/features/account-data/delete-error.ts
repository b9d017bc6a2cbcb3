import { hasCode, isApiError } from '@/lib/api';
import { problemMessage } from '@/lib/ui';

export type ConfirmField = 'password' | 'email';

export interface DeleteFailure {
  /** The field the message belongs on; none means an alert above the buttons. */
  field?: ConfirmField;
  message: string;
}

/** What a refused account deletion tells the person, decided on the Problem code. */
export function deleteAccountFailure(error: unknown, field: ConfirmField): DeleteFailure {
  if (hasCode(error, 'invalid_credentials')) {
    return { field, message: field === 'password' ? 'The password is not correct' : 'This is not the email address of your account' };
  }
  if (hasCode(error, 'validation') && isApiError(error)) {
    const errors = error.errors ?? {};
    const message = errors[field]?.[0] ?? Object.values(errors).flat()[0];
    return { field, message: message ?? problemMessage(error) };
  }
  return { message: problemMessage(error) };
}
