import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { NotificationSettings } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';
import { useNotificationSettings } from '../api/get-notification-settings';
import { CalendarAlertItem } from './calendar-alert-item';
import { PushField } from './push-field';
import { ReminderField } from './reminder-field';

/**
 * The fields, drawn before the settings arrive (undefined) as well: the same elements then take
 * the answer, so nothing the person touched meanwhile is reset.
 */
function SettingsFields({ settings }: { settings?: NotificationSettings }) {
  return (
    <Stack gap="md" maw={560}>
      <ReminderField reminder={settings?.reminder} />
      <PushField devices={settings?.pushDevices} />
      <Stack gap="xs">
        <Text size="sm" fw={500} id="calendar-alerts-label">
          New events in my calendars
        </Text>
        {!settings ? (
          <Skeleton height={88} radius="md" />
        ) : settings.calendars.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="notification-calendars-empty">
            You have no calendars. A calendar can email you the events new in it, once a day or once a week.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="calendar-alerts-label">
            {settings.calendars.map((calendar) => (
              <CalendarAlertItem key={calendar.id} calendar={calendar} />
            ))}
          </Stack>
        )}
        <Anchor component={Link} to="/events?tab=calendars" size="sm" w="fit-content">
          Manage calendars
        </Anchor>
      </Stack>
    </Stack>
  );
}

/** Settings → Notifications: every email Hubbub may send the person, each turned on or off here. */
export function NotificationsPanel() {
  const settings = useNotificationSettings();
  return (
    <Stack gap={6} component="section" aria-labelledby="notifications-label" data-testid="notification-settings">
      <Text fw={600} id="notifications-label">
        Notifications
      </Text>
      <Text size="sm" c="dimmed" maw={560}>
        Every email has a one-click unsubscribe link, so you can also stop any of them from the email itself.
      </Text>
      <QueryState query={settings} loading={<SettingsFields />} errorTitle="Your notification settings could not be loaded">
        {(data) => <SettingsFields settings={data} />}
      </QueryState>
    </Stack>
  );
}
