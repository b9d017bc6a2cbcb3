import { describe, expect, it } from 'vitest';
import { safeError } from './safe-error.js';

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
