/**
 * What is safe to log of an unexpected error: database errors carry the query
 * parameters (password hashes, tokens) in their message, so only the cause is kept.
 */
export function safeError(error: Error & { code?: string; cause?: unknown }) {
  const cause = error.cause as (Error & { code?: string }) | undefined;
  const isQueryError = /^Failed query:/.test(error.message);
  return {
    type: error.name,
    code: cause?.code ?? error.code,
    message: isQueryError ? `Failed query: ${cause?.message ?? 'database error'}` : error.message,
    stack: isQueryError ? undefined : error.stack,
  };
}
