import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectDocumentApi, type ProjectDocumentSearch, type ProjectDocumentSearchResult } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export type DocumentSearchParams = Required<Pick<ProjectDocumentSearch, 'searchText' | 'orderBy' | 'pageNumber'>> & { eventId: string | null };

/** The signed-in person's documents matching the text (title and body), with highlighted snippets. */
export function searchDocuments(params: DocumentSearchParams, signal?: AbortSignal): Promise<ProjectDocumentSearchResult> {
  return api.call(projectDocumentApi.search, { body: { ...params, eventId: params.eventId ?? undefined }, signal });
}

export function documentSearchQueryOptions(params: DocumentSearchParams) {
  return queryOptions({ queryKey: queryKeys.documents.search(params), queryFn: ({ signal }) => searchDocuments(params, signal) });
}

/** Keeps the previous answer on screen while the next one (a new letter typed) is on its way. */
export function useDocumentSearch(params: DocumentSearchParams, enabled = true) {
  return useQuery({ ...documentSearchQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
