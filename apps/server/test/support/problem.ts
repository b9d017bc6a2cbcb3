import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ProblemSchema } from '@hubbub/contract';

/** The answer is a JSON Problem with this status; `detail: true` also requires an explanation. */
export function expectProblem(res: LightMyRequestResponse, status: number, opts: { detail?: boolean } = {}) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = ProblemSchema.parse(res.json());
  expect(body).toMatchObject({ status, title: expect.any(String), ...(opts.detail ? { detail: expect.any(String) } : {}) });
  return body;
}

/** The engine suites always expect a detail. */
export const expectDetailedProblem = (res: LightMyRequestResponse, status: number) => expectProblem(res, status, { detail: true });
