import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { planLimit } from '../lib/app-error.js';
import { errorsPlugin } from './errors.js';

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
