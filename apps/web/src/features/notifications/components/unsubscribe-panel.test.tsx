import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TENANT_HEADER, notificationsApi, pathOf } from '@hubbub/contract';
import { setAuthorization } from '@/lib/api';
import { UnsubscribePanel } from './unsubscribe-panel';

const TOKEN = 'eyJ0IjoiaHViYnViIn0.abcdefghijklmnopqrstuvwxyz_-';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mount(token: string | null) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <UnsubscribePanel token={token} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('UnsubscribePanel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthorization(null);
  });

  it('does nothing until asked, then posts the link without a sign-in and shows what it stopped', async () => {
    const fetchMock = vi.fn(async () => json({ ok: true, message: 'Done: no more emails about new events in “<b>Jazz</b>”.' }));
    vi.stubGlobal('fetch', fetchMock);
    // Someone else is signed in on this browser: the link must still act only as itself.
    setAuthorization('someone.elses.jwt');
    mount(TOKEN);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const result = await screen.findByTestId('unsubscribe-result');
    expect(result.textContent).toBe('Done: no more emails about new events in “<b>Jazz</b>”.');
    expect(result.dataset.status).toBe('done');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(pathOf(notificationsApi.unsubscribe, { token: TOKEN }));
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    const headers = Object.keys(init.headers as Record<string, string>).map((h) => h.toLowerCase());
    expect(headers).not.toContain('authorization');
    expect(headers).not.toContain(TENANT_HEADER.toLowerCase());
  });

  it('shows the server’s reason for a bad link, and no button to try it again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ status: 400, code: 'code_invalid', title: 'Invalid code', detail: 'This unsubscribe link is not valid. Change your email settings in Hubbub instead.' }, 400)),
    );
    mount(TOKEN);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const result = await screen.findByTestId('unsubscribe-result');
    expect(result.textContent).toBe('This unsubscribe link is not valid. Change your email settings in Hubbub instead.');
    expect(result.dataset.status).toBe('error');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('lets a failed connection be tried again', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    mount(TOKEN);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByTestId('unsubscribe-result')).textContent).toMatch(/Cannot reach the server/);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });

  it('explains a link that lost its token, with nothing to click', () => {
    vi.stubGlobal('fetch', vi.fn());
    mount(null);
    const result = screen.getByTestId('unsubscribe-result');
    expect(result.dataset.status).toBe('missing');
    expect(result.textContent).toMatch(/unsubscribe link/);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/account/settings');
  });
});
