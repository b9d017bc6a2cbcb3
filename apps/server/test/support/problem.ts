import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ProblemSchema, type ProblemCode } from '@hubbub/contract';

/**
 * The answer is a JSON Problem with this status and a code from the contract's list;
 * `code` also pins which one, `detail: true` requires an explanation.
 */
export function expectProblem(res: LightMyRequestResponse, status: number, opts: { detail?: boolean; code?: ProblemCode } = {}) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = ProblemSchema.parse(res.json());
  expect(body).toMatchObject({ status, title: expect.any(String), ...(opts.detail ? { detail: expect.any(String) } : {}), ...(opts.code ? { code: opts.code } : {}) });
  return body;
}

/** The engine suites always expect a detail. */
export const expectDetailedProblem = (res: LightMyRequestResponse, status: number, code?: ProblemCode) => expectProblem(res, status, { detail: true, code });
