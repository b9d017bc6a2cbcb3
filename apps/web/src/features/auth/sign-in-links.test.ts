import { describe, expect, it } from 'vitest';
import { registerPath, signInPath, signInReason, verificationPath } from './sign-in-links';

describe('signInReason', () => {
  it('names what signing in leads to', () => {
    expect(signInReason('/e/jazz-night-4f2a')).toBe('Sign in to continue to this event.');
    expect(signInReason('/event/5b6c0c9e-2a1d-4f0e-9d57-1a2b3c4d5e6f')).toBe('Sign in to continue to this event.');
    expect(signInReason('/buzz')).toBe('Sign in to watch the buzz.');
    expect(signInReason('/buzz?event=abc')).toBe('Sign in to watch the buzz.');
    expect(signInReason('/buzz/abc')).toBe('Sign in to watch the buzz.');
    expect(signInReason('/events/following')).toBe('Sign in to continue where you were.');
    expect(signInReason('/dashboard')).toBe('Sign in to continue where you were.');
  });

  it('says nothing when nobody was sent, or the address is not a page of this site', () => {
    expect(signInReason(null)).toBeNull();
    expect(signInReason('')).toBeNull();
    expect(signInReason('https://evil.example/e/x')).toBeNull();
    expect(signInReason('//evil.example/e/x')).toBeNull();
    // Only the exact page names count: /buzzword is not the buzz, /events is not an event.
    expect(signInReason('/buzzword')).toBe('Sign in to continue where you were.');
    expect(signInReason('/events')).toBe('Sign in to continue where you were.');
  });
});

describe('auth page addresses', () => {
  it('carry the email and a same-site redirect', () => {
    expect(signInPath({ email: 'a+b@example.test', redirect: '/e/x?y=1' })).toBe('/login?email=a%2Bb%40example.test&redirect=%2Fe%2Fx%3Fy%3D1');
    expect(registerPath({ redirect: '/buzz' })).toBe('/register?redirect=%2Fbuzz');
    expect(verificationPath({ email: 'a@example.test', redirect: '/e/x' })).toBe('/verification?email=a%40example.test&redirect=%2Fe%2Fx');
  });

  it('drop a redirect that leaves the site or loops, and an empty one', () => {
    expect(registerPath({ redirect: 'https://evil.example' })).toBe('/register');
    expect(signInPath({ redirect: '/register?redirect=/x' })).toBe('/login');
    expect(signInPath({ email: '', redirect: null })).toBe('/login');
    expect(registerPath()).toBe('/register');
  });
});
