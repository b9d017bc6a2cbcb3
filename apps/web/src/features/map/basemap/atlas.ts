import type { Feature, FeatureCollection, Geometry, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { labelAnchor, type PolygonRings } from './label-point';

export interface LabelProperties {
  name: string;
  /** Size of the labelled part; larger shapes win label collisions. */
  area: number;
}

/** The offline basemap's GeoJSON, built once from the world and US atlases. */
export interface AtlasData {
  land: FeatureCollection<Geometry>;
  /** The world atlas's United States, painted as water under the finer US land (see usLand). */
  usMask: FeatureCollection<Geometry>;
  /**
   * The US from the Census atlas (1:10m, five times finer than the 1:50m world): zoomed into a
   * town the world's coast is kilometres off, enough to put Manhattan or Miami in the sea and
   * Lake Michigan on dry land. Drawn over usMask from US_DETAIL_ZOOM on.
   */
  usLand: FeatureCollection<Geometry>;
  countryBorders: Feature<MultiLineString>;
  countryLabels: FeatureCollection<Point, LabelProperties>;
  stateBorders: Feature<MultiLineString>;
  stateLabels: FeatureCollection<Point, LabelProperties>;
}

export type NamedTopology = Topology<{ [key: string]: GeometryCollection<{ name?: string }> }>;

function polygonsOf(geometry: Geometry | null): PolygonRings[] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [(geometry as Polygon).coordinates as PolygonRings];
  if (geometry.type === 'MultiPolygon') return (geometry as MultiPolygon).coordinates as PolygonRings[];
  return [];
}

function labels(topology: NamedTopology, objectName: string): FeatureCollection<Point, LabelProperties> {
  const shapes = feature(topology, topology.objects[objectName]) as FeatureCollection<Geometry, { name?: string }>;
  const features: Feature<Point, LabelProperties>[] = [];
  for (const shape of shapes.features) {
    const name = shape.properties?.name;
    const anchor = name ? labelAnchor(polygonsOf(shape.geometry)) : null;
    if (!name || !anchor) continue;
    features.push({
      type: 'Feature',
      properties: { name, area: Math.round(anchor.area * 100) / 100 },
      geometry: { type: 'Point', coordinates: anchor.position },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Shared borders only: coastlines come from the land outline, so they are not drawn twice. */
const interior = (a: unknown, b: unknown) => a !== b;

const asCollection = (shapes: Feature<Geometry> | FeatureCollection<Geometry>): FeatureCollection<Geometry> =>
  shapes.type === 'FeatureCollection' ? shapes : { type: 'FeatureCollection', features: [shapes] };

/** ISO 3166 numeric code of the United States, the id world-atlas gives its shape. */
const US_ID = '840';

/** The world's shapes alone, for swapping in a more detailed world under the same US states. */
export type WorldData = Pick<AtlasData, 'land' | 'usMask' | 'countryBorders' | 'countryLabels'>;

export function worldFromTopology(world: NamedTopology): WorldData {
  const countries = world.objects.countries;
  const us = { ...countries, geometries: countries.geometries.filter((g) => String(g.id) === US_ID) };
  return {
    land: asCollection(feature(world, world.objects.land) as Feature<Geometry> | FeatureCollection<Geometry>),
    usMask: feature(world, us) as FeatureCollection<Geometry>,
    countryBorders: { type: 'Feature', properties: {}, geometry: mesh(world, countries, interior) },
    countryLabels: labels(world, 'countries'),
  };
}

export function atlasFromTopologies(world: NamedTopology, us: NamedTopology): AtlasData {
  return {
    ...worldFromTopology(world),
    usLand: us.objects.nation ? asCollection(feature(us, us.objects.nation) as Feature<Geometry> | FeatureCollection<Geometry>) : { type: 'FeatureCollection', features: [] },
    stateBorders: { type: 'Feature', properties: {}, geometry: mesh(us, us.objects.states, interior) },
    stateLabels: labels(us, 'states'),
  };
}

/**
 * Zoomed out as far as a country, the 1:110m world is as sharp as the screen and about a seventh
 * of the 1:50m one (30 against 200 kB compressed); past this zoom the map swaps in the 1:50m world.
 */
export const DETAILED_WORLD_ZOOM = 4.5;

/** Retries after a failure: a failed chunk load (offline, new deploy) may succeed next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * The atlases load on first use in their own chunks and never weigh on screens without a map.
 * One promise serves every map on the page.
 */
export const loadAtlas = once(() =>
  Promise.all([import('world-atlas/countries-110m.json'), import('us-atlas/states-10m.json')]).then(([world, us]) =>
    atlasFromTopologies(world.default as unknown as NamedTopology, us.default as unknown as NamedTopology),
  ),
);

/** The 1:50m world, for maps zoomed in past DETAILED_WORLD_ZOOM. */
export const loadDetailedWorld = once(() => import('world-atlas/countries-50m.json').then((world) => worldFromTopology(world.default as unknown as NamedTopology)));
