/** Every events query key starts with one of these, so mutations can invalidate by prefix. */
export const eventKeys = {
  detail: (id: string) => ['event', id] as const,
  mine: ['events-mine'] as const,
  following: ['events-following'] as const,
  tagCategories: ['tag-categories'] as const,
  tagSearch: (searchText: string, categoryId: string | null) => ['tag-search', searchText, categoryId] as const,
};

/**
 * Caches owned by other features that an event change makes stale. Features do not import one
 * another, so the shared prefixes are repeated here: map search results and points, and usage.
 */
export const staleElsewhere = [['event-search'], ['event-points'], ['usage']] as const;
