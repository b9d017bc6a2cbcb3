import type { z } from 'zod';
import { EVENT_MAX_DAYS, EventSearchRequestSchema } from '@hubbub/contract';
import type { AppContext, TenantRef } from '../../app-context.js';
import type { SearchFilter } from './search-repository.js';

type SearchInput = z.output<typeof EventSearchRequestSchema>;
/** The window a search without dates covers, from now. */
const DEFAULT_WINDOW_DAYS = 30;

/** What a filter is made of: the search request, or a tile's query with the tile's box. */
type FilterInput = Pick<SearchInput, 'startDate' | 'days' | 'searchText' | 'areaText' | 'categoryId' | 'userId' | 'partner' | 'includeCanceled'> &
  Partial<Pick<SearchInput, 'minLatitude' | 'maxLatitude' | 'minLongitude' | 'maxLongitude' | 'live'>>;

export function filterOf(ctx: AppContext, tenant: TenantRef, viewerId: string | null, input: FilterInput, now = ctx.now()): SearchFilter {
  const from = input.startDate ? new Date(input.startDate) : now;
  const days = input.days ?? DEFAULT_WINDOW_DAYS;
  const box =
    input.minLatitude != null && input.maxLatitude != null && input.minLongitude != null && input.maxLongitude != null
      ? { minLat: input.minLatitude, maxLat: input.maxLatitude, minLng: input.minLongitude, maxLng: input.maxLongitude }
      : null;
  return {
    tenantId: tenant.id,
    viewerId,
    now,
    box,
    from,
    to: new Date(from.getTime() + days * 86_400_000),
    lookBehindMs: EVENT_MAX_DAYS * 86_400_000,
    searchText: input.searchText,
    areaText: input.areaText,
    categoryId: input.categoryId ?? null,
    userId: input.userId ?? null,
    partner: input.partner ?? null,
    includeCanceled: input.includeCanceled,
    // Saved-search feeds have no live filter: a calendar lists what is coming, not what runs now.
    live: input.live ?? false,
  };
}

export function centreOf(box: SearchFilter['box']) {
  if (!box) return null;
  const width = box.minLng <= box.maxLng ? box.maxLng - box.minLng : 360 - box.minLng + box.maxLng;
  let lng = box.minLng + width / 2;
  if (lng > 180) lng -= 360;
  return { lat: (box.minLat + box.maxLat) / 2, lng };
}

