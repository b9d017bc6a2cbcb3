import { ProblemSchema, type Problem } from '@hubbub/contract';

/** A failed call, carrying the server's problem document when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: Record<string, string[]>;
  /** Seconds to wait, from Retry-After on 429 answers. */
  readonly retryAfter?: number;

  constructor(problem: Problem, retryAfter?: number) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors;
    this.retryAfter = retryAfter;
  }

  static network(): ApiError {
    return new ApiError({ status: 0, title: 'Cannot reach the server. Check your connection and try again.' });
  }

  static unexpected(status: number): ApiError {
    return new ApiError({ status, title: 'The server sent an unexpected answer. Please try again later.' });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Builds an ApiError from a failed response, whatever its body looks like. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const retryAfterHeader = response.headers.get('Retry-After');
  const retryAfter = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : undefined;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashes answer with HTML or nothing; fall back to the status text.
  }
  const parsed = ProblemSchema.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data, retryAfter);
  return new ApiError(
    { status: response.status, title: response.statusText || `Request failed (${response.status}).` },
    retryAfter,
  );
}

/** The text to show a person for any error thrown by a call or by code. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
