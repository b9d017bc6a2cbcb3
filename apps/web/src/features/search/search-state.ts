import { ATTRACTION_NAME_MAX, DEFAULT_MAP } from '@hubbub/contract';
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
  /** Only events whose buzz runs now. */
  live: boolean;
  /** One host's events (a user id), chosen in the partners drawer. */
  host: string | null;
  /** Events whose line-up names this partner or sponsor (lower-cased), chosen in the partners drawer. */
  partner: string | null;
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
  live: boolean;
  userId: string | null;
  partner: string | null;
}

export const DEFAULT_VIEW: SearchView = {
  latitude: DEFAULT_MAP.homeArea.latitude,
  longitude: DEFAULT_MAP.homeArea.longitude,
  zoom: DEFAULT_MAP.homeArea.zoom,
};

const TEXT_MAX = 200;

/** The contiguous United States, which the first view frames (the default map's country). */
export const CONTIGUOUS_US = { minLatitude: 24.4, maxLatitude: 49.4, minLongitude: -124.8, maxLongitude: -66.9 };
/** MapLibre's tiles: the world is 512 px wide at zoom 0. */
const WORLD_PX = 512;
/** Room left around the country, in px: its coasts stay clear of the map's edge and controls. */
const FIT_PADDING = 16;

/** Web mercator y of a latitude, in radians of the unit world (north is larger). */
const mercatorY = (latitude: number) => Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
const latitudeOf = (y: number) => (Math.atan(Math.sinh(y)) * 180) / Math.PI;

/**
 * The first view for a map of this size: the contiguous US fitted into it (as MapLibre's fitBounds
 * does), so a phone shows all of it, and a wide screen no more than it needs. A size not known yet
 * gets the default map's own view. Links that carry their own view keep it as it is.
 */
export function defaultViewFor(size: { width: number; height: number }): SearchView {
  const width = size.width - 2 * FIT_PADDING;
  const height = size.height - 2 * FIT_PADDING;
  if (!(width > 0) || !(height > 0)) return DEFAULT_VIEW;
  const us = CONTIGUOUS_US;
  const spanX = (us.maxLongitude - us.minLongitude) / 360;
  const spanY = (mercatorY(us.maxLatitude) - mercatorY(us.minLatitude)) / (2 * Math.PI);
  const zoom = Math.min(Math.log2(width / (WORLD_PX * spanX)), Math.log2(height / (WORLD_PX * spanY)));
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  return {
    latitude: round(latitudeOf((mercatorY(us.minLatitude) + mercatorY(us.maxLatitude)) / 2), 4),
    longitude: round((us.minLongitude + us.maxLongitude) / 2, 4),
    // Rounded down, so the rounding never crops a coast.
    zoom: Math.max(0, Math.floor(zoom * 100) / 100),
  };
}

/** True when the URL names a view of its own. */
export function hasView(params: URLSearchParams): boolean {
  return params.has('lat') && params.has('lng') && params.has('z');
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function defaultSearchState(today: Day): SearchState {
  return { q: '', window: presetWindow(DEFAULT_PRESET, today), cat: null, live: false, host: null, partner: null, view: DEFAULT_VIEW };
}

function numberIn(raw: string | null, min: number, max: number): number | null {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/**
 * Reads `?q=&from=&days=&cat=&live=1&host=&partner=&lat=&lng=&z=`. Hand-edited or stale links are common, so each
 * part that does not make sense falls back to its default on its own; the view falls back whole.
 */
export function parseSearchParams(params: URLSearchParams, today: Day): SearchState {
  const fallback = defaultSearchState(today);
  const from = params.get('from');
  const days = numberIn(params.get('days'), 1, 366);
  const cat = params.get('cat');
  const host = params.get('host');
  const partner = (params.get('partner') ?? '').trim().toLowerCase();
  const lat = numberIn(params.get('lat'), -85, 85);
  const lng = numberIn(params.get('lng'), -180, 180);
  const z = numberIn(params.get('z'), 0, 22);
  return {
    q: (params.get('q') ?? '').trim().slice(0, TEXT_MAX),
    window: from && isDay(from) && days !== null && Number.isInteger(days) ? { from, days } : fallback.window,
    cat: cat && UUID_RE.test(cat) ? cat.toLowerCase() : null,
    live: params.get('live') === '1',
    host: host && UUID_RE.test(host) ? host.toLowerCase() : null,
    partner: partner && partner.length <= ATTRACTION_NAME_MAX ? partner : null,
    view: lat !== null && lng !== null && z !== null ? { latitude: lat, longitude: lng, zoom: z } : fallback.view,
  };
}

/** Writes the state in a fixed order, leaving out empty text, "all categories" and "any time, live or not". */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  params.set('from', state.window.from);
  params.set('days', String(state.window.days));
  if (state.cat) params.set('cat', state.cat);
  if (state.live) params.set('live', '1');
  if (state.host) params.set('host', state.host);
  if (state.partner) params.set('partner', state.partner);
  params.set('lat', String(state.view.latitude));
  params.set('lng', String(state.view.longitude));
  params.set('z', String(state.view.zoom));
  return params;
}

export function toFilters(state: SearchState, timeZone: string): SearchFilters {
  const { startDate, days } = windowToRequest(state.window, timeZone);
  return { searchText: state.q.trim(), categoryId: state.cat, startDate, days, live: state.live, userId: state.host, partner: state.partner };
}
