import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsApi, type NotificationSettings } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** The reminder choice and every calendar with its alert. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.call(notificationsApi.settings, { signal });
}

export function notificationSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.notificationSettings, queryFn: ({ signal }) => getNotificationSettings(signal) });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
