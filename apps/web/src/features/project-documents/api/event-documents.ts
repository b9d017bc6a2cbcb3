import { queryOptions, useQuery } from '@tanstack/react-query';
import { projectDocumentApi, type ProjectDocument } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** An event's public documents, as anyone who can see the event may read them. */
export function getEventDocuments(eventId: string, signal?: AbortSignal): Promise<ProjectDocument[]> {
  return api.call(projectDocumentApi.ofEvent, { params: { eventId }, signal });
}

export function eventDocumentsQueryOptions(eventId: string) {
  return queryOptions({ queryKey: queryKeys.documents.ofEvent(eventId), queryFn: ({ signal }) => getEventDocuments(eventId, signal) });
}

export function useEventDocuments(eventId: string) {
  return useQuery(eventDocumentsQueryOptions(eventId));
}
