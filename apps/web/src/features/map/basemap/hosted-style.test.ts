import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FontFacesSpecification } from 'maplibre-gl';
import { HOSTED_STYLE_TIMEOUT_MS, hostedStyleState, hostedStyleUrlOf, loadHostedStyle, markStyleUnreachable, prepareHostedStyle, resetHostedStyles } from './hosted-style';

const URL_ = 'https://tiles.example.org/styles/liberty';
const APP_FONTS: FontFacesSpecification = { 'Hubbub Noto Sans Bold': [{ url: 'https://app.example/bold.woff2', 'unicode-range': ['U+0000-00FF'] }] };
const appFonts = () => APP_FONTS;

function liberty() {
  return {
    version: 8,
    name: 'Liberty',
    sprite: '/sprites/ofm',
    glyphs: 'https://tiles.example.org/fonts/{fontstack}/{range}.pbf',
    sources: {
      openmaptiles: { type: 'vector', url: 'https://tiles.example.org/planet' },
      shaded: { type: 'raster', tiles: ['/natural_earth/{z}/{x}/{y}.png'], tileSize: 256 },
    },
    layers: [{ id: 'background', type: 'background' }],
  };
}

afterEach(() => {
  resetHostedStyles();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('prepareHostedStyle', () => {
  it('resolves relative addresses against the style URL, keeping tile templates, and adds the app fonts', () => {
    const style = prepareHostedStyle(liberty(), URL_, APP_FONTS);
    expect(style.sprite).toBe('https://tiles.example.org/sprites/ofm');
    expect(style.glyphs).toBe('https://tiles.example.org/fonts/{fontstack}/{range}.pbf');
    expect(style.sources.openmaptiles).toEqual({ type: 'vector', url: 'https://tiles.example.org/planet' });
    expect((style.sources.shaded as { tiles: string[] }).tiles).toEqual(['https://tiles.example.org/natural_earth/{z}/{x}/{y}.png']);
    expect(style['font-faces']).toEqual(APP_FONTS);
    expect(style.layers).toEqual([{ id: 'background', type: 'background' }]);
  });

  it('marks the style with its URL, and the mark survives the shallow copy react-map-gl makes', () => {
    const style = prepareHostedStyle(liberty(), URL_, APP_FONTS);
    expect(hostedStyleUrlOf(style)).toBe(URL_);
    expect(hostedStyleUrlOf({ ...style, layers: [...style.layers] })).toBe(URL_);
    expect(Object.keys(style)).not.toContain('hubbub.hostedStyleUrl');
    expect(hostedStyleUrlOf(liberty())).toBeNull();
    expect(hostedStyleUrlOf('https://x.example/style.json')).toBeNull();
  });

  it('drops the layers of types left out of the MapLibre build, keeping the others in order', () => {
    const style = prepareHostedStyle(
      {
        ...liberty(),
        sources: { ...liberty().sources, dem: { type: 'raster-dem', url: 'https://tiles.example.org/dem' } },
        layers: [
          { id: 'background', type: 'background' },
          { id: 'hills', type: 'hillshade', source: 'dem' },
          { id: 'relief', type: 'color-relief', source: 'dem' },
          { id: 'water', type: 'fill', source: 'openmaptiles', 'source-layer': 'water' },
          { id: 'density', type: 'heatmap', source: 'openmaptiles', 'source-layer': 'poi' },
          { id: 'buildings', type: 'fill-extrusion', source: 'openmaptiles', 'source-layer': 'building' },
        ],
      },
      URL_,
      APP_FONTS,
    );
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'water', 'buildings']);
  });

  it('refuses what is not a version 8 style (an error page, a TileJSON)', () => {
    expect(() => prepareHostedStyle({ tiles: ['x'] }, URL_, APP_FONTS)).toThrow(/version 8/);
    expect(() => prepareHostedStyle('<html>', URL_, APP_FONTS)).toThrow(/version 8/);
  });
});

describe('loadHostedStyle', () => {
  it('a style that answers is ready, fetched once for every map of the page', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(liberty()), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const [a, b] = await Promise.all([loadHostedStyle(URL_, appFonts), loadHostedStyle(URL_, appFonts)]);
    expect(a.status).toBe('ready');
    expect(b).toBe(a);
    expect(await loadHostedStyle(URL_, appFonts)).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a DNS failure or refused connection', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an error answer', async () => new Response('nope', { status: 503 })],
    ['something that is not a style', async () => new Response('<html></html>', { status: 200 })],
  ])('%s: unreachable, remembered for the session', async (_label, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
    expect((await loadHostedStyle(URL_, appFonts)).status).toBe('unreachable');
    expect(JSON.parse(sessionStorage.getItem('hubbub:unreachable-map-styles')!)).toEqual([URL_]);
  });

  it('no answer at all: unreachable once the timeout passes, not before', async () => {
    // AbortSignal.timeout runs on the real clock, so this test waits the real timeout.
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))),
    );
    const started = Date.now();
    const pending = loadHostedStyle(URL_, appFonts);
    expect(hostedStyleState(URL_).status).toBe('loading');
    expect((await pending).status).toBe('unreachable');
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOSTED_STYLE_TIMEOUT_MS - 50);
  });

  it('a style marked unreachable earlier in the session is not asked again', async () => {
    markStyleUnreachable(URL_);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect((await loadHostedStyle(URL_, appFonts)).status).toBe('unreachable');
    expect(fetchMock).not.toHaveBeenCalled();
    // Another page of the session (module state gone, session storage kept) knows it too.
    const stored = sessionStorage.getItem('hubbub:unreachable-map-styles');
    resetHostedStyles();
    sessionStorage.setItem('hubbub:unreachable-map-styles', stored!);
    expect(hostedStyleState(URL_).status).toBe('unreachable');
    expect(hostedStyleState('https://other.example/style.json').status).toBe('loading');
  });
});
