import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', TENANTS: ['hubbub'], SEED_DEMO: true, publicUrl: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('issue 26: new accounts start on Enterprise without billing, on Free with Stripe; DEFAULT_PLAN overrides both', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({}).DEFAULT_PLAN).toBe('Enterprise');
    expect(loadConfig({ DEFAULT_PLAN: '' }).DEFAULT_PLAN).toBe('Enterprise');
    expect(loadConfig(stripe).DEFAULT_PLAN).toBe('Free');
    expect(loadConfig({ DEFAULT_PLAN: 'Free' }).DEFAULT_PLAN).toBe('Free');
    expect(loadConfig({ ...stripe, DEFAULT_PLAN: 'Basic' }).DEFAULT_PLAN).toBe('Basic');
  });

  it('takes a local Stripe API for tests and a default plan', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:9200', DEFAULT_PLAN: 'Pro' });
    expect(config).toMatchObject({ STRIPE_API_URL: 'http://127.0.0.1:9200', DEFAULT_PLAN: 'Pro' });
  });

  it('trusts no proxy unless told: a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1, loopback' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it('reads ADMIN_TENANT as a list of tenant keys, unset when not given (issue 22)', () => {
    expect(loadConfig({ TENANTS: 'hubbub,rival' }).ADMIN_TENANT).toBeUndefined();
    expect(loadConfig({ TENANTS: 'hubbub,rival', ADMIN_TENANT: ' Rival , hubbub,' }).ADMIN_TENANT).toEqual(['rival', 'hubbub']);
    expect(() => loadConfig({ TENANTS: 'hubbub,rival', ADMIN_TENANT: 'rival,other' })).toThrow(/ADMIN_TENANT: ADMIN_TENANT names "other", not in TENANTS \(hubbub, rival\)\./);
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
    ['ADMIN_TENANT', { ADMIN_TENANT: 'elsewhere' }],
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
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '127.0.0.1,proxy.example.com' }],
  ])('names the bad variable %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});
