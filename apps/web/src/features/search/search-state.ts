import { DEFAULT_MAP } from '@hubbub/contract';
import { DEFAULT_PRESET, isDay, presetWindow, windowToRequest, type DateWindow, type Day } from './date-window';

/** The view a search opens on: the spec's Default map, centred on the United States. */
export interface SearchView {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** Everything a search is, so a URL can restore or share it. */
export interface SearchState {
  q: string;
  window: DateWindow;
  /** A category tag id. */
  cat: string | null;
  view: SearchView;
}

/** The visible map as the API's box; minLongitude > maxLongitude crosses the antimeridian. */
export interface SearchBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** The request fields besides the box and the page, i.e. what the list and points share. */
export interface SearchFilters {
  searchText: string;
  categoryId: string | null;
  startDate: string;
  days: number;
}

export const DEFAULT_VIEW: SearchView = {
  latitude: DEFAULT_MAP.homeArea.latitude,
  longitude: DEFAULT_MAP.homeArea.longitude,
  zoom: DEFAULT_MAP.homeArea.zoom,
};

const TEXT_MAX = 200;

/** The map width the default zoom was chosen for: the continental US just fits. */
const DEFAULT_VIEW_WIDTH = 900;

/**
 * The default view for a map of this width: narrower maps zoom out so the whole country still
 * shows on a phone. Links that carry their own view keep it as it is.
 */
export function defaultViewFor(width: number): SearchView {
  if (!(width > 0) || width >= DEFAULT_VIEW_WIDTH) return DEFAULT_VIEW;
  const zoom = Math.max(1, DEFAULT_VIEW.zoom + Math.log2(width / DEFAULT_VIEW_WIDTH));
  return { ...DEFAULT_VIEW, zoom: Math.round(zoom * 100) / 100 };
}

/** True when the URL names a view of its own. */
export function hasView(params: URLSearchParams): boolean {
  return params.has('lat') && params.has('lng') && params.has('z');
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function defaultSearchState(today: Day): SearchState {
  return { q: '', window: presetWindow(DEFAULT_PRESET, today), cat: null, view: DEFAULT_VIEW };
}

function numberIn(raw: string | null, min: number, max: number): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/**
 * Reads `?q=&from=&days=&cat=&lat=&lng=&z=`. Hand-edited or stale links are common, so each
 * part that does not make sense falls back to its default on its own; the view falls back whole.
 */
export function parseSearchParams(params: URLSearchParams, today: Day): SearchState {
  const fallback = defaultSearchState(today);
  const from = params.get('from');
  const days = numberIn(params.get('days'), 1, 366);
  const cat = params.get('cat');
  const lat = numberIn(params.get('lat'), -85, 85);
  const lng = numberIn(params.get('lng'), -180, 180);
  const z = numberIn(params.get('z'), 0, 22);
  return {
    q: (params.get('q') ?? '').trim().slice(0, TEXT_MAX),
    window: from && isDay(from) && days !== null && Number.isInteger(days) ? { from, days } : fallback.window,
    cat: cat && UUID_RE.test(cat) ? cat.toLowerCase() : null,
    view: lat !== null && lng !== null && z !== null ? { latitude: lat, longitude: lng, zoom: z } : fallback.view,
  };
}

/** Writes the state in a fixed order, leaving out empty text and "all categories". */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  params.set('from', state.window.from);
  params.set('days', String(state.window.days));
  if (state.cat) params.set('cat', state.cat);
  params.set('lat', String(state.view.latitude));
  params.set('lng', String(state.view.longitude));
  params.set('z', String(state.view.zoom));
  return params;
}

export function toFilters(state: SearchState, timeZone: string): SearchFilters {
  const { startDate, days } = windowToRequest(state.window, timeZone);
  return { searchText: state.q.trim(), categoryId: state.cat, startDate, days };
}
