import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './client.js';

describe('isDatabaseUnreachable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('knows a database that went or never came, through Drizzle’s wrapper', () => {
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('connection failure'), { code: '08006' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves every other failure to be a 500', () => {
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('deadlock detected'), { code: '40P01' })))).toBe(false);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnreachable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
