import { describe, expect, it } from 'vitest';
import { defaultSearchState, DEFAULT_VIEW, defaultViewFor, hasView, parseSearchParams, toFilters, toSearchParams, type SearchState } from './search-state';

const TODAY = '2025-06-04';
const CAT = '0b1e2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('search state in the URL', () => {
  it('opens on the default map with the next 30 days', () => {
    expect(parseSearchParams(new URLSearchParams(''), TODAY)).toEqual({
      q: '',
      window: { from: TODAY, days: 30 },
      cat: null,
      view: DEFAULT_VIEW,
    });
  });

  it('round-trips a whole search', () => {
    const state: SearchState = { q: 'jazz & blues', window: { from: '2025-06-07', days: 2 }, cat: CAT, view: { latitude: 30.2672, longitude: -97.7431, zoom: 11.5 } };
    const text = toSearchParams(state).toString();
    expect(text).toBe(`q=jazz+%26+blues&from=2025-06-07&days=2&cat=${CAT}&lat=30.2672&lng=-97.7431&z=11.5`);
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
    expect(state.view).toEqual(DEFAULT_VIEW);
    expect(parseSearchParams(new URLSearchParams('from=2025-06-01&days=0'), TODAY).window.days).toBe(30);
    expect(parseSearchParams(new URLSearchParams('from=2025-06-01&days=2.5'), TODAY).window.days).toBe(30);
    expect(parseSearchParams(new URLSearchParams('lat=1&lng=2&z='), TODAY).view).toEqual(DEFAULT_VIEW);
  });

  it('makes request filters in the viewer zone', () => {
    const state = parseSearchParams(new URLSearchParams(`q=jazz&from=2025-06-07&days=2&cat=${CAT.toUpperCase()}`), TODAY);
    expect(toFilters(state, 'America/Chicago')).toEqual({ searchText: 'jazz', categoryId: CAT, startDate: '2025-06-07T05:00:00.000Z', days: 2 });
  });

  it('zooms the default view out on narrow maps', () => {
    expect(defaultViewFor(1280)).toEqual(DEFAULT_VIEW);
    expect(defaultViewFor(450).zoom).toBe(2.5);
    expect(defaultViewFor(375).zoom).toBeCloseTo(2.24, 2);
    expect(defaultViewFor(10).zoom).toBe(1);
    expect(hasView(new URLSearchParams('lat=1&lng=2&z=3'))).toBe(true);
    expect(hasView(new URLSearchParams('lat=1&lng=2'))).toBe(false);
  });
});
