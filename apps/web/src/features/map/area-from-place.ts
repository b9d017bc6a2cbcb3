import { AreaType, type AreaInput, type City } from '@hubbub/contract';
import type { MapView } from './map-view';

/** Zoom a city area opens at: the whole town in view. */
export const CITY_ZOOM = 12;

/** An event's area for a chosen city. */
export function areaFromCity(city: City): AreaInput {
  return {
    name: city.name,
    type: AreaType.City,
    latitude: city.latitude,
    longitude: city.longitude,
    zoom: CITY_ZOOM,
    city: city.name,
    state: city.state,
    country: city.country,
  };
}

/** An event's area for a dropped pin; the nearest city, when known, names it. */
export function areaFromPin(view: MapView, nearest: City | null): AreaInput {
  return {
    name: nearest ? `Near ${nearest.name}` : 'Pinned location',
    type: AreaType.Custom,
    latitude: view.latitude,
    longitude: view.longitude,
    zoom: Math.round(view.zoom),
    city: nearest?.name ?? null,
    state: nearest?.state ?? null,
    country: nearest?.country ?? null,
  };
}

/** What a place field shows for the area it holds. */
export function describeArea(area: AreaInput): string {
  const place = [area.city, area.state, area.country].filter(Boolean).join(', ');
  if (area.type === AreaType.City) return place || area.name || '';
  const at = `${area.latitude.toFixed(4)}, ${area.longitude.toFixed(4)}`;
  return place ? `Pin at ${at}, near ${place}` : `Pin at ${at}`;
}
