import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarsApi } from '@hubbub/contract';
import { SaveSearchDialog, type SearchToSave } from './save-search-dialog';

const CATEGORY = '1c7f4e2f-6b3d-4d8f-8a21-3e4f5a6b7c8d';
const box = { minLatitude: 30.1, maxLatitude: 30.5, minLongitude: -97.9, maxLongitude: -97.5 };

function mount(search: SearchToSave) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <Notifications />
        <MemoryRouter>
          <SaveSearchDialog search={search} opened onClose={() => undefined} categoryName={(id) => (id === CATEGORY ? 'Music' : undefined)} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SaveSearchDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the search with the map’s box and 30 days ahead, named after the words', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return new Response(
        JSON.stringify({ id: '0b6f3d1e-5a2c-4c7e-9f10-2d3e4f5a6b7c', ...body, feedUrl: 'https://h.example/feeds/t.ics', webcalUrl: 'webcal://h.example/feeds/t.ics', created: '2026-03-01T10:00:00Z', updated: '2026-03-01T10:00:00Z' }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    mount({ searchText: 'jazz', areaText: null, categoryId: CATEGORY, box, place: 'Austin, TX' });

    const dialog = await screen.findByRole('dialog', { name: 'Save this search as a calendar' });
    expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('jazz');
    expect(within(dialog).getByTestId('save-search-summary').textContent).toBe('“jazz” · Music · in the map area · next 30 days');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save calendar' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(calendarsApi.create.path);
    expect(JSON.parse(String(init.body))).toEqual({ name: 'jazz', kind: 'search', query: { searchText: 'jazz', areaText: null, categoryId: CATEGORY, box, days: 30 }, alert: 'off' });
    expect(await screen.findByRole('button', { name: 'See my calendars' })).toBeTruthy();
  });

  it('names a search without words after the place, else the map', async () => {
    mount({ searchText: null, areaText: null, categoryId: null, box, place: 'Austin, TX' });
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Austin, TX');
  });
});
