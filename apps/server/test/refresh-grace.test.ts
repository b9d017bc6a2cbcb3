import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authApi, type LoginResult } from '@hubbub/contract';
import { queryRows } from '../src/db/client.js';
import { hashSecret } from '../src/lib/secrets.js';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/auth/service.js';
import { build, type TestApp } from './support/build.js';
import { call, signUp } from './support/api.js';
import { expectProblem } from './support/problem.js';

// Issue 22, finding 13: a page reloaded while its boot refresh was answered posts the replaced
// refresh token again. Within a short grace window that must yield the same new pair; after it,
// or for a token older than the one just replaced, reuse detection still ends the family.

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await build({ now: () => new Date(clock) });
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => call(t.app, 'POST', authApi.refresh.path, { body: { refreshToken } });

async function rotated(refreshToken: string): Promise<LoginResult> {
  const res = await refresh(refreshToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const userWorks = async (jwt: string) => (await call(t.app, 'GET', authApi.user.path, { jwt })).statusCode === 200;

async function sealedSuccessorOf(refreshToken: string): Promise<string | null> {
  const [row] = await queryRows<{ successor_sealed: string | null }>(
    t.app.ctx.db,
    sql`select successor_sealed from refresh_tokens where token_hash = ${hashSecret(refreshToken)}`,
  );
  return row.successor_sealed;
}

describe('issue 22 finding 13: refresh token grace window', () => {
  it('answers the just-replaced token within the window with the same pair, and keeps the session', async () => {
    const person = await signUp(t);
    const first = await rotated(person.refreshToken);
    clock += REFRESH_REUSE_GRACE_MS - 1_000;
    const again = await rotated(person.refreshToken);
    expect(again.refreshToken).toBe(first.refreshToken);
    expect(await userWorks(again.jwt)).toBe(true);
    expect(await userWorks(first.jwt)).toBe(true);
    // The pair works on: the session was not ended, and the successor rotates as usual.
    const next = await rotated(again.refreshToken);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(await userWorks(next.jwt)).toBe(true);
  });

  it('keeps the successor sealed at rest, and wipes it once the successor is replaced in turn', async () => {
    const person = await signUp(t);
    const first = await rotated(person.refreshToken);
    const sealed = await sealedSuccessorOf(person.refreshToken);
    expect(sealed).toEqual(expect.any(String));
    expect(sealed).not.toContain(first.refreshToken);
    await rotated(first.refreshToken);
    expect(await sealedSuccessorOf(person.refreshToken)).toBeNull();
  });

  it('lets concurrent refreshes with one token all succeed with the same pair, ending nothing', async () => {
    const person = await signUp(t);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(person.refreshToken)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const tokens = new Set(answers.map((a) => (a.json() as LoginResult).refreshToken));
      expect(tokens.size).toBe(1);
      const [pair] = answers.map((a) => a.json() as LoginResult);
      expect(await userWorks(pair.jwt)).toBe(true);
      person.refreshToken = pair.refreshToken;
    }
    expect((await rotated(person.refreshToken)).refreshToken).not.toBe(person.refreshToken);
  });

  it('ends the family with token_reused when the replaced token comes back after the window', async () => {
    const owner = await signUp(t);
    const first = await rotated(owner.refreshToken);
    clock += REFRESH_REUSE_GRACE_MS;
    expectProblem(await refresh(owner.refreshToken), 401, { code: 'token_reused' });
    expect(await userWorks(first.jwt)).toBe(false);
    expectProblem(await refresh(first.refreshToken), 401, { code: 'refresh_invalid' });
  });

  it('ends the family when a token two rotations behind comes back, even within the window', async () => {
    const owner = await signUp(t);
    const first = await rotated(owner.refreshToken);
    const second = await rotated(first.refreshToken);
    expectProblem(await refresh(owner.refreshToken), 401, { code: 'token_reused' });
    expect(await userWorks(second.jwt)).toBe(false);
    expectProblem(await refresh(second.refreshToken), 401, { code: 'refresh_invalid' });
  });

  it('answers a replay within the window with refresh_invalid once the session has ended', async () => {
    const owner = await signUp(t);
    const first = await rotated(owner.refreshToken);
    expect((await call(t.app, 'GET', authApi.logout.path, { jwt: first.jwt })).statusCode).toBe(200);
    expectProblem(await refresh(owner.refreshToken), 401, { code: 'refresh_invalid' });
  });
});
