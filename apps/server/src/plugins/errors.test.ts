import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { planLimit } from '../lib/app-error.js';
import { errorsPlugin, safeError } from './errors.js';

describe('safeError', () => {
  it('drops the query parameters of a failed query', () => {
    const cause = Object.assign(new Error('invalid byte sequence'), { code: '22021' });
    const error = Object.assign(new Error('Failed query: insert into users values ($1, $2)\nparams: a@b.c,$argon2id$v=19$secret'), { cause });
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toContain('argon2');
    expect(logged).toContain('22021');
  });

  it('keeps other errors whole', () => {
    expect(safeError(new TypeError('boom'))).toMatchObject({ type: 'TypeError', message: 'boom' });
  });
});

describe('errorsPlugin', () => {
  async function appThrowing(error: unknown) {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw error;
    });
    return app;
  }

  it('answers an unexpected failure with code internal and no detail of the cause', async () => {
    const app = await appThrowing(new Error('connection to 10.0.0.5 refused: password=hunter2'));
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 500,
      code: 'internal',
      title: 'Internal error',
      detail: 'The server failed to answer; the failure was logged under the correlation id.',
      correlationId: expect.any(String),
    });
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });

  it('keeps the code an AppError carries, and gives a plugin 4xx without one a code by its status', async () => {
    const app = await appThrowing(planLimit('Event limit reached', 'Your Free plan allows 1 event.'));
    expect((await app.inject({ method: 'GET', url: '/boom' })).json()).toMatchObject({ status: 403, code: 'plan_limit' });
    const tooBig = await appThrowing(Object.assign(new Error('request file too large'), { statusCode: 413 }));
    expect((await tooBig.inject({ method: 'GET', url: '/boom' })).json()).toMatchObject({ status: 413, code: 'payload_too_large' });
    await Promise.all([app.close(), tooBig.close()]);
  });
});
