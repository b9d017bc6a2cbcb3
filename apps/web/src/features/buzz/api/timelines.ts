import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { launchPaths, TimelineListSchema, TimelineSchema, type LaunchRequest, type Timeline } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

export function getEventTimelines(eventId: string, signal?: AbortSignal): Promise<Timeline[]> {
  return engineApi.get(launchPaths.eventTimelines(eventId), { schema: TimelineListSchema, signal });
}

export function timelinesQueryOptions(eventId: string) {
  return queryOptions({ queryKey: queryKeys.eventTimelines(eventId), queryFn: ({ signal }) => getEventTimelines(eventId, signal) });
}

export function useEventTimelines(eventId: string) {
  return useQuery(timelinesQueryOptions(eventId));
}

export function launchFlyers(request: LaunchRequest): Promise<Timeline> {
  return engineApi.post(launchPaths.launch, request, { schema: TimelineSchema });
}

/** POST launch/: the server starts (or schedules) the flyers and tells every watcher through the hub. */
export function useLaunchFlyers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: launchFlyers,
    onSuccess: (_timeline, { eventId }) => void client.invalidateQueries({ queryKey: queryKeys.eventTimelines(eventId) }),
  });
}

export function useCancelLaunch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; eventId: string }) => engineApi.delete(launchPaths.cancelLaunch(id)),
    onSuccess: (_ok, { eventId }) => void client.invalidateQueries({ queryKey: queryKeys.eventTimelines(eventId) }),
  });
}
