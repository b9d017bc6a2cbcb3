import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';

/**
 * A local stand-in for a hosted OpenStreetMap-based vector style (OpenFreeMap's `liberty`, the app's
 * default, speaks the same protocol): a version 8 style JSON whose `vector` source points at
 * `/tiles/{z}/{x}/{y}.pbf` on this peer, real Mapbox Vector Tiles (gzip, as the CDN sends them) in
 * the OpenMapTiles schema, label fonts served by the peer, and the CORS headers a CDN sends.
 *
 * The tiles are NOT OpenStreetMap data: the geometry is a generated street grid around the cities
 * the demo data uses (see apps/server/src/modules/demo/showcase-catalogue.ts), named plausibly, so
 * tests and benchmarks can render streets and labels on a machine with no network.
 *
 * Labels: a hosted style usually names a `glyphs` URL serving SDF glyph ranges as PBF. Generating
 * those needs a font rasteriser this repository does not have, so the style declares its fonts with
 * MapLibre's `font-faces` instead (the files are the Noto Sans the app already ships), which MapLibre
 * loads through the browser's font API — the approach the built-in offline basemap uses.
 */

export interface StylePeer {
  /** The style JSON's address, for MAP_STYLE_URL. */
  styleUrl: string;
  /** The peer's origin (http://127.0.0.1:port), which the app's CSP must allow. */
  origin: string;
  /** How many requests the peer has received (style, tiles and fonts). */
  requests: () => number;
  /**
   * Requests from now on are accepted but never answered (a network that swallows packets):
   * every request, or only the tiles (the style and fonts still answer).
   */
  stall: (what?: 'all' | 'tiles') => void;
  /** Stops listening and drops open connections: the next request is refused. */
  close: () => Promise<void>;
}

/** Demo cities (centres as the demo catalogue places them) and their generated neighbourhoods. */
const CITIES = [
  { name: 'Kansas City', lat: 39.0997, lng: -94.5786, neighbourhoods: ['Crossroads', 'Westport', 'River Market', 'Plaza'] },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, neighbourhoods: ['Loop', 'Uptown', 'Pilsen', 'Wicker Park'] },
  { name: 'Austin', lat: 30.2672, lng: -97.7431, neighbourhoods: ['East Austin', 'Rainey Street', 'Zilker', 'Hyde Park'] },
  { name: 'Omaha', lat: 41.2565, lng: -95.9345, neighbourhoods: ['Old Market', 'Dundee', 'Benson', 'Midtown'] },
] as const;

/** Half the grid's side in degrees (about 5 km) and the street spacing (about 220 m). */
const HALF = 0.05;
const STEP = 0.002;
const MAX_ZOOM = 14;
const STREET_NAMES = ['Oak', 'Elm', 'Walnut', 'Locust', 'Cherry', 'Holmes', 'Troost', 'Harrison', 'Lincoln', 'Madison', 'Jefferson', 'Broadway', 'Summit', 'Pine', 'Maple'];

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
const road = (coordinates: [number, number][], cls: 'primary' | 'secondary' | 'minor', name: string): Feature<LineString> => ({
  type: 'Feature',
  properties: { class: cls, name },
  geometry: { type: 'LineString', coordinates },
});
const box = (lng: number, lat: number, w: number, h: number): Polygon => ({
  type: 'Polygon',
  coordinates: [[[lng, lat], [lng + w, lat], [lng + w, lat + h], [lng, lat + h], [lng, lat]]],
});

interface Layers {
  transportation: FeatureCollection;
  transportation_name: FeatureCollection;
  place: FeatureCollection;
  water: FeatureCollection;
  park: FeatureCollection;
  building: FeatureCollection;
}

/** The generated OpenMapTiles layers for every city. */
function generate(): Layers {
  const roads: Feature<LineString>[] = [];
  const places: Feature<Point>[] = [];
  const water: Feature<Polygon>[] = [];
  const parks: Feature<Polygon>[] = [];
  const buildings: Feature<Polygon>[] = [];
  for (const city of CITIES) {
    const lines = Math.round((2 * HALF) / STEP);
    for (let i = 0; i <= lines; i++) {
      const cls = i % 8 === 0 ? 'primary' : i % 4 === 0 ? 'secondary' : 'minor';
      const lat = city.lat - HALF + i * STEP;
      const lng = city.lng - HALF + i * STEP;
      const street = i - lines / 2;
      roads.push(road([[city.lng - HALF, lat], [city.lng + HALF, lat]], cls, street === 0 ? 'Main Street' : `${STREET_NAMES[i % STREET_NAMES.length]} Street`));
      roads.push(road([[lng, city.lat - HALF], [lng, city.lat + HALF]], cls, street === 0 ? 'Grand Avenue' : `${ordinal(Math.abs(street))} Avenue`));
    }
    // A river across the south of the grid, a park and a block of buildings near the centre.
    water.push({ type: 'Feature', properties: { class: 'river' }, geometry: box(city.lng - HALF, city.lat - HALF * 0.8, 2 * HALF, STEP * 1.5) });
    parks.push({ type: 'Feature', properties: { class: 'park', name: `${city.name} Park` }, geometry: box(city.lng + STEP * 2.2, city.lat + STEP * 2.2, STEP * 3.6, STEP * 2.6) });
    for (let bx = -3; bx < 2; bx++) {
      for (let by = -3; by < 2; by++) {
        buildings.push({ type: 'Feature', properties: {}, geometry: box(city.lng + bx * STEP + STEP * 0.2, city.lat + by * STEP + STEP * 0.2, STEP * 0.6, STEP * 0.6) });
      }
    }
    places.push({ type: 'Feature', properties: { class: 'city', name: city.name, rank: 1 }, geometry: { type: 'Point', coordinates: [city.lng, city.lat] } });
    city.neighbourhoods.forEach((name, k) => {
      const angle = (k * Math.PI) / 2 + Math.PI / 4;
      const coordinates = [city.lng + Math.cos(angle) * HALF * 0.55, city.lat + Math.sin(angle) * HALF * 0.55];
      places.push({ type: 'Feature', properties: { class: 'neighbourhood', name, rank: 10 }, geometry: { type: 'Point', coordinates } });
    });
  }
  const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
  return {
    transportation: collection(roads.map((r) => ({ ...r, properties: { class: r.properties!.class } }))),
    transportation_name: collection(roads),
    place: collection(places),
    water: collection(water),
    park: collection(parks),
    building: collection(buildings),
  };
}

/** One tile index per OpenMapTiles layer, built once per process (a few ms). */
let indexes: Record<string, GeoJSONVT> | null = null;
function tileIndexes(): Record<string, GeoJSONVT> {
  indexes ??= Object.fromEntries(Object.entries(generate()).map(([name, data]) => [name, new GeoJSONVT(data as FeatureCollection, { maxZoom: MAX_ZOOM, indexMaxZoom: 5, tolerance: 3, extent: 4096, buffer: 64 })]));
  return indexes;
}

/** An encoded tile: every layer with features in it, or an empty tile. */
function encodeTile(z: number, x: number, y: number): Uint8Array {
  const layers: Record<string, NonNullable<ReturnType<GeoJSONVT['getTile']>>> = {};
  for (const [name, index] of Object.entries(tileIndexes())) {
    const tile = index.getTile(z, x, y);
    if (tile && tile.features.length) layers[name] = tile;
  }
  return fromGeojsonVt(layers, { version: 2, extent: 4096 });
}

const require = createRequire(import.meta.url);
const FONT_FILES: Record<string, string> = {
  'noto-sans-regular.woff2': '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2',
  'noto-sans-bold.woff2': '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2',
};

/** The style JSON, OpenMapTiles layer names and liberty-like colours; `origin` is the peer's. */
export function peerStyle(origin: string) {
  const font = (file: string) => [{ url: `${origin}/fonts/${file}`, 'unicode-range': ['U+0000-00FF', 'U+2000-206F'] }];
  const roadWidth = (base: number) => ['interpolate', ['exponential', 1.4], ['zoom'], 10, base * 0.5, 14, base * 2, 18, base * 8];
  return {
    version: 8,
    name: 'Local street style peer',
    metadata: { 'hubbub:note': 'Generated street grid standing in for OpenStreetMap tiles in offline tests' },
    'font-faces': { 'Noto Sans Regular': font('noto-sans-regular.woff2'), 'Noto Sans Bold': font('noto-sans-bold.woff2') },
    sources: {
      openmaptiles: {
        type: 'vector',
        tiles: [`${origin}/tiles/{z}/{x}/{y}.pbf`],
        minzoom: 0,
        maxzoom: MAX_ZOOM,
        // Short, as OpenFreeMap's own credit is, and honest about the data.
        attribution: `<a href="${origin}/">Style peer</a> <a href="https://www.openmaptiles.org/">&copy; OpenMapTiles</a> (test data)`,
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
      { id: 'park', type: 'fill', source: 'openmaptiles', 'source-layer': 'park', paint: { 'fill-color': '#d8e8c8' } },
      { id: 'water', type: 'fill', source: 'openmaptiles', 'source-layer': 'water', paint: { 'fill-color': '#9ec7e6' } },
      { id: 'building', type: 'fill', source: 'openmaptiles', 'source-layer': 'building', minzoom: 13, paint: { 'fill-color': '#dfdbd7', 'fill-outline-color': '#cfcac4' } },
      {
        id: 'road_minor',
        type: 'line',
        source: 'openmaptiles',
        'source-layer': 'transportation',
        minzoom: 12,
        filter: ['==', ['get', 'class'], 'minor'],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#ffffff', 'line-width': roadWidth(1.2) },
      },
      {
        id: 'road_secondary',
        type: 'line',
        source: 'openmaptiles',
        'source-layer': 'transportation',
        minzoom: 9,
        filter: ['==', ['get', 'class'], 'secondary'],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#fff6c4', 'line-width': roadWidth(1.8) },
      },
      {
        id: 'road_primary',
        type: 'line',
        source: 'openmaptiles',
        'source-layer': 'transportation',
        minzoom: 7,
        filter: ['==', ['get', 'class'], 'primary'],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': '#fdd58b', 'line-width': roadWidth(2.4) },
      },
      {
        id: 'road_label',
        type: 'symbol',
        source: 'openmaptiles',
        'source-layer': 'transportation_name',
        minzoom: 13,
        layout: { 'symbol-placement': 'line', 'text-field': ['get', 'name'], 'text-font': ['Noto Sans Regular'], 'text-size': 12 },
        paint: { 'text-color': '#666666', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      {
        id: 'place_label',
        type: 'symbol',
        source: 'openmaptiles',
        'source-layer': 'place',
        filter: ['!=', ['get', 'class'], 'neighbourhood'],
        layout: { 'text-field': ['get', 'name'], 'text-font': ['Noto Sans Bold'], 'text-size': ['interpolate', ['linear'], ['zoom'], 6, 12, 14, 18] },
        paint: { 'text-color': '#333333', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
      {
        id: 'place_label_neighbourhood',
        type: 'symbol',
        source: 'openmaptiles',
        'source-layer': 'place',
        minzoom: 12,
        filter: ['==', ['get', 'class'], 'neighbourhood'],
        layout: { 'text-field': ['get', 'name'], 'text-font': ['Noto Sans Regular'], 'text-size': 13, 'text-transform': 'uppercase', 'text-letter-spacing': 0.1 },
        paint: { 'text-color': '#6a6258', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
      },
    ],
  };
}

/** Headers a CDN sends with map assets: any origin may read them, and they may be kept a while. */
const CDN_HEADERS = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=86400', 'timing-allow-origin': '*' };

export async function startStylePeer(opts: { port?: number } = {}): Promise<StylePeer> {
  let count = 0;
  let stalled: 'all' | 'tiles' | null = null;
  const sockets = new Set<Socket>();
  const fonts = new Map<string, Buffer>();
  let origin = '';
  tileIndexes();
  const server = http.createServer((req, res) => {
    count++;
    const url = new URL(req.url ?? '/', origin);
    // Accepted, never answered: the client's own timeout must act.
    if (stalled === 'all' || (stalled === 'tiles' && url.pathname.startsWith('/tiles/'))) return;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CDN_HEADERS, 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-allow-headers': '*' });
      res.end();
      return;
    }
    if (url.pathname === '/style.json' || url.pathname === '/styles/liberty') {
      res.writeHead(200, { ...CDN_HEADERS, 'content-type': 'application/json' });
      res.end(JSON.stringify(peerStyle(origin)));
      return;
    }
    const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(url.pathname);
    if (tile) {
      const [z, x, y] = tile.slice(1).map(Number);
      if (z > MAX_ZOOM || x >= 2 ** z || y >= 2 ** z) {
        res.writeHead(404, CDN_HEADERS).end();
        return;
      }
      const body = gzipSync(encodeTile(z, x, y));
      res.writeHead(200, { ...CDN_HEADERS, 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' });
      res.end(body);
      return;
    }
    const font = /^\/fonts\/([a-z0-9-]+\.woff2)$/.exec(url.pathname)?.[1];
    if (font && FONT_FILES[font]) {
      void (async () => {
        if (!fonts.has(font)) fonts.set(font, await readFile(require.resolve(FONT_FILES[font])));
        res.writeHead(200, { ...CDN_HEADERS, 'content-type': 'font/woff2' });
        res.end(fonts.get(font));
      })();
      return;
    }
    res.writeHead(404, CDN_HEADERS).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    styleUrl: `${origin}/style.json`,
    origin,
    requests: () => count,
    stall: (what = 'all') => {
      stalled = what;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
