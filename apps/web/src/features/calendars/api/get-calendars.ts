import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarsApi, type CalendarList } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** The signed-in person's calendars, newest first. */
export function getCalendars(signal?: AbortSignal): Promise<CalendarList> {
  return engineApi.call(calendarsApi.list, { signal });
}

export function calendarsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.calendars, queryFn: ({ signal }) => getCalendars(signal) });
}

export function useCalendars() {
  return useQuery(calendarsQueryOptions());
}
