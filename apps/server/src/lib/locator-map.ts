import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Geometry, Position } from 'geojson';
import { escapeHtml } from './html-file.js';

const require = createRequire(import.meta.url);

/** The map's frame: degrees either side of the spot, and the drawing's size. */
const HALF_LNG = 8;
const HALF_LAT = 5;
const WIDTH = 480;
const HEIGHT = 300;
/** Outlines are cut this many pixels outside the frame, so their cut edges never show. */
const MARGIN = 4;
/** A point closer than this (in pixels) to the last one kept adds nothing a reader can see. */
const MIN_STEP = 1.2;

type Outline = { geometry: Geometry | null; bbox: [number, number, number, number] };
type Point = [number, number];

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

/** One edge of the clip rectangle: which side of it a point is on, and where a segment crosses it. */
type Edge = { inside: (p: Point) => boolean; cross: (a: Point, b: Point) => Point };

const at = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const EDGES: Edge[] = [
  { inside: (p) => p[0] >= -MARGIN, cross: (a, b) => at(a, b, (-MARGIN - a[0]) / (b[0] - a[0])) },
  { inside: (p) => p[0] <= WIDTH + MARGIN, cross: (a, b) => at(a, b, (WIDTH + MARGIN - a[0]) / (b[0] - a[0])) },
  { inside: (p) => p[1] >= -MARGIN, cross: (a, b) => at(a, b, (-MARGIN - a[1]) / (b[1] - a[1])) },
  { inside: (p) => p[1] <= HEIGHT + MARGIN, cross: (a, b) => at(a, b, (HEIGHT + MARGIN - a[1]) / (b[1] - a[1])) },
];

/** Sutherland–Hodgman: the part of a ring inside the frame (a filled ring stays a filled ring). */
function clip(ring: Point[]): Point[] {
  let out = ring;
  for (const edge of EDGES) {
    if (!out.length) return out;
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i];
      const previous = input[(i + input.length - 1) % input.length];
      if (edge.inside(current)) {
        if (!edge.inside(previous)) out.push(edge.cross(previous, current));
        out.push(current);
      } else if (edge.inside(previous)) {
        out.push(edge.cross(previous, current));
      }
    }
  }
  return out;
}

/** Drops points a pixel or so from the last one kept, rounded to whole pixels. */
function thin(ring: Point[]): Point[] {
  const kept: Point[] = [];
  for (const p of ring) {
    const last = kept[kept.length - 1];
    if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) >= MIN_STEP) kept.push([Math.round(p[0]), Math.round(p[1])]);
  }
  return kept;
}

/**
 * A small locator map of the spot as inline SVG: countries, US states and a pin, drawn on the
 * server so a page needs nothing from the network for it. Equirectangular, scaled by the
 * latitude's cosine so shapes keep their proportions. Outlines are cut to the frame and thinned
 * to whole pixels, so the drawing weighs a few kilobytes, not the whole of every state it touches.
 * Its parts carry classes (`sea`, `land`, `lines`, `halo`, `pin`) a page's CSS may recolour.
 */
export function locatorMapSvg(lat: number, lng: number, options: { label?: string } = {}): string {
  const west = lng - HALF_LNG;
  const sx = WIDTH / (2 * HALF_LNG);
  const sy = HEIGHT / (2 * HALF_LAT);
  const stretch = Math.max(0.3, Math.cos((lat * Math.PI) / 180));
  const project = (p: Position): Point => [(p[0] - west) * sx, HEIGHT / 2 - ((p[1] - lat) * sy) / stretch];
  // The frame in degrees (latitudes stretched by the cosine), with room for the margin.
  const latSpan = (HALF_LAT * stretch * (HEIGHT + 2 * MARGIN)) / HEIGHT;
  const inView = (o: Outline) => o.bbox[2] >= west - 1 && o.bbox[0] <= lng + HALF_LNG + 1 && o.bbox[3] >= lat - latSpan - 1 && o.bbox[1] <= lat + latSpan + 1;
  const ringPath = (ring: Position[]) => {
    const points = thin(clip(ring.map(project)));
    return points.length >= 3 ? `M${points.map((p) => `${p[0]} ${p[1]}`).join('L')}Z` : '';
  };
  const pathOf = (o: Outline) => {
    const g = o.geometry;
    if (g?.type === 'Polygon') return g.coordinates.map(ringPath).join('');
    if (g?.type === 'MultiPolygon') return g.coordinates.flatMap((poly) => poly.map(ringPath)).join('');
    return '';
  };
  const { countries, states } = atlas();
  const land = countries.filter(inView).map(pathOf).join('');
  const borders = states.filter(inView).map(pathOf).join('');
  const px = Math.round(WIDTH / 2);
  const py = Math.round(HEIGHT / 2);
  const label = escapeHtml(options.label ?? "Map of the event's location");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label}">` +
    `<rect class="sea" width="${WIDTH}" height="${HEIGHT}" fill="#dbeafe"/>` +
    `<path class="land" d="${land}" fill="#f5f5f4" stroke="#a8a29e" stroke-width="0.8"/>` +
    `<path class="lines" d="${borders}" fill="none" stroke="#d6d3d1" stroke-width="0.6"/>` +
    `<circle class="halo" cx="${px}" cy="${py}" r="16" fill="#7c3aed" fill-opacity="0.22"/>` +
    `<circle class="pin" cx="${px}" cy="${py}" r="7" fill="#7c3aed" stroke="#fff" stroke-width="2"/>` +
    `</svg>`
  );
}
