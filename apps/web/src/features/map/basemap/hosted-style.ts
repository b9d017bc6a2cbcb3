import { useEffect, useSyncExternalStore } from 'react';
import type { FontFacesSpecification, StyleSpecification } from 'maplibre-gl';

/**
 * The hosted street style (MAP_STYLE_URL, OpenFreeMap's by default) and whether it can be reached.
 * The app fetches the style itself, with a timeout, instead of handing MapLibre the URL: a machine
 * with no network (or a blocked host) then learns within seconds that it must use the built-in
 * basemap, before any map waits on it. A style that loads but whose tiles fail is reported by the
 * map itself (map-lib.ts). Either way the failure is remembered for the session, so the next map
 * goes straight to the built-in basemap.
 */

/** How long the style may take to answer; a hosted style is a few tens of kB from a CDN. */
export const HOSTED_STYLE_TIMEOUT_MS = 3000;
/** How long a map may wait for the style's first tile before it falls back (see map-lib.ts). */
export const HOSTED_TILES_TIMEOUT_MS = 4000;
const SESSION_KEY = 'hubbub:unreachable-map-styles';

export type HostedStyleState = { status: 'loading' } | { status: 'ready'; style: StyleSpecification } | { status: 'unreachable' };

const LOADING: HostedStyleState = { status: 'loading' };
const UNREACHABLE: HostedStyleState = { status: 'unreachable' };
const states = new Map<string, HostedStyleState>();
const pending = new Map<string, Promise<HostedStyleState>>();
const listeners = new Set<() => void>();
/**
 * Marks a style object this module made with the URL it came from, for the map's watchdog. A symbol
 * key, not a WeakMap: react-map-gl hands maplibre a shallow copy of the style, and a copy made by
 * spreading keeps symbol keys, which maplibre's style validation never looks at.
 */
const HOSTED_URL = Symbol.for('hubbub.hostedStyleUrl');

function sessionUnreachable(): string[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

function setState(url: string, state: HostedStyleState) {
  states.set(url, state);
  for (const listener of listeners) listener();
}

/** The style or its tiles could not be reached: every map of this session uses the built-in basemap. */
export function markStyleUnreachable(url: string): void {
  if (states.get(url)?.status === 'unreachable') return;
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify([...new Set([...sessionUnreachable(), url])]));
  } catch {
    // Storage refused (private mode, quota): the fallback still holds for this page.
  }
  setState(url, UNREACHABLE);
}

export function hostedStyleState(url: string): HostedStyleState {
  const known = states.get(url);
  if (known) return known;
  if (!sessionUnreachable().includes(url)) return LOADING;
  states.set(url, UNREACHABLE); // read once: no one needs telling, the answer is what they got
  return UNREACHABLE;
}

/** The URL a style object was fetched from, when it is a hosted style this module prepared. */
export function hostedStyleUrlOf(style: unknown): string | null {
  const url = typeof style === 'object' && style !== null ? (style as { [HOSTED_URL]?: unknown })[HOSTED_URL] : null;
  return typeof url === 'string' ? url : null;
}

const absolute = (value: string, base: string) => {
  // Template braces survive URL parsing only unescaped, so they are put back after it.
  try {
    return new URL(value, base).href.replace(/%7B/g, '{').replace(/%7D/g, '}');
  } catch {
    return value;
  }
};

/**
 * Layer types the app's MapLibre build leaves out (apps/web/vite.config.ts, MAPLIBRE_EDITS): the
 * app draws none, and OpenFreeMap's styles have none. A hosted style's layers of these types are
 * dropped; the rest of the style draws as usual.
 */
export const LAYER_TYPES_NOT_IN_BUILD: ReadonlySet<string> = new Set(['heatmap', 'hillshade', 'color-relief']);

/**
 * The style as MapLibre gets it: the style's relative addresses resolved against its URL (MapLibre
 * would do so when given the URL, not when given the object), the app's own label fonts added
 * under names of their own, so the event clusters' counts render whatever fonts the style uses,
 * and no layer of a type the app's build of MapLibre leaves out.
 */
export function prepareHostedStyle(json: unknown, url: string, appFonts: FontFacesSpecification): StyleSpecification {
  const style = json as StyleSpecification & Record<string, unknown>;
  if (typeof style !== 'object' || style === null || style.version !== 8 || !Array.isArray(style.layers) || typeof style.sources !== 'object') {
    throw new Error('The map style is not a MapLibre style (version 8).');
  }
  const sources = Object.fromEntries(
    Object.entries(style.sources).map(([id, source]) => {
      const s = { ...source } as Record<string, unknown>;
      if (typeof s.url === 'string' && !s.url.includes('://')) s.url = absolute(s.url, url);
      if (Array.isArray(s.tiles)) s.tiles = (s.tiles as string[]).map((t) => (t.includes('://') ? t : absolute(t, url)));
      return [id, s];
    }),
  ) as StyleSpecification['sources'];
  const sprite = typeof style.sprite === 'string' ? absolute(style.sprite, url) : Array.isArray(style.sprite) ? style.sprite.map((s) => ({ ...s, url: absolute(s.url, url) })) : undefined;
  const prepared: StyleSpecification & { [HOSTED_URL]: string } = {
    [HOSTED_URL]: url,
    ...style,
    sources,
    layers: style.layers.filter((layer) => !LAYER_TYPES_NOT_IN_BUILD.has(layer.type)),
    ...(sprite ? { sprite } : {}),
    ...(style.glyphs ? { glyphs: absolute(style.glyphs, url) } : {}),
    'font-faces': { ...(style['font-faces'] ?? {}), ...appFonts },
  };
  return prepared;
}

async function fetchStyle(url: string, appFonts: () => FontFacesSpecification): Promise<HostedStyleState> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(HOSTED_STYLE_TIMEOUT_MS), credentials: 'omit' });
    if (!res.ok) throw new Error(`The map style answered ${res.status}.`);
    const state: HostedStyleState = { status: 'ready', style: prepareHostedStyle(await res.json(), url, appFonts()) };
    setState(url, state);
    return state;
  } catch {
    // DNS failure, refused connection, timeout, an error page or not a style: all mean the same here.
    markStyleUnreachable(url);
    return UNREACHABLE;
  } finally {
    pending.delete(url);
  }
}

/** Starts fetching the style (once per page); answers at once when its fate is known. */
export function loadHostedStyle(url: string, appFonts: () => FontFacesSpecification): Promise<HostedStyleState> {
  const known = hostedStyleState(url);
  if (known.status !== 'loading') return Promise.resolve(known);
  let request = pending.get(url);
  if (!request) {
    request = fetchStyle(url, appFonts);
    pending.set(url, request);
  }
  return request;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The hosted style's state, fetching it if no one has yet; null when there is no hosted style. */
export function useHostedStyle(url: string | null, appFonts: () => FontFacesSpecification): HostedStyleState | null {
  const state = useSyncExternalStore(
    subscribe,
    () => (url ? hostedStyleState(url) : null),
    () => null,
  );
  useEffect(() => {
    if (url) void loadHostedStyle(url, appFonts);
  }, [url, appFonts]);
  return state;
}

/** For tests: forgets every style and failure of this page. */
export function resetHostedStyles(): void {
  states.clear();
  pending.clear();
  try {
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // nothing stored
  }
}
