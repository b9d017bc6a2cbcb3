import type { SearchBox, SearchFilters } from '../search-state';

/**
 * The box is part of every key: moving the map is a new query, and the one it replaces loses
 * its observer, which aborts its request (the fetchers pass TanStack's signal on).
 */
export const searchKeys = {
  lists: ['event-search'] as const,
  list: (filters: SearchFilters, box: SearchBox) => ['event-search', filters, box] as const,
  points: (filters: SearchFilters, box: SearchBox) => ['event-points', filters, box] as const,
};
