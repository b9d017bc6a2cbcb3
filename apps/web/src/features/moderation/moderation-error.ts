import { hasCode } from '@/lib/api';
import { problemMessage } from '@/lib/ui';

/** What a failed moderation action tells the admin, decided on the Problem code. */
export function moderationErrorMessage(error: unknown): string {
  if (hasCode(error, 'last_admin')) {
    return error.detail || 'This would leave the site without an administrator, or remove your own Admin role: another admin must do it.';
  }
  if (hasCode(error, 'admin_required')) return 'Your account no longer has the Admin role.';
  if (hasCode(error, 'not_found')) return 'It is no longer there: it may have been deleted meanwhile.';
  return problemMessage(error);
}
