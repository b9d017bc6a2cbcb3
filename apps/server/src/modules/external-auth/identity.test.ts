import { describe, expect, it } from 'vitest';
import { identityOf } from './identity.js';
import { expectedDiscoveryIssuer } from './oidc.js';
import type { VerifiedLogin } from './oidc.js';

const login = (claims: Record<string, unknown>, issuer = 'https://accounts.google.com'): VerifiedLogin => ({
  claims: { iss: issuer, aud: 'client', iat: 0, exp: 0, sub: 'sub-1', ...claims } as VerifiedLogin['claims'],
  issuer,
  accessToken: 'at',
});

describe('identityOf', () => {
  it('trusts a Google email only with email_verified', () => {
    expect(identityOf('google', login({ email: 'Ann@Example.test', email_verified: true, name: 'Ann' }))).toMatchObject({
      subject: 'sub-1',
      email: 'ann@example.test',
      emailVouched: true,
      name: 'Ann',
    });
    expect(identityOf('google', login({ email: 'ann@example.test', email_verified: false })).emailVouched).toBe(false);
    expect(identityOf('google', login({ email: 'ann@example.test' })).emailVouched).toBe(false);
    expect(identityOf('google', login({ email: 'not an email', email_verified: true }))).toMatchObject({ email: null, emailVouched: false });
  });

  it('keys a Microsoft person on tenant and object id, and trusts its email only with xms_edov', () => {
    const tid = '72F988BF-86F1-41AF-91AB-2D7CD011DB47';
    const ms = (claims: Record<string, unknown>) => identityOf('microsoft', login({ tid, oid: 'OID-1', ...claims }, `https://login.microsoftonline.com/${tid.toLowerCase()}/v2.0`));
    expect(ms({ email: 'bob@contoso.test' })).toMatchObject({ subject: `${tid.toLowerCase()}:oid-1`, providerTenant: tid.toLowerCase(), email: 'bob@contoso.test', emailVouched: false });
    expect(ms({ email: 'bob@contoso.test', xms_edov: true }).emailVouched).toBe(true);
    expect(ms({ preferred_username: 'bob@contoso.test' })).toMatchObject({ email: 'bob@contoso.test', emailVouched: false });
    expect(ms({ login_hint: 'hint' }).logoutHint).toBe('hint');
    expect(identityOf('microsoft', login({ tid }, 'https://issuer')).subject).toBe('https://issuer|sub-1');
  });

  it('makes a name from what there is, without control characters, at most 100 characters', () => {
    expect(identityOf('google', login({ given_name: 'Ann', family_name: 'Lee' })).name).toBe('Ann Lee');
    expect(identityOf('google', login({ email: 'zed@example.test' })).name).toBe('zed');
    expect(identityOf('google', login({ name: 'A\u0000B\nC' })).name).toBe('A B C');
    expect(identityOf('google', login({ name: 'x'.repeat(300) })).name).toHaveLength(100);
    expect(identityOf('google', login({})).name).toBe('Hubbub member');
  });
});

describe('expectedDiscoveryIssuer', () => {
  it("expects Microsoft's tenant template for common and organizations, and the consumers tenant", () => {
    const ms = (issuer: string) => expectedDiscoveryIssuer({ slug: 'microsoft', issuer }).href;
    expect(ms('https://login.microsoftonline.com/common/v2.0')).toBe('https://login.microsoftonline.com/%7Btenantid%7D/v2.0');
    expect(ms('https://login.microsoftonline.com/organizations/v2.0')).toBe('https://login.microsoftonline.com/%7Btenantid%7D/v2.0');
    expect(ms('https://login.microsoftonline.com/consumers/v2.0')).toBe('https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0');
    expect(ms('https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0')).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0');
    expect(expectedDiscoveryIssuer({ slug: 'google', issuer: 'https://accounts.google.com' }).href).toBe('https://accounts.google.com/');
  });
});
