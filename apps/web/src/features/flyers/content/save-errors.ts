import { hasCode, isApiError } from '@/lib/api';
import { problemMessage } from '@/lib/ui/problem-message';

export interface SaveProblem {
  /** Goes under the name field. */
  name: string | null;
  /** Goes in the alert above the designer: the plan's limit, content problems, anything else. */
  alert: { title: string; message: string; upgrade?: boolean } | null;
}

const NOT_SAVED = 'The flyer could not be saved';

/**
 * Sorts a failed save into the form: name problems under the name, the plan's flyer limit
 * (`plan_limit`, whose detail names the limit) under its own title, and content problems and
 * anything else (a `not_owner` too) under "could not be saved".
 */
export function saveProblem(error: unknown): SaveProblem {
  if (!isApiError(error)) return { name: null, alert: { title: NOT_SAVED, message: problemMessage(error) } };
  if (hasCode(error, 'plan_limit')) {
    return { name: null, alert: { title: error.title || 'Flyer limit reached', message: error.detail ?? error.message, upgrade: true } };
  }
  if (hasCode(error, 'not_owner')) {
    return { name: null, alert: { title: NOT_SAVED, message: error.detail || 'Only the host of this event can change its flyers.' } };
  }
  const fields = error.errors ?? {};
  const name = fields.name?.length ? fields.name.join(' ') : null;
  const rest = Object.entries(fields)
    .filter(([field]) => field !== 'name')
    .flatMap(([, messages]) => messages);
  if (name && !rest.length) return { name, alert: null };
  return { name, alert: { title: NOT_SAVED, message: rest.length ? rest.join(' ') : problemMessage(error) } };
}
