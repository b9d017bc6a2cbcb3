import { errorMessage, isApiError } from '@/lib/api';

export interface SaveProblem {
  /** Goes under the name field. */
  name: string | null;
  /** Goes in the alert above the designer: the plan's limit, content problems, anything else. */
  alert: { title: string; message: string } | null;
}

/**
 * Sorts a failed save into the form: name problems under the name, the flyer-capacity 403
 * (whose detail names the plan's limit) and content problems in the alert.
 */
export function saveProblem(error: unknown): SaveProblem {
  if (!isApiError(error)) return { name: null, alert: { title: 'The flyer could not be saved', message: errorMessage(error) } };
  if (error.status === 403) {
    return { name: null, alert: { title: error.title || 'Not allowed', message: error.detail ?? error.message } };
  }
  const fields = error.errors ?? {};
  const name = fields.name?.length ? fields.name.join(' ') : null;
  const rest = Object.entries(fields)
    .filter(([field]) => field !== 'name')
    .flatMap(([, messages]) => messages);
  if (name && !rest.length) return { name, alert: null };
  return { name, alert: { title: 'The flyer could not be saved', message: rest.length ? rest.join(' ') : errorMessage(error) } };
}
