import { queryOptions, useQuery } from '@tanstack/react-query';
import { moderationApi, type AdminOverview } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api.call(moderationApi.overview, { signal });
}

export function overviewQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.overview, queryFn: ({ signal }) => getOverview(signal) });
}

export function useOverview() {
  return useQuery({ ...overviewQueryOptions(), refetchInterval: 60_000 });
}
