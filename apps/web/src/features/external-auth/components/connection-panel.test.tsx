import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { externalAuthApi, type ConnectedAccounts, type ExternalLogin } from '@hubbub/contract';
import { queryKeys } from '@/lib/api';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ConnectionPanel } from './connection-panel';

const body: ExternalLogin = { provider: 'Google', code: 'code-from-google', state: 'state-0123456789abcdef', iss: 'https://accounts.google.com' };
const connected: ConnectedAccounts = {
  accounts: [{ provider: 'Google', email: 'ada@gmail.example', linkedAt: '2026-03-01T10:00:00Z', lastUsedAt: null }],
  available: ['Google'],
  hasPassword: true,
};

describe('ConnectionPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the provider’s answer once, then goes back to Settings with the new list cached', async () => {
    const api = fakeApi().on(externalAuthApi.link, connected);
    // StrictMode runs effects twice: the answer is single-use, so it must still go out once.
    const view = renderWithProviders(
      <StrictMode>
        <ConnectionPanel body={body} />
      </StrictMode>,
      { route: '/auth/callback/google' },
    );
    expect(screen.getByRole('status').textContent).toBe('Connecting Google…');

    await waitFor(() => expect(view.location().pathname).toBe('/account/settings'));
    expect(await screen.findByText('Google is connected: you can sign in with it now.')).toBeTruthy();
    expect(api.calls(externalAuthApi.link)).toHaveLength(1);
    expect(api.calls(externalAuthApi.link)[0]).toMatchObject({ method: 'POST', body });
    expect(view.client.getQueryData(queryKeys.connectedAccounts)).toEqual(connected);
  });

  it('says why the connection failed, with the way back to Settings, and stays put', async () => {
    fakeApi().on(externalAuthApi.link, () => problem(409, 'external_identity_taken', 'This Google account is already connected to another Hubbub account.'));
    const view = renderWithProviders(<ConnectionPanel body={{ ...body, provider: 'Windows' }} />, { route: '/auth/callback/microsoft' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not connect Microsoft');
    expect(alert.textContent).toContain('This Google account is already connected to another Hubbub account.');
    expect(screen.getByRole('link', { name: 'Back to Settings' }).getAttribute('href')).toBe('/account/settings');
    expect(view.location().pathname).toBe('/auth/callback/microsoft');
    expect(view.client.getQueryData(queryKeys.connectedAccounts)).toBeUndefined();
  });

  it('falls back to a plain message when the server answers no Problem', async () => {
    fakeApi().on(externalAuthApi.link, () => new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    renderWithProviders(<ConnectionPanel body={body} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Bad Gateway');
  });
});
