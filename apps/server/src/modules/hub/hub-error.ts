import { AppError } from '../../lib/app-error.js';

/**
 * A failure whose message the caller may read, like ASP.NET's HubException. A completion carries
 * only a message, so a stable `code` (a Problem code) leads it: clients match the code, not the words.
 */
export class HubError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HubException';
  }
}

/**
 * The completion error text. Only HubError and AppError messages reach the client,
 * in ASP.NET's wording; anything else stays on the server's log.
 */
export function completionError(target: string, error: unknown): { message: string; expected: boolean } {
  const prefix = `An unexpected error occurred invoking '${target}' on the server.`;
  if (error instanceof HubError) return { message: `${prefix} HubException: ${error.code ? `${error.code}: ` : ''}${error.message}`, expected: true };
  if (error instanceof AppError && error.status < 500) return { message: `${prefix} HubException: ${error.detail ?? error.title}`, expected: true };
  return { message: prefix, expected: false };
}
