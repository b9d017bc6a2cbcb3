export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function fromObject(value: object): string | undefined {
  const record = value as Record<string, unknown>;
  return text(record.detail) ?? text(record.title);
}

/**
 * The human message in anything thrown: an API problem `{ status, title, detail }` (prefers
 * detail), an error wrapping one in `.problem`, an Error, or a plain string.
 */
export function problemMessage(error: unknown, fallback: string = FALLBACK_ERROR_MESSAGE): string {
  if (typeof error === 'string') return text(error) ?? fallback;
  if (typeof error !== 'object' || error === null) return fallback;
  const nested = (error as { problem?: unknown }).problem;
  return (
    fromObject(error) ??
    (typeof nested === 'object' && nested !== null ? fromObject(nested) : undefined) ??
    (error instanceof Error ? text(error.message) : undefined) ??
    fallback
  );
}
