import { ProblemSchema, type Problem, type ProblemCode } from '@hubbub/contract';

/**
 * The server's codes plus two the client gives itself: `network` when no answer came at all,
 * `unexpected` when the answer is not a Problem (a proxy's HTML page, a newer server's unknown
 * code, a body that breaks the contract).
 */
export type ApiErrorCode = ProblemCode | 'network' | 'unexpected';

export type ApiProblem = Omit<Problem, 'code'> & { code: ApiErrorCode };

/** A failed call, carrying the server's problem document when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: Record<string, string[]>;
  /** Seconds to wait, from Retry-After on 429 answers. */
  readonly retryAfter?: number;
  /** On `version_conflict`: the version stored now. */
  readonly currentVersion?: number;

  constructor(problem: ApiProblem, retryAfter?: number) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors;
    this.retryAfter = retryAfter;
    this.currentVersion = problem.currentVersion;
  }

  static network(): ApiError {
    return new ApiError({ status: 0, code: 'network', title: 'Cannot reach the server. Check your connection and try again.' });
  }

  static unexpected(status: number): ApiError {
    return new ApiError({ status, code: 'unexpected', title: 'The server sent an unexpected answer. Please try again later.' });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when `error` is an ApiError with one of `codes`: how screens tell failures apart. */
export function hasCode<C extends ApiErrorCode>(error: unknown, ...codes: C[]): error is ApiError & { readonly code: C } {
  return isApiError(error) && (codes as ApiErrorCode[]).includes(error.code);
}

// Without a (known) code the texts are still worth showing; only the decision falls back.
const CodelessProblemSchema = ProblemSchema.omit({ code: true });

/** Turns any answer body into an ApiError; never throws, whatever the body is. */
export function errorFromBody(status: number, statusText: string, body: unknown, retryAfter?: number): ApiError {
  const problem = ProblemSchema.safeParse(body);
  if (problem.success) return new ApiError(problem.data, retryAfter);
  const codeless = CodelessProblemSchema.safeParse(body);
  if (codeless.success) return new ApiError({ ...codeless.data, status, code: 'unexpected' }, retryAfter);
  return new ApiError({ status, code: 'unexpected', title: statusText || `Request failed (${status}).` }, retryAfter);
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
  return errorFromBody(response.status, response.statusText, body, retryAfter);
}
