import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { calendarsApi, type Calendar, type CalendarCreate, type CalendarList, type CalendarUpdate, type Ok } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Fails with `plan_limit` (its detail names the limit) when the plan's calendarCapacity is used up. */
export function createCalendar(calendar: CalendarCreate): Promise<Calendar> {
  return engineApi.call(calendarsApi.create, { body: calendar });
}

export function updateCalendar(update: CalendarUpdate): Promise<Calendar> {
  return engineApi.call(calendarsApi.update, { body: update });
}

export function deleteCalendar(id: string): Promise<Ok> {
  return engineApi.call(calendarsApi.delete, { params: { id } });
}

/** A new secret address; the old one stops answering at once. */
export function newCalendarAddress(id: string): Promise<Calendar> {
  return engineApi.call(calendarsApi.newToken, { params: { id } });
}

/** Settings lists every calendar with its alert, so any change to one makes it stale too. */
function invalidateLists(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.calendars });
  void client.invalidateQueries({ queryKey: queryKeys.notificationSettings });
}

/** The answer is the calendar as stored, so the list shows it at once instead of waiting for a refetch. */
function applySaved(client: QueryClient, calendar: Calendar) {
  client.setQueryData<CalendarList>(queryKeys.calendars, (list) =>
    list ? { calendars: list.calendars.map((c) => (c.id === calendar.id ? calendar : c)) } : list,
  );
  invalidateLists(client);
}

/** Calendars count towards the plan: the usage bars go stale with the list. */
function invalidateCounts(client: QueryClient) {
  invalidateLists(client);
  void client.invalidateQueries({ queryKey: queryKeys.usage });
}

export function useCreateCalendar() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCalendar, onSuccess: () => invalidateCounts(client) });
}

export function useUpdateCalendar() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateCalendar, onSuccess: (calendar) => applySaved(client, calendar) });
}

export function useDeleteCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendar,
    onSuccess: (_ok, id) => {
      client.setQueryData<CalendarList>(queryKeys.calendars, (list) => (list ? { calendars: list.calendars.filter((c) => c.id !== id) } : list));
      invalidateCounts(client);
    },
  });
}

export function useNewCalendarAddress() {
  const client = useQueryClient();
  return useMutation({ mutationFn: newCalendarAddress, onSuccess: (calendar) => applySaved(client, calendar) });
}
