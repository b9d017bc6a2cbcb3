import type { HomeArea } from '@hubbub/contract';

/**
 * The map search on the home's area and a stretch of days (`?from=&days=&lat=&lng=&z=`, as the
 * search page reads its address); without an area, the search as it opens.
 */
export function searchLink(area: HomeArea | null, days?: { from: string; days: number }): string {
  const params = new URLSearchParams();
  if (days) {
    params.set('from', days.from);
    params.set('days', String(days.days));
  }
  if (area) {
    params.set('lat', String(Math.round(area.latitude * 1e4) / 1e4));
    params.set('lng', String(Math.round(area.longitude * 1e4) / 1e4));
    params.set('z', String(area.zoom));
  }
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}
