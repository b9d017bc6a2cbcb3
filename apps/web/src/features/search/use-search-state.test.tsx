import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchState } from './use-search-state';

/** The hook inside a real router, with the URL's search read back after each step. */
function renderSearchState(initial: string) {
  let hook: ReturnType<typeof useSearchState> | null = null;
  let url = '';
  function Probe() {
    hook = useSearchState();
    url = useSearchParams()[0].toString();
    return null;
  }
  const router = createMemoryRouter([{ path: '/search', element: <Probe /> }], { initialEntries: [`/search${initial}`] });
  render(<RouterProvider router={router} />);
  return {
    get state() {
      return hook!.state;
    },
    update: (patch: Parameters<ReturnType<typeof useSearchState>['update']>[0]) => hook!.update(patch),
    get url() {
      return url;
    },
    router,
  };
}

describe('useSearchState', () => {
  it('keeps both of two updates made before the router renders the first', async () => {
    const search = renderSearchState('?from=2026-11-25&days=30&lat=41.26&lng=-95.94&z=10');
    const { update } = search;
    await act(async () => {
      // The search box's debounce and the map's settle firing in the same gap.
      update({ q: 'lantern' });
      update({ view: { latitude: 41.25, longitude: -95.93, zoom: 17 } });
    });
    expect(search.state.q).toBe('lantern');
    expect(search.state.view.zoom).toBe(17);
    expect(search.url).toContain('q=lantern');
  });

  it('starts afresh from a URL it did not write (Back, a link)', async () => {
    const search = renderSearchState('?q=old&from=2026-11-25&days=30&lat=41.26&lng=-95.94&z=10');
    await act(async () => {
      search.update({ q: 'new' });
    });
    await act(async () => {
      await search.router.navigate('/search?from=2026-11-25&days=30&lat=10&lng=10&z=5');
    });
    await act(async () => {
      search.update({ view: { latitude: 11, longitude: 11, zoom: 6 } });
    });
    expect(search.state.q).toBe('');
    expect(search.state.view.zoom).toBe(6);
  });
});
