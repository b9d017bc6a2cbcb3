import { describe, expect, it } from 'vitest';
import { CONTIGUOUS_US, defaultSearchState, DEFAULT_VIEW, defaultViewFor, hasView, parseSearchParams, toFilters, toSearchParams, type SearchState } from './search-state';

const TODAY = '2025-06-04';
const CAT = '0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('search state in the URL', () => {
  it('opens on the default map with the next 30 days', () => {
    expect(parseSearchParams(new URLSearchParams(''), TODAY)).toEqual({
      q: '',
      window: { from: TODAY, days: 30 },
      cat: null,
      live: false,
      host: null,
      partner: null,
      view: DEFAULT_VIEW,
    });
  });

  it('round-trips a whole search', () => {
    const state: SearchState = { q: 'jazz & blues', window: { from: '2025-06-07', days: 2 }, cat: CAT, live: true, host: null, partner: null, view: { latitude: 30.2672, longitude: -97.7431, zoom: 11.5 } };
    const text = toSearchParams(state).toString();
    expect(text).toBe(`q=jazz+%26+blues&from=2025-06-07&days=2&cat=${CAT}&live=1&lat=30.2672&lng=-97.7431&z=11.5`);
    expect(parseSearchParams(new URLSearchParams(text), TODAY)).toEqual(state);
  });

  it('leaves out empty text and "all categories"', () => {
    expect(toSearchParams(defaultSearchState(TODAY)).toString()).toBe('from=2025-06-04&days=30&lat=39.5&lng=-98.35&z=3.5');
  });

  it('falls back part by part on nonsense', () => {
    const state = parseSearchParams(new URLSearchParams('q=%20hi%20&from=2025-02-30&days=7&cat=<script>&lat=91&lng=10&z=4'), TODAY);
    expect(state.q).toBe('hi');
    expect(state.window).toEqual({ from: TODAY, days: 30 });
    expect(state.cat).toBeNull();
    expect(state.live).toBe(false);
    expect(parseSearchParams(new URLSearchParams('live=yes'), TODAY).live).toBe(false);
    expect(state.view).toEqual(DEFAULT_VIEW);
    expect(parseSearchParams(new URLSearchParams('from=2025-06-01&days=0'), TODAY).window.days).toBe(30);
    expect(parseSearchParams(new URLSearchParams('from=2025-06-01&days=2.5'), TODAY).window.days).toBe(30);
    expect(parseSearchParams(new URLSearchParams('lat=1&lng=2&z='), TODAY).view).toEqual(DEFAULT_VIEW);
  });

  it("keeps the partners drawer's choice: a host's id, a partner's name in lower case", () => {
    const state = parseSearchParams(new URLSearchParams(`host=${CAT.toUpperCase()}&partner=%20Blue%20Note%20Records%20`), TODAY);
    expect([state.host, state.partner]).toEqual([CAT, 'blue note records']);
    expect(toSearchParams(state).toString()).toContain(`host=${CAT}&partner=blue+note+records&`);
    expect(toFilters(state, 'UTC')).toMatchObject({ userId: CAT, partner: 'blue note records' });
    const nonsense = parseSearchParams(new URLSearchParams(`host=<script>&partner=${'x'.repeat(121)}`), TODAY);
    expect([nonsense.host, nonsense.partner]).toEqual([null, null]);
  });

  it('makes request filters in the viewer zone', () => {
    const state = parseSearchParams(new URLSearchParams(`q=jazz&from=2025-06-07&days=2&cat=${CAT.toUpperCase()}`), TODAY);
    expect(toFilters(state, 'America/Chicago')).toEqual({ searchText: 'jazz', categoryId: CAT, startDate: '2025-06-07T05:00:00.000Z', days: 2, live: false, userId: null, partner: null });
    expect(toFilters(parseSearchParams(new URLSearchParams('live=1'), TODAY), 'UTC').live).toBe(true);
  });

  // Where the country's corners land on a map of this size at the view, in px from its top left (MapLibre's 512 px tiles).
  function cornersOn(size: { width: number; height: number }, view: { latitude: number; longitude: number; zoom: number }) {
    const world = 512 * 2 ** view.zoom;
    const x = (lng: number) => ((lng - view.longitude) / 360) * world + size.width / 2;
    const y = (lat: number) => {
      const m = (l: number) => Math.log(Math.tan(Math.PI / 4 + (l * Math.PI) / 360));
      return -((m(lat) - m(view.latitude)) / (2 * Math.PI)) * world + size.height / 2;
    };
    return { left: x(CONTIGUOUS_US.minLongitude), right: x(CONTIGUOUS_US.maxLongitude), top: y(CONTIGUOUS_US.maxLatitude), bottom: y(CONTIGUOUS_US.minLatitude) };
  }

  // The search page's map at 1280x800 (the list beside it), 768x1024 and 390x844 (the list a sheet below it).
  it.each([
    { label: '1280 px', size: { width: 900, height: 680 } },
    { label: '768 px', size: { width: 768, height: 900 } },
    { label: '390 px', size: { width: 390, height: 680 } },
  ])('frames the contiguous US on a $label screen: all of it in view, filling the map across', ({ size }) => {
    const view = defaultViewFor(size);
    const c = cornersOn(size, view);
    expect(c.left).toBeGreaterThanOrEqual(0);
    expect(c.right).toBeLessThanOrEqual(size.width);
    expect(c.top).toBeGreaterThanOrEqual(0);
    expect(c.bottom).toBeLessThanOrEqual(size.height);
    // These maps are taller than the country's shape: it spans the width, but for a small margin.
    expect(c.right - c.left).toBeGreaterThan(size.width - 40);
    expect(Math.abs((c.left + c.right) / 2 - size.width / 2)).toBeLessThan(1);
    expect(Math.abs((c.top + c.bottom) / 2 - size.height / 2)).toBeLessThan(1);
  });

  it('fits the height on a wide, low map, and keeps the default for a map of no size yet', () => {
    const size = { width: 1600, height: 400 };
    const c = cornersOn(size, defaultViewFor(size));
    expect(c.bottom - c.top).toBeGreaterThan(size.height - 40);
    expect(c.bottom - c.top).toBeLessThanOrEqual(size.height);
    expect(c.left).toBeGreaterThan(0);
    expect(defaultViewFor({ width: 0, height: 0 })).toEqual(DEFAULT_VIEW);
    expect(defaultViewFor({ width: 390, height: Number.NaN })).toEqual(DEFAULT_VIEW);
    expect(defaultViewFor({ width: 390, height: 680 }).zoom).toBeLessThan(defaultViewFor({ width: 900, height: 680 }).zoom);
  });

  it('knows a URL that names its own view', () => {
    expect(hasView(new URLSearchParams('lat=1&lng=2&z=3'))).toBe(true);
    expect(hasView(new URLSearchParams('lat=1&lng=2'))).toBe(false);
  });
});
