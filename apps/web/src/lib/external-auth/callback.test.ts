import { describe, expect, it } from 'vitest';
import { readCallback } from './callback';
import { forgetExternalIntent, readExternalIntent, rememberExternalIntent } from './intent';

describe('readCallback', () => {
  it('takes the code, the state and the iss the provider sent', () => {
    expect(readCallback('Windows', new URLSearchParams('code=c1&state=s1&session_state=x'))).toEqual({ kind: 'answer', body: { provider: 'Windows', code: 'c1', state: 's1' } });
    expect(readCallback('Google', new URLSearchParams('code=c1&state=s1&iss=https%3A%2F%2Faccounts.google.com'))).toEqual({
      kind: 'answer',
      body: { provider: 'Google', code: 'c1', state: 's1', iss: 'https://accounts.google.com' },
    });
  });

  it("says what went wrong in its own words, never in the address's", () => {
    expect(readCallback('Google', new URLSearchParams('error=access_denied&error_description=Call+us'))).toEqual({ kind: 'error', message: 'Signing in with Google was cancelled.' });
    expect(readCallback('Google', new URLSearchParams('error=slow_down'))).toMatchObject({ message: expect.stringMatching(/^Too many sign-in attempts/) });
    expect(readCallback('Windows', new URLSearchParams('error=temporarily_unavailable'))).toMatchObject({ message: expect.stringMatching(/^Microsoft could not be reached/) });
    const odd = readCallback('Google', new URLSearchParams('error=invalid_scope&error_description=Call+us'));
    expect(odd).toMatchObject({ kind: 'error', message: expect.stringContaining('invalid_scope') });
    expect(JSON.stringify(odd)).not.toContain('Call us');
    expect(readCallback('Google', new URLSearchParams('state=s1'))).toMatchObject({ kind: 'error' });
  });
});

describe('the intent', () => {
  it('is a sign-in unless a connection was remembered, and is forgotten', () => {
    forgetExternalIntent();
    expect(readExternalIntent()).toBe('login');
    rememberExternalIntent('link');
    expect(readExternalIntent()).toBe('link');
    forgetExternalIntent();
    expect(readExternalIntent()).toBe('login');
  });
});
