import tzLookup from '@photostructure/tz-lookup';
import type { City } from '@hubbub/contract';
import type { AppContext } from '../../app-context.js';
import { invalid } from '../../lib/app-error.js';
import * as repo from './repository.js';

const round = (n: number | null) => (n == null ? null : Math.round(n * 10) / 10);

/**
 * The IANA zone at a position, from tz-lookup's packed world map (in memory, no network): an event
 * form takes its zone from the city chosen. A position it cannot place answers UTC.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return 'UTC';
  }
}

const toCity = (r: repo.CityRow): City => ({ ...r, distanceKm: round(r.distanceKm), timeZone: timeZoneAt(r.latitude, r.longitude) });

/** "Omaha" or "Omaha, NE": the part after a comma narrows by state or country code. */
export async function searchCities(opts: { ctx: AppContext; search: string; limit: number }): Promise<City[]> {
  const [name, qualifier] = opts.search.split(',').map((p) => p.trim());
  if (!name) throw invalid('Type a city name before the comma, e.g. "Springfield, IL".', { search: ['A city name is required.'] });
  const rows = await repo.searchCities(opts.ctx.db, { name, state: qualifier || null, limit: opts.limit });
  return rows.map(toCity);
}

export async function nearbyCities(opts: { ctx: AppContext; latitude: number; longitude: number; limit: number }): Promise<City[]> {
  return (await repo.nearestCities(opts.ctx.db, opts)).map(toCity);
}

/** Cities inside a box, or inside the view an area's centre and zoom would show on a 1280x800 screen. */
export async function areaCities(opts: {
  ctx: AppContext;
  latitude: number;
  longitude: number;
  zoom: number;
  minLatitude?: number | null;
  maxLatitude?: number | null;
  minLongitude?: number | null;
  maxLongitude?: number | null;
  limit: number;
}): Promise<City[]> {
  let box = { minLat: opts.minLatitude, maxLat: opts.maxLatitude, minLng: opts.minLongitude, maxLng: opts.maxLongitude };
  if (box.minLat == null || box.maxLat == null || box.minLng == null || box.maxLng == null) {
    const halfWidth = Math.min(180, (1280 / 2) * (360 / (512 * 2 ** opts.zoom)));
    const halfHeight = Math.min(90, halfWidth * (800 / 1280) / Math.max(0.2, Math.cos((opts.latitude * Math.PI) / 180)));
    const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
    box = {
      minLat: Math.max(-90, opts.latitude - halfHeight),
      maxLat: Math.min(90, opts.latitude + halfHeight),
      minLng: halfWidth >= 180 ? -180 : wrap(opts.longitude - halfWidth),
      maxLng: halfWidth >= 180 ? 180 : wrap(opts.longitude + halfWidth),
    };
  }
  const rows = await repo.citiesInBox(opts.ctx.db, { minLat: box.minLat!, maxLat: box.maxLat!, minLng: box.minLng!, maxLng: box.maxLng!, limit: opts.limit });
  return rows.map(toCity);
}

// Run at start: the gazetteer is loaded into the database once.
export { ensureCities } from './load-cities.js';
