import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tagsApi, type Tag } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** The top-level tags used as event categories. */
export function getTagCategories(signal?: AbortSignal): Promise<Tag[]> {
  return engineApi.call(tagsApi.categories, { signal });
}

export function searchTags(searchText: string, categoryId: string | null, signal?: AbortSignal): Promise<Tag[]> {
  return engineApi.call(tagsApi.search, { body: { searchText, categoryId }, signal });
}

export function tagCategoriesQueryOptions() {
  // Categories change with releases, not with use: keep them for the session.
  return queryOptions({ queryKey: queryKeys.tags.categories, queryFn: ({ signal }) => getTagCategories(signal), staleTime: 60 * 60_000 });
}

export function useTagCategories() {
  return useQuery(tagCategoriesQueryOptions());
}

export function tagSearchQueryOptions(searchText: string, categoryId: string | null = null) {
  return queryOptions({
    queryKey: queryKeys.tags.search(searchText, categoryId),
    queryFn: ({ signal }) => searchTags(searchText, categoryId, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useTagSearch(searchText: string, categoryId: string | null = null) {
  return useQuery(tagSearchQueryOptions(searchText.trim(), categoryId));
}
