import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventDraftsApi, type EventDraft, type EventDraftAnswer, type EventDraftInput, type Ok } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** The signed-in person's quick-create draft; `draft` is null when there is none. */
export function getEventDraft(signal?: AbortSignal): Promise<EventDraftAnswer> {
  return engineApi.call(eventDraftsApi.get, { signal });
}

/** Replaces the draft kept on the server with what the form holds now. */
export function saveEventDraft(draft: EventDraftInput): Promise<EventDraft> {
  return engineApi.call(eventDraftsApi.save, { body: draft });
}

export function deleteEventDraft(): Promise<Ok> {
  return engineApi.call(eventDraftsApi.delete, {});
}

export function eventDraftQueryOptions() {
  // Read once when the form opens: after that the form is the truth and only writes.
  return queryOptions({ queryKey: queryKeys.events.draft, queryFn: ({ signal }) => getEventDraft(signal), staleTime: Infinity, gcTime: 0 });
}

export function useEventDraft() {
  return useQuery(eventDraftQueryOptions());
}

export function useSaveEventDraft() {
  return useMutation({ mutationFn: saveEventDraft });
}

export function useDeleteEventDraft() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteEventDraft, onSuccess: () => client.removeQueries({ queryKey: queryKeys.events.draft }) });
}
