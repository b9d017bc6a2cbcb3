import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Geometry, Position } from 'geojson';

const require = createRequire(import.meta.url);

/** The map's frame: degrees either side of the spot, and the drawing's size. */
const HALF_LNG = 8;
const HALF_LAT = 5;
const WIDTH = 480;
const HEIGHT = 300;

type Outline = { geometry: Geometry | null; bbox: [number, number, number, number] };

let outlines: { countries: Outline[]; states: Outline[] } | null = null;

function boundsOf(geometry: Geometry | null): [number, number, number, number] {
  const box: [number, number, number, number] = [180, 90, -180, -90];
  const visit = (p: Position) => {
    box[0] = Math.min(box[0], p[0]);
    box[1] = Math.min(box[1], p[1]);
    box[2] = Math.max(box[2], p[0]);
    box[3] = Math.max(box[3], p[1]);
  };
  if (geometry?.type === 'Polygon') geometry.coordinates.flat().forEach(visit);
  if (geometry?.type === 'MultiPolygon') geometry.coordinates.flat(2).forEach(visit);
  return box;
}

function load(file: string, object: string): Outline[] {
  const topology = require(file) as Topology;
  const collection = feature(topology, topology.objects[object]) as unknown as { features: { geometry: Geometry | null }[] };
  return collection.features.map((f) => ({ geometry: f.geometry, bbox: boundsOf(f.geometry) }));
}

/** World countries at 1:50m and US states, read once (the same open data as the web's basemap). */
function atlas() {
  outlines ??= { countries: load('world-atlas/countries-50m.json', 'countries'), states: load('us-atlas/states-10m.json', 'states') };
  return outlines;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A small locator map of the spot as inline SVG: countries, US states and a pin, drawn on the
 * server so the downloaded page needs nothing from the network. Equirectangular, scaled by the
 * latitude's cosine so shapes keep their proportions.
 */
export function locatorMapSvg(lat: number, lng: number): string {
  const west = lng - HALF_LNG;
  const north = Math.min(90, lat + HALF_LAT);
  const sx = WIDTH / (2 * HALF_LNG);
  const sy = (HEIGHT / (2 * HALF_LAT)) * 1;
  const stretch = Math.max(0.3, Math.cos((lat * Math.PI) / 180));
  const x = (p: Position) => round((p[0] - west) * sx);
  const y = (p: Position) => round(HEIGHT / 2 - ((p[1] - lat) * sy) / stretch);
  const ring = (r: Position[]) => `M${r.map((p) => `${x(p)},${y(p)}`).join('L')}Z`;
  const inView = (o: Outline) => o.bbox[2] >= west && o.bbox[0] <= lng + HALF_LNG && o.bbox[3] >= lat - HALF_LAT * 2 && o.bbox[1] <= north + HALF_LAT;
  const pathOf = (o: Outline) => {
    const g = o.geometry;
    if (g?.type === 'Polygon') return g.coordinates.map(ring).join('');
    if (g?.type === 'MultiPolygon') return g.coordinates.flatMap((poly) => poly.map(ring)).join('');
    return '';
  };
  const { countries, states } = atlas();
  const land = countries.filter(inView).map(pathOf).join('');
  const borders = states.filter(inView).map(pathOf).join('');
  const px = round(WIDTH / 2);
  const py = round(HEIGHT / 2);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Map of the event's location">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#dbeafe"/>` +
    `<path d="${land}" fill="#f5f5f4" stroke="#a8a29e" stroke-width="0.8"/>` +
    `<path d="${borders}" fill="none" stroke="#d6d3d1" stroke-width="0.6"/>` +
    `<circle cx="${px}" cy="${py}" r="12" fill="#7c3aed" fill-opacity="0.2"/>` +
    `<circle cx="${px}" cy="${py}" r="5" fill="#7c3aed" stroke="#fff" stroke-width="2"/>` +
    `</svg>`
  );
}
