import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { geoApi, type City } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Prefix and fuzzy matches, most populous first. */
export function searchCities(search: string, limit = 8, signal?: AbortSignal): Promise<City[]> {
  return engineApi.call(geoApi.cities, { query: { search, limit }, signal });
}

/** Nearest first; used to name a dropped pin. */
export function getNearbyCities(latitude: number, longitude: number, limit = 1): Promise<City[]> {
  return engineApi.call(geoApi.citiesNearby, { query: { latitude: String(latitude), longitude: String(longitude), limit } });
}

export function citySearchQueryOptions(search: string, limit = 8) {
  return queryOptions({
    queryKey: queryKeys.cities.search(search, limit),
    queryFn: ({ signal }) => searchCities(search, limit, signal),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Searches from two characters on; shorter text matches too much to be useful. */
export function useCitySearch(search: string, limit = 8) {
  const text = search.trim();
  return useQuery({ ...citySearchQueryOptions(text, limit), enabled: text.length >= 2 });
}

/** "Austin, TX, US": what the place boxes show for a city. */
export function cityLabel(city: City): string {
  return [city.name, city.state, city.country].filter(Boolean).join(', ');
}
