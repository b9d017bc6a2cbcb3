import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventDraftAnswerSchema, EventDraftSchema, eventDraftsApi } from '@hubbub/contract';
import { build, type TestApp } from './support/build.js';
import { call, signUp, type TestUser } from './support/api.js';
import { expectProblem } from './support/problem.js';

// Quick create's draft (issue 26): kept on the server as the host types, one per person.

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const path = eventDraftsApi.save.path;
const get = async (user: TestUser) => {
  const res = await call(t.app, 'GET', eventDraftsApi.get.path, { jwt: user.jwt });
  expect(res.statusCode, res.body).toBe(200);
  return EventDraftAnswerSchema.parse(res.json()).draft;
};
const area = { name: 'Omaha, NE', type: 4, latitude: 41.2565, longitude: -95.9345, city: 'Omaha', state: 'NE', country: 'US' };

describe('the quick-create draft', () => {
  it('starts empty, keeps what was typed (even half of it), replaces it on each save, and is gone once discarded', async () => {
    const host = await signUp(t);
    expect(await get(host)).toBeNull();

    const half = await call(t.app, 'POST', path, { jwt: host.jwt, body: { name: 'Porch conc' } });
    expect(half.statusCode, half.body).toBe(200);
    expect(EventDraftSchema.parse(half.json())).toMatchObject({ name: 'Porch conc', start: null, durationMinutes: null, timeZone: null, area: null, cover: null, repeat: null });

    const full = { name: 'Porch concert <b>live</b>', start: '2026-12-05 19:00:00', durationMinutes: 120, timeZone: 'America/Chicago', area, cover: 'gradient:Sunrise', repeat: { kind: 'monthly-weekday', end: 'count', count: 6 } };
    expect((await call(t.app, 'POST', path, { jwt: host.jwt, body: full })).statusCode).toBe(200);
    // Text is kept as typed: the app shows it as text, never as HTML.
    expect(await get(host)).toMatchObject({ ...full, area: expect.objectContaining({ name: 'Omaha, NE', latitude: 41.2565 }) });

    // Someone else's draft is theirs alone.
    const other = await signUp(t);
    expect(await get(other)).toBeNull();

    expect((await call(t.app, 'DELETE', eventDraftsApi.delete.path, { jwt: host.jwt })).json()).toEqual({ ok: true });
    expect(await get(host)).toBeNull();
    // Discarding nothing is fine too.
    expect((await call(t.app, 'DELETE', eventDraftsApi.delete.path, { jwt: host.jwt })).statusCode).toBe(200);
  });

  it('refuses bad input naming the field, and keeps the draft it had', async () => {
    const host = await signUp(t);
    expect((await call(t.app, 'POST', path, { jwt: host.jwt, body: { name: 'Kept' } })).statusCode).toBe(200);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ start: 'next friday' }, 'start'],
      [{ durationMinutes: 5 }, 'durationMinutes'],
      [{ durationMinutes: 1.5 }, 'durationMinutes'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ area: { name: 'Nowhere', latitude: 200, longitude: 0 } }, 'area'],
      [{ cover: '<img src=x>' }, 'cover'],
      [{ repeat: { kind: 'hourly', end: 'never', count: 8 } }, 'repeat'],
      [{ repeat: { kind: 'weekly', end: 'count', count: 101 } }, 'repeat'],
      [{ repeat: { kind: 'weekly', end: 'sometime', count: 8 } }, 'repeat'],
      [{ repeat: 'FREQ=WEEKLY' }, 'repeat'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, 'POST', path, { jwt: host.jwt, body });
      const problem = expectProblem(res, 400, { code: 'validation' });
      expect(JSON.stringify(problem), field).toContain(field);
    }
    expect(await get(host)).toMatchObject({ name: 'Kept' });
  });

  it('needs a signed-in person', async () => {
    expectProblem(await call(t.app, 'GET', eventDraftsApi.get.path), 401);
    expectProblem(await call(t.app, 'POST', path, { body: { name: 'x' } }), 401);
    expectProblem(await call(t.app, 'DELETE', eventDraftsApi.delete.path), 401);
  });
});
