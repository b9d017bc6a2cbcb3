import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountDataApi } from '@hubbub/contract';
import { DeleteAccountDialog } from './delete-account-dialog';

function mount() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DeleteAccountDialog opened onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const refused = () =>
  new Response(JSON.stringify({ status: 401, code: 'invalid_credentials', title: 'Unauthorized', detail: 'The email or the password is not correct.' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

describe('DeleteAccountDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms with the password and says plainly when it is wrong', async () => {
    const fetchMock = vi.fn(async () => refused());
    vi.stubGlobal('fetch', fetchMock);
    mount();
    const submit = await screen.findByRole('button', { name: 'Delete my account' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'not it' } });
    fireEvent.click(submit);
    expect(await screen.findByText('The password is not correct')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(accountDataApi.delete.path);
    expect(JSON.parse(String(init.body))).toEqual({ password: 'not it' });
  });

  it('switches to typing the email for accounts without a password', async () => {
    const fetchMock = vi.fn(async () => refused());
    vi.stubGlobal('fetch', fetchMock);
    mount();
    fireEvent.click(await screen.findByRole('switch', { name: /I sign in with Google or Microsoft/ }));
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Your email address/ }), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com' });
  });
});
