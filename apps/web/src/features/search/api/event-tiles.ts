import { TENANT_HEADER, eventTilesTemplate } from '@hubbub/contract';
import { engineApi } from '@/lib/api';
import type { SearchFilters } from '../search-state';

/**
 * The event tiles' URL template for these filters, absolute (MapLibre's workers resolve nothing
 * against the page). The filters are the list's, so the map and the list show the same events.
 */
export function eventTilesUrl(filters: SearchFilters, origin = window.location.origin): string {
  return (
    origin +
    eventTilesTemplate({
      searchText: filters.searchText,
      categoryId: filters.categoryId,
      userId: filters.userId,
      partner: filters.partner,
      startDate: filters.startDate,
      days: filters.days,
      // Absent rather than false: one URL (one cached tile) for "live or not".
      live: filters.live || undefined,
    })
  );
}

/** The engine API's tenant and authorization, as they are when a tile request goes out. */
export function eventTileHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [TENANT_HEADER]: engineApi.headers[TENANT_HEADER] };
  if (engineApi.headers.Authorization) headers.Authorization = engineApi.headers.Authorization;
  return headers;
}
