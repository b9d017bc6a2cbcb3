import { createElement, type ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { registerPath, signInPath, signInReason, useAuthLinks, verificationPath } from './sign-in-links';

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

describe('useAuthLinks', () => {
  const at = (url: string) => renderHook(() => useAuthLinks(), { wrapper: ({ children }: { children: ReactNode }) => createElement(MemoryRouter, { initialEntries: [url] }, children) }).result.current;

  it('come back to the page they were opened from', () => {
    expect(at('/search?lat=39.1&lng=-94.6')).toEqual({ signIn: '/login?redirect=%2Fsearch%3Flat%3D39.1%26lng%3D-94.6', register: '/register?redirect=%2Fsearch%3Flat%3D39.1%26lng%3D-94.6' });
    expect(at('/person/abc')).toEqual({ signIn: '/login?redirect=%2Fperson%2Fabc', register: '/register?redirect=%2Fperson%2Fabc' });
  });

  it('keep the way on of an auth page, and carry none from it', () => {
    expect(at('/login?redirect=%2Fe%2Fjazz')).toEqual({ signIn: '/login?redirect=%2Fe%2Fjazz', register: '/register?redirect=%2Fe%2Fjazz' });
    expect(at('/register')).toEqual({ signIn: '/login', register: '/register' });
  });
});
