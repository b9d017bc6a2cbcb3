/** Every users query key starts with one of these, so mutations can invalidate by prefix. */
export const userKeys = {
  person: (id: string) => ['person', id] as const,
  people: ['person'] as const,
  search: (searchText: string, pageNumber: number) => ['user-search', searchText, pageNumber] as const,
  searches: ['user-search'] as const,
  summary: ['user-summary'] as const,
};
