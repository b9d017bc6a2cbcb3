import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', TENANTS: ['hubbub'], SEED_DEMO: true, publicUrl: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEFAULT_PLAN).toBe('Free');
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('takes a local Stripe API for tests and a default plan', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:9200', DEFAULT_PLAN: 'Pro' });
    expect(config).toMatchObject({ STRIPE_API_URL: 'http://127.0.0.1:9200', DEFAULT_PLAN: 'Pro' });
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
    ['GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_ID: 'id' }],
    ['MICROSOFT_CLIENT_ID', { MICROSOFT_CLIENT_SECRET: 'secret' }],
    ['GOOGLE_ISSUER', { GOOGLE_ISSUER: 'http://idp.example.com' }],
    ['MICROSOFT_ISSUER', { MICROSOFT_ISSUER: 'not a url' }],
    ['MICROSOFT_TENANT', { MICROSOFT_TENANT: 'a/b' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_test_x' }],
    ['STRIPE_SECRET_KEY', { STRIPE_WEBHOOK_SECRET: 'whsec_x' }],
    ['STRIPE_API_URL', { STRIPE_API_URL: 'http://stripe.example.com' }],
    ['DEFAULT_PLAN', { DEFAULT_PLAN: 'Gold' }],
  ])('names the bad variable %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
