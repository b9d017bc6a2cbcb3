import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { launchesApi, type LaunchRequest, type Timeline } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** The event's launches (its timeline), latest start first. */
export function getEventLaunches(eventId: string, signal?: AbortSignal): Promise<Timeline[]> {
  return engineApi.call(launchesApi.ofEvent, { params: { eventId }, signal });
}

export function eventLaunchesQueryOptions(eventId: string) {
  return queryOptions({ queryKey: queryKeys.eventLaunches(eventId), queryFn: ({ signal }) => getEventLaunches(eventId, signal) });
}

export function useEventLaunches(eventId: string) {
  return useQuery(eventLaunchesQueryOptions(eventId));
}

export function launchFlyers(request: LaunchRequest): Promise<Timeline> {
  return engineApi.call(launchesApi.create, { body: request });
}

/** POST launch/: the server starts (or schedules) the flyers and tells every watcher through the hub. */
export function useLaunchFlyers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: launchFlyers,
    onSuccess: (_timeline, { eventId }) => void client.invalidateQueries({ queryKey: queryKeys.eventLaunches(eventId) }),
  });
}

export function useCancelLaunch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; eventId: string }) => engineApi.call(launchesApi.cancel, { params: { id } }),
    onSuccess: (_timeline, { eventId }) => void client.invalidateQueries({ queryKey: queryKeys.eventLaunches(eventId) }),
  });
}
