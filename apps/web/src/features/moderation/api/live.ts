import { queryOptions, useQuery } from '@tanstack/react-query';
import { moderationApi, type LiveNow } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export const LIVE_REFRESH_MS = 10_000;

export function getLiveNow(signal?: AbortSignal): Promise<LiveNow> {
  return api.call(moderationApi.live, { signal });
}

export function liveNowQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.live, queryFn: ({ signal }) => getLiveNow(signal) });
}

/** Buzz sessions start and stop by the minute, and watcher counts move faster. */
export function useLiveNow() {
  return useQuery({ ...liveNowQueryOptions(), refetchInterval: LIVE_REFRESH_MS });
}
