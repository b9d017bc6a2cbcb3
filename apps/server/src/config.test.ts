import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', TENANTS: ['hubbub'], SEED_DEMO: true, publicUrl: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('splits and normalises TENANTS', () => {
    expect(loadConfig({ TENANTS: ' Hubbub, other ,' }).TENANTS).toEqual(['hubbub', 'other']);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['TENANTS', { TENANTS: 'Bad Tenant!' }],
    ['JWT', { JWT: 'short' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'nobody' }],
    ['SMTP_URL', { SMTP_URL: '::' }],
    ['RATE_LIMIT_SCALE', { RATE_LIMIT_SCALE: 'lots' }],
  ])('names the bad variable %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
