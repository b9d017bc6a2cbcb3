/** Where the camera looks: the centre and the zoom level. */
export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** The box the search API filters on. minLongitude > maxLongitude means it crosses the antimeridian. */
export interface Box {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** Edges of the visible map as maplibre reports them: east may exceed 180 after panning across the antimeridian. */
export interface Edges {
  west: number;
  south: number;
  east: number;
  north: number;
}

export const MIN_ZOOM = 0;
export const MAX_ZOOM = 22;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Wraps any longitude into -180..180 (180 itself stays 180). */
export function normalizeLongitude(longitude: number): number {
  if (longitude >= -180 && longitude <= 180) return longitude;
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
}

// Four decimals is about 11 m: fine enough for any zoom a person uses, coarse enough that
// float noise from the camera does not make a new query key for the same view.
const SCALE = 10_000;
const floor4 = (v: number) => Math.floor(v * SCALE) / SCALE;
const ceil4 = (v: number) => Math.ceil(v * SCALE) / SCALE;

/**
 * The search box for what is on screen. Edges are rounded outwards so rounding never hides a
 * point at the border; a view wider than the world becomes the whole world; a view that spans
 * the antimeridian keeps west > east so the server can split it.
 */
export function boxFromEdges({ west, south, east, north }: Edges): Box {
  const minLatitude = clamp(floor4(Math.min(south, north)), -90, 90);
  const maxLatitude = clamp(ceil4(Math.max(south, north)), -90, 90);
  if (east - west >= 360) return { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 };

  const minLongitude = clamp(floor4(normalizeLongitude(west)), -180, 180);
  let maxLongitude = clamp(ceil4(normalizeLongitude(east)), -180, 180);
  // An east edge exactly on the antimeridian wraps to -180; as a right-hand edge it means 180.
  if (maxLongitude === -180 && east > west) maxLongitude = 180;
  return { minLatitude, maxLatitude, minLongitude, maxLongitude };
}

/** MapLibre's world is 512 px wide at zoom 0 (Web Mercator, y from 0 at the top to 1 at the bottom). */
const WORLD_PX = 512;
const MAX_MERCATOR_LATITUDE = 85.0511;
const mercatorY = (latitude: number) => {
  const phi = (clamp(latitude, -MAX_MERCATOR_LATITUDE, MAX_MERCATOR_LATITUDE) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2;
};
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * The box a map of `width` × `height` CSS pixels shows at `view` (north up, no tilt), computed
 * without the map: the list can ask for its events while the map library is still loading.
 */
export function boxFromView(view: MapView, width: number, height: number): Box {
  const world = WORLD_PX * 2 ** view.zoom;
  const halfWidth = (width / 2 / world) * 360;
  const y = mercatorY(view.latitude);
  return boxFromEdges({
    west: view.longitude - halfWidth,
    east: view.longitude + halfWidth,
    north: latitudeOf(clamp(y - height / 2 / world, 0, 1)),
    south: latitudeOf(clamp(y + height / 2 / world, 0, 1)),
  });
}

/**
 * Two boxes that differ by less than `share` of their size on every edge: the same search (the
 * map's own box after the computed one, a pixel of rounding apart, need not ask again).
 */
export function nearlySameBox(a: Box, b: Box, share = 0.01): boolean {
  const latitudes = Math.max(a.maxLatitude - a.minLatitude, 1e-6) * share;
  const longitudes = Math.max(Math.abs(a.maxLongitude - a.minLongitude), 1e-6) * share;
  return (
    Math.abs(a.minLatitude - b.minLatitude) <= latitudes &&
    Math.abs(a.maxLatitude - b.maxLatitude) <= latitudes &&
    Math.abs(a.minLongitude - b.minLongitude) <= longitudes &&
    Math.abs(a.maxLongitude - b.maxLongitude) <= longitudes
  );
}

/** True when the box wraps past 180° (the server must look at both sides). */
export function crossesAntimeridian(box: Box): boolean {
  return box.minLongitude > box.maxLongitude;
}

/** A view rounded for URLs: 5 decimals (about 1 m) and 2 for the zoom. */
export function roundView(view: MapView): MapView {
  return {
    latitude: Math.round(clamp(view.latitude, -85, 85) * 100_000) / 100_000,
    longitude: Math.round(normalizeLongitude(view.longitude) * 100_000) / 100_000,
    zoom: Math.round(clamp(view.zoom, MIN_ZOOM, MAX_ZOOM) * 100) / 100,
  };
}
