import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { externalAuthApi, formatDateTime, pathOf, type ConnectedAccounts } from '@hubbub/contract';
import { forgetExternalIntent, readExternalIntent } from '@/lib/external-auth';
import { fakeApi, problem } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render';
import { ConnectedAccountsPanel } from './connected-accounts-panel';

const google = { provider: 'Google', email: 'ada@gmail.example', linkedAt: '2026-03-01T10:00:00Z', lastUsedAt: '2026-03-05T10:00:00Z' } as const;
const microsoft = { provider: 'Windows', email: 'ada@outlook.example', linkedAt: '2026-02-01T10:00:00Z', lastUsedAt: null } as const;

const accounts = (over: Partial<ConnectedAccounts> = {}): ConnectedAccounts => ({ accounts: [google], available: ['Google', 'Windows'], hasPassword: true, ...over });

const row = (name: string) => screen.findByRole('listitem', { name });

describe('ConnectedAccountsPanel', () => {
  beforeEach(() => forgetExternalIntent());
  afterEach(() => {
    vi.unstubAllGlobals();
    // A connection leaves through a hash change (the only navigation jsdom does): undo it.
    window.history.replaceState(null, '', window.location.pathname);
  });

  it('lists each offered provider, connected ones with their email and dates', async () => {
    fakeApi().on(externalAuthApi.accounts, accounts());
    renderWithProviders(<ConnectedAccountsPanel />);
    const g = await row('Google');
    expect(within(g).getByText('ada@gmail.example')).toBeTruthy();
    // Written by the one formatter, in the reader's zone: "Connected Sun, Mar 1, 2026, 4:00 AM · last used …".
    expect(within(g).getByText(`Connected ${formatDateTime(google.linkedAt)} · last used ${formatDateTime(google.lastUsedAt)}`)).toBeTruthy();
    expect(within(g).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    const m = await row('Microsoft');
    expect(within(m).getByText('Not connected')).toBeTruthy();
    expect(within(m).getByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(screen.getByText('Sign in with these as well as with your password.')).toBeTruthy();
  });

  it('disconnects after asking, and shows the list the server answers', async () => {
    const api = fakeApi()
      .on(externalAuthApi.accounts, accounts({ accounts: [google, microsoft] }))
      .on(externalAuthApi.disconnect, accounts({ accounts: [microsoft] }));
    renderWithProviders(<ConnectedAccountsPanel />);
    fireEvent.click(within(await row('Google')).getByRole('button', { name: 'Disconnect' }));

    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    expect(dialog.textContent).toMatch(/no longer be able to sign in with Google/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Google is disconnected.')).toBeTruthy();
    await waitFor(async () => expect(within(await row('Google')).getByText('Not connected')).toBeTruthy());
    expect(within(await row('Microsoft')).getByText('ada@outlook.example')).toBeTruthy();
    const [call] = api.calls(externalAuthApi.disconnect);
    expect(call).toMatchObject({ method: 'DELETE', path: pathOf(externalAuthApi.disconnect, { provider: 'google' }), body: undefined });
    expect(api.calls(externalAuthApi.disconnect, { provider: 'microsoft' })).toHaveLength(0);
  });

  it('sends nothing when the question is answered Cancel', async () => {
    const api = fakeApi().on(externalAuthApi.accounts, accounts());
    renderWithProviders(<ConnectedAccountsPanel />);
    fireEvent.click(within(await row('Google')).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(externalAuthApi.disconnect)).toHaveLength(0);
    expect(within(await row('Google')).getByText('ada@gmail.example')).toBeTruthy();
  });

  it('says why a disconnection was refused and keeps the account listed', async () => {
    fakeApi()
      .on(externalAuthApi.accounts, accounts())
      .on(externalAuthApi.disconnect, () => problem(409, 'last_sign_in_method', 'Set a password before you disconnect Google.'));
    renderWithProviders(<ConnectedAccountsPanel />);
    fireEvent.click(within(await row('Google')).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Could not disconnect Google')).toBeTruthy();
    expect(screen.getByText('Set a password before you disconnect Google.')).toBeTruthy();
    expect(within(await row('Google')).getByText('ada@gmail.example')).toBeTruthy();
  });

  it('keeps the only way to sign in of an account without a password', async () => {
    const api = fakeApi().on(externalAuthApi.accounts, accounts({ hasPassword: false }));
    renderWithProviders(<ConnectedAccountsPanel />);
    const disconnect = within(await row('Google')).getByRole('button', { name: 'Disconnect' });
    expect(disconnect.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/This account has no password: you sign in with these/)).toBeTruthy();
    fireEvent.click(disconnect);
    // No question, no request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(externalAuthApi.disconnect)).toHaveLength(0);
  });

  it('lets a second connected account go even without a password', async () => {
    fakeApi().on(externalAuthApi.accounts, accounts({ hasPassword: false, accounts: [google, microsoft] }));
    renderWithProviders(<ConnectedAccountsPanel />);
    const disconnect = within(await row('Google')).getByRole('button', { name: 'Disconnect' });
    expect(disconnect.getAttribute('aria-disabled')).toBe('false');
  });

  it('connects by asking for the provider’s page, remembering the intent, and going there', async () => {
    const authorizationUrl = `${window.location.origin}${window.location.pathname}#microsoft-sign-in`;
    const api = fakeApi().on(externalAuthApi.accounts, accounts()).on(externalAuthApi.connect, { authorizationUrl });
    renderWithProviders(<ConnectedAccountsPanel />);
    fireEvent.click(within(await row('Microsoft')).getByRole('button', { name: 'Connect' }));

    await waitFor(() => expect(window.location.hash).toBe('#microsoft-sign-in'));
    const [call] = api.calls(externalAuthApi.connect);
    expect(call).toMatchObject({ method: 'POST', path: pathOf(externalAuthApi.connect, { provider: 'microsoft' }), body: { returnTo: '/account/settings' } });
    expect(readExternalIntent()).toBe('link');
  });

  it('stays, and says why, when the server cannot start a connection', async () => {
    fakeApi()
      .on(externalAuthApi.accounts, accounts())
      .on(externalAuthApi.connect, () => problem(400, 'external_provider_unconfigured', 'Sign-in with Microsoft is not configured on this server.'));
    renderWithProviders(<ConnectedAccountsPanel />);
    fireEvent.click(within(await row('Microsoft')).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Could not connect Microsoft')).toBeTruthy();
    expect(screen.getByText('Sign-in with Microsoft is not configured on this server.')).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(readExternalIntent()).toBe('login');
  });

  it('shows a connected provider the server no longer offers, and hides one it does not offer', async () => {
    fakeApi().on(externalAuthApi.accounts, accounts({ available: [], accounts: [microsoft] }));
    renderWithProviders(<ConnectedAccountsPanel />);
    expect(within(await row('Microsoft')).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Google' })).toBeNull();
  });

  it('shows nothing when no provider is offered or connected', async () => {
    const api = fakeApi().on(externalAuthApi.accounts, accounts({ available: [], accounts: [] }));
    renderWithProviders(<ConnectedAccountsPanel />);
    await waitFor(() => expect(api.calls(externalAuthApi.accounts)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Connected accounts')).toBeNull());
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    fakeApi().on(externalAuthApi.accounts, () => problem(404, 'not_found'));
    renderWithProviders(<ConnectedAccountsPanel />);
    expect(await screen.findByText('The connected accounts could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
