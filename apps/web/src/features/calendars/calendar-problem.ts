import { hasCode, isApiError } from '@/lib/api';
import { problemMessage } from '@/lib/ui';

export interface CalendarProblem {
  /** Goes under the name field. */
  name: string | null;
  /** Goes in the alert above the buttons; `upgrade` adds the way to a bigger plan. */
  alert: { title: string; message: string; upgrade?: boolean } | null;
}

/**
 * Sorts a failed create or rename: the plan's limit (`plan_limit`, whose detail names it) under its
 * own title with the way to the plans, a bad name under the name, anything else in the alert.
 */
export function calendarProblem(error: unknown, action = 'The calendar could not be saved'): CalendarProblem {
  if (hasCode(error, 'plan_limit')) {
    return { name: null, alert: { title: 'Calendar limit reached', message: error.detail || error.message, upgrade: true } };
  }
  const fields = isApiError(error) ? (error.errors ?? {}) : {};
  const name = fields.name?.length ? fields.name.join(' ') : null;
  const rest = Object.entries(fields)
    .filter(([field]) => field !== 'name')
    .flatMap(([, messages]) => messages);
  if (name && !rest.length) return { name, alert: null };
  return { name, alert: { title: action, message: rest.length ? rest.join(' ') : problemMessage(error) } };
}
