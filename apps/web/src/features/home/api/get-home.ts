import { queryOptions, useQuery } from '@tanstack/react-query';
import { homeApi, localTimeZone, type Home } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** The home in one call; "tonight" and "this weekend" are read in the browser's time zone. */
export function getHome(timeZone: string): Promise<Home> {
  return api.call(homeApi.get, { query: { timeZone } });
}

export function homeQueryOptions(timeZone: string = localTimeZone()) {
  return queryOptions({
    queryKey: queryKeys.home.get(timeZone),
    queryFn: () => getHome(timeZone),
    // What is live changes by the minute: a visit always asks again, and an open home keeps up.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

export function useHome() {
  return useQuery(homeQueryOptions());
}
