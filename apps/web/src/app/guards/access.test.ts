import { describe, expect, it } from 'vitest';
import { CLAIM_ROLE } from '@hubbub/contract';
import type { SignedInUser } from '../../lib/session/claims';
import { decideAccess, matchesRequireLogin, safeRedirectTarget } from './access';

const user = (roles: string[] = []): SignedInUser => ({
  id: 'u',
  email: 'a@b.co',
  name: 'A',
  jwt: 'jwt',
  refreshToken: 'r',
  claims: { [CLAIM_ROLE]: roles },
});
const at = { pathname: '/events/following', search: '?q=1', hash: '#top' };

describe('decideAccess', () => {
  it('lets anyone through a public route', () => {
    expect(decideAccess(null, {}, at)).toEqual({ kind: 'allow' });
  });

  it('sends a logged-out visitor to /login with the way back', () => {
    expect(decideAccess(null, { login: true }, at)).toEqual({
      kind: 'login',
      to: `/login?redirect=${encodeURIComponent('/events/following?q=1#top')}`,
    });
  });

  it('treats a user without a jwt as logged out', () => {
    expect(decideAccess({ ...user(), jwt: '' }, { login: true }, at).kind).toBe('login');
  });

  it('needs every required role', () => {
    expect(decideAccess(user(['Admin']), { login: true, roles: ['Admin'] }, at).kind).toBe('allow');
    expect(decideAccess(user([]), { login: true, roles: ['Admin'] }, at).kind).toBe('forbidden');
    expect(decideAccess(user(['Admin']), { roles: ['Admin', 'Editor'] }, at).kind).toBe('forbidden');
    expect(decideAccess(null, { roles: ['Admin'] }, at).kind).toBe('login');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectTarget('/events?x=1')).toBe('/events?x=1');
  });

  it('falls back to the dashboard for missing, foreign or looping targets', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login?redirect=/x', '/register']) {
      expect(safeRedirectTarget(bad)).toBe('/dashboard');
    }
  });
});

describe('matchesRequireLogin', () => {
  it('finds a login requirement anywhere in the matched branch', () => {
    expect(matchesRequireLogin([{ route: {} }, { route: { handle: { access: { login: true } } } }, { route: {} }])).toBe(true);
    expect(matchesRequireLogin([{ route: {} }, { route: { handle: { other: 1 } } }])).toBe(false);
  });
});
