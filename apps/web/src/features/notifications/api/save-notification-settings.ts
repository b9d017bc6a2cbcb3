import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  calendarsApi,
  notificationsApi,
  type Calendar,
  type CalendarAlert,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@hubbub/contract';
import { api, engineApi, queryKeys } from '@/lib/api';

export function saveNotificationSettings(update: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return api.call(notificationsApi.updateSettings, { body: update });
}

/** The calendars' own update, with only the alert: Settings changes it without the calendars' page. */
export function saveCalendarAlert({ id, alert }: { id: string; alert: CalendarAlert }): Promise<Calendar> {
  return engineApi.call(calendarsApi.update, { body: { id, alert } });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.notificationSettings, settings);
      void client.invalidateQueries({ queryKey: queryKeys.notificationSettings });
    },
  });
}

export function useSaveCalendarAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCalendarAlert,
    onSuccess: (calendar) => {
      // The answer is the calendar as stored: the list shows it at once rather than after the refetch.
      client.setQueryData<NotificationSettings>(queryKeys.notificationSettings, (settings) =>
        settings && { ...settings, calendars: settings.calendars.map((c) => (c.id === calendar.id ? { id: c.id, name: calendar.name, alert: calendar.alert } : c)) },
      );
      void client.invalidateQueries({ queryKey: queryKeys.notificationSettings });
      void client.invalidateQueries({ queryKey: queryKeys.calendars });
    },
  });
}
