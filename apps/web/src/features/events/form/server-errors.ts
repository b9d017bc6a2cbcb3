import { ApiError, applyServerErrors, hasCode, isApiError } from '@/lib/api';
import type { EventFormValues } from './event-form-values';

type FormField = keyof EventFormValues;

/** The API names fields as the contract does; the form names them as people see them. */
const SERVER_TO_FORM: Record<string, FormField> = {
  name: 'name',
  timeZone: 'timeZone',
  startDate: 'start',
  endDate: 'end',
  publishOnDate: 'publishOn',
  venue: 'venue',
  area: 'area',
  contentJson: 'description',
  tagIds: 'tagIds',
};

const FORM_FIELDS = Object.values(SERVER_TO_FORM);

/** "area.latitude" lands on the place field, "tagIds.3" on the tags. */
export function formFieldFor(serverField: string): FormField | null {
  return SERVER_TO_FORM[serverField] ?? SERVER_TO_FORM[serverField.split('.')[0]] ?? null;
}

export interface EventSaveAlert {
  title: string;
  message: string;
  /** The plan's limit: the alert offers the way to a bigger plan. */
  upgrade?: boolean;
}

const NOT_SAVED = 'The event could not be saved';

/**
 * Puts the server's field errors on the form's fields and returns the alert for above it (null
 * when every problem landed on a field). Decided on the Problem code: `plan_limit` gets its own
 * title and the detail naming the plan's event limit; `not_owner` is no limit.
 */
export function applyEventErrors(error: unknown, form: { setFieldError(path: string, error: string): void }): EventSaveAlert | null {
  if (hasCode(error, 'plan_limit')) return { title: 'Event limit reached', message: error.detail || error.message, upgrade: true };
  if (hasCode(error, 'not_owner')) return { title: NOT_SAVED, message: error.detail || 'Only the host of this event can change it.' };
  const message = applyServerErrors(mapFields(error), form, FORM_FIELDS);
  return message === null ? null : { title: NOT_SAVED, message };
}

function mapFields(error: unknown): unknown {
  if (!isApiError(error) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const key = formFieldFor(field) ?? field;
    (errors[key] ??= []).push(...messages);
  }
  return new ApiError({ status: error.status, code: error.code, title: error.title, detail: error.detail, errors }, error.retryAfter);
}
