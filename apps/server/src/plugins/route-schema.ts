import { ProblemSchema } from '@hubbub/contract';

// Pieces every route schema repeats, declared once for validation and OpenAPI alike.

/** The OpenAPI security of calls that need a bearer token. */
export const bearer = [{ bearer: [] }];

/** The Problem answers most calls can give (each route adds what else it may answer). */
export const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
