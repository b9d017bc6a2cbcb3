import { ApiError, applyServerErrors, isApiError } from '@/lib/api';
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
  status: 'status',
};

const FORM_FIELDS = Object.values(SERVER_TO_FORM);

/** "area.latitude" lands on the place field, "tagIds.3" on the tags. */
export function formFieldFor(serverField: string): FormField | null {
  return SERVER_TO_FORM[serverField] ?? SERVER_TO_FORM[serverField.split('.')[0]] ?? null;
}

/**
 * Puts the server's field errors on the form's fields and returns what belongs in the alert
 * above it, e.g. the 403 detail naming the plan's event limit.
 */
export function applyEventErrors(error: unknown, form: { setFieldError(path: string, error: string): void }): string | null {
  if (!isApiError(error) || !error.errors) return applyServerErrors(error, form, FORM_FIELDS);
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const key = formFieldFor(field) ?? field;
    (errors[key] ??= []).push(...messages);
  }
  const mapped = new ApiError({ status: error.status, title: error.title, detail: error.detail, errors });
  return applyServerErrors(mapped, form, FORM_FIELDS);
}
