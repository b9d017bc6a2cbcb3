import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { eventsApi, type EventCreate, type EventUpdate, type HubEvent, type Ok } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Fails with `plan_limit` (its detail names the limit) when the plan's event capacity is used up. */
export function createEvent(event: EventCreate): Promise<HubEvent> {
  return engineApi.call(eventsApi.create, { body: event });
}

/** Fails with `not_owner` for anyone but the owner. */
export function updateEvent(event: EventUpdate): Promise<HubEvent> {
  return engineApi.call(eventsApi.update, { body: event });
}

/** The host cancels the event: its live session stops, and its followers and attendees are told. `conflict` when it already is. */
export function cancelEvent(id: string): Promise<HubEvent> {
  return engineApi.call(eventsApi.cancel, { params: { id } });
}

export function deleteEvent(id: string): Promise<Ok> {
  return engineApi.call(eventsApi.delete, { params: { id } });
}

/** Lists, map search, usage and series' dates all show events; any change makes them stale. */
export function invalidateEventLists(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.events.mine });
  void client.invalidateQueries({ queryKey: queryKeys.series.all });
  void client.invalidateQueries({ queryKey: queryKeys.events.following });
  void client.invalidateQueries({ queryKey: queryKeys.events.live });
  void client.invalidateQueries({ queryKey: queryKeys.eventSearch.all });
  void client.invalidateQueries({ queryKey: queryKeys.usage });
}

function applySaved(client: QueryClient, event: HubEvent) {
  client.setQueryData(queryKeys.events.detail(event.id), event);
  invalidateEventLists(client);
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: (event) => applySaved(client, event) });
}

export function useUpdateEvent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateEvent, onSuccess: (event) => applySaved(client, event) });
}

export function useCancelEvent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelEvent, onSuccess: (event) => applySaved(client, event) });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: (_ok, id) => {
      // The page showing the event is still mounted and would refetch (and 404) a removed
      // query; it navigates away, and its query is then garbage-collected.
      client.removeQueries({ queryKey: queryKeys.events.detail(id), type: 'inactive' });
      invalidateEventLists(client);
    },
  });
}
