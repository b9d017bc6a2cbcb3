import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '@hubbub/contract';
import { session } from '@/lib/session';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { signOut, testJwt } from '@/test/session';
import { readPendingSignIn, rememberPendingSignIn } from '../verify-sign-in';
import { VerificationPanel } from './verification-panel';

const EMAIL = 'vera@example.test';
const tokens = { jwt: testJwt({ id: '5f0e1d2c-3b4a-4958-8776-a5b4c3d2e1f0', name: 'Vera', email: EMAIL }), refreshToken: 'r1', rememberMe: true as const };

describe('VerificationPanel', () => {
  afterEach(async () => {
    await signOut();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('in the browser that registered: sends the kept key with the link token, signs in and goes on to where the person was going', async () => {
    rememberPendingSignIn({ signInKey: 'the-key', redirect: '/e/jazz-night', email: EMAIL });
    const api = fakeApi().on(authApi.verify, { verified: true, email: EMAIL, session: tokens });
    const onSignedIn = vi.fn();
    renderWithProviders(<VerificationPanel token="link-token" onSignedIn={onSignedIn} />);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/e/jazz-night'));
    expect(api.calls(authApi.verify, { tokenOrCode: 'link-token' }).map((c) => c.body)).toEqual([{ signInKey: 'the-key' }]);
    expect(session.getUser()?.email).toBe(EMAIL);
    // Spent: the key is not kept for anyone else.
    expect(readPendingSignIn()).toBeNull();
  });

  it('in another browser: sends no body, verifies, and offers the sign-in with the email and the way on', async () => {
    const api = fakeApi().on(authApi.verify, { verified: true, email: EMAIL });
    const onSignedIn = vi.fn();
    renderWithProviders(<VerificationPanel token="link-token" redirect="/buzz" onSignedIn={onSignedIn} />);
    expect(await screen.findByText('Your account is verified')).toBeTruthy();
    expect(api.calls(authApi.verify)[0].body).toBeUndefined();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(session.getUser()).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login?email=vera%40example.test&redirect=%2Fbuzz');
  });

  it('keeps the key when the code is wrong, so the right code still signs in', async () => {
    rememberPendingSignIn({ signInKey: 'the-key', redirect: '/buzz', email: EMAIL });
    let attempt = 0;
    fakeApi().on(authApi.verify, () => (++attempt === 1 ? problem(400, 'code_invalid', 'This verification code is not valid.') : { verified: true, email: EMAIL, session: tokens }));
    const onSignedIn = vi.fn();
    renderWithProviders(<VerificationPanel email={EMAIL} onSignedIn={onSignedIn} />);
    const input = screen.getByLabelText('Verification code');
    fireEvent.change(input, { target: { value: 'ZZZZZZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/not valid/)).toBeTruthy();
    expect(readPendingSignIn()?.signInKey).toBe('the-key');
    fireEvent.change(input, { target: { value: '7KQ2ZD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/buzz'));
  });
});
