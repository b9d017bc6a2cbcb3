import { describe, expect, it } from 'vitest';
import { ExternalLoginSchema, externalStartPath, providerOfSlug, safeReturnPath } from './index.js';

describe('safeReturnPath', () => {
  it('keeps a local path with its query and hash', () => {
    expect(safeReturnPath('/events?when=today#top')).toBe('/events?when=today#top');
  });

  it('falls back to the dashboard for anything that could leave the app or loop', () => {
    for (const bad of [null, undefined, '', 'events', 'https://evil.example', '//evil.example', '/\\evil.example', '/ok\\..', '/x\n/y', '/x\u0085', '/login', '/Login?redirect=/x', '/register', '/auth/callback/google?code=1', `/${'a'.repeat(1100)}`]) {
      expect(safeReturnPath(bad), String(bad)).toBe('/dashboard');
    }
  });
});

describe('external providers', () => {
  it('names them as the spec does and maps the path slugs', () => {
    expect(providerOfSlug('google')).toBe('Google');
    expect(providerOfSlug('microsoft')).toBe('Windows');
    expect(providerOfSlug('windows')).toBeUndefined();
    expect(externalStartPath('microsoft', { tenant: 'hubbub', returnTo: '/a?b=1' })).toBe('/presence/api/v1/auth/external/microsoft/start?tenant=hubbub&returnTo=%2Fa%3Fb%3D1');
  });

  it('takes the spec provider names in the external login body', () => {
    expect(ExternalLoginSchema.safeParse({ provider: 'Windows', code: 'c', state: 's'.repeat(43) }).success).toBe(true);
    expect(ExternalLoginSchema.safeParse({ provider: 'microsoft', code: 'c', state: 's'.repeat(43) }).success).toBe(false);
    expect(ExternalLoginSchema.safeParse({ provider: 'Google', code: '', state: 's'.repeat(43) }).success).toBe(false);
  });
});
