/** A failure the caller can act on; the error plugin turns it into a Problem answer. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? title);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) => new AppError(400, 'Bad request', detail, errors);
export const unauthorized = (detail: string) =>
  new AppError(401, 'Unauthorized', detail, undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail: string) => new AppError(403, 'Forbidden', detail);
export const notFound = (detail: string) => new AppError(404, 'Not found', detail);
export const conflict = (detail: string, errors?: Record<string, string[]>) => new AppError(409, 'Conflict', detail, errors);
