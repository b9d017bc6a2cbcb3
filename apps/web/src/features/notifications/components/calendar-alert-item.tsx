import { Paper, Stack, Text } from '@mantine/core';
import type { NotificationSettings } from '@hubbub/contract';
import { CalendarAlertSelect } from '@/components/calendar-alert-select';
import { notify, notifyProblem } from '@/lib/ui';
import { useSaveCalendarAlert } from '../api/save-notification-settings';

type CalendarAlertEntry = NotificationSettings['calendars'][number];

/** One calendar's alert in Settings, saved as soon as it is chosen. Its name is text, never markup. */
export function CalendarAlertItem({ calendar }: { calendar: CalendarAlertEntry }) {
  const save = useSaveCalendarAlert();
  const nameId = `notification-calendar-${calendar.id}-name`;
  // The choice shows while it saves; a failure falls back to what is stored.
  const value = (save.isPending && save.variables.alert) || calendar.alert;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-labelledby={nameId} data-testid="notification-calendar" data-calendar-id={calendar.id}>
      <Stack gap="xs">
        <Text fw={500} id={nameId} style={{ overflowWrap: 'anywhere' }}>
          {calendar.name}
        </Text>
        <CalendarAlertSelect
          value={value}
          onChange={(alert) =>
            save.mutate(
              { id: calendar.id, alert },
              { onSuccess: () => notify.success('Saved'), onError: (error) => notifyProblem(error, 'The email alerts could not be changed') },
            )
          }
          maw={360}
        />
      </Stack>
    </Paper>
  );
}
