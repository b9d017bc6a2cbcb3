import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectDocumentApi, type ProjectDocument } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getDocument(id: string, signal?: AbortSignal): Promise<ProjectDocument> {
  return api.call(projectDocumentApi.get, { params: { id }, signal });
}

export function documentQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.documents.detail(id), queryFn: ({ signal }) => getDocument(id, signal) });
}

/** Read once for the editor: the editor owns the text from then on, so no refetch on focus behind its back. */
export function useDocument(id: string) {
  return useQuery({ ...documentQueryOptions(id), refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity });
}
