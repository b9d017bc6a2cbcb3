import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationApi, type AdminEvent } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { invalidateAfterModeration } from './invalidate';

export function getAdminEvent(id: string, signal?: AbortSignal): Promise<AdminEvent> {
  return api.call(moderationApi.event, { params: { id }, signal });
}

export function adminEventQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.admin.event(id), queryFn: ({ signal }) => getAdminEvent(id, signal) });
}

export function useAdminEvent(id: string) {
  return useQuery(adminEventQueryOptions(id));
}

const EVENT_ACTIONS = { hide: moderationApi.eventHide, unhide: moderationApi.eventUnhide, cancel: moderationApi.eventCancel, stop: moderationApi.eventStop };
export type EventAction = keyof typeof EVENT_ACTIONS;

export interface EventActionInput {
  id: string;
  action: EventAction;
  reason: string;
}

/** Each answers the event as it is after the action. */
export function moderateEvent({ id, action, reason }: EventActionInput): Promise<AdminEvent> {
  return api.call(EVENT_ACTIONS[action], { params: { id }, body: { reason } });
}

export function useModerateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderateEvent,
    onSuccess: (event) => {
      client.setQueryData(queryKeys.admin.event(event.id), event);
      invalidateAfterModeration(client, { eventId: event.id });
    },
  });
}
