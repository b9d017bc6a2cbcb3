import { useState } from 'react';
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';
import { useCalendars } from '../api/get-calendars';
import { CalendarRow } from './calendar-row';
import { CalendarsEmpty } from './calendars-empty';
import { NewCalendarDialog } from './new-calendar-dialog';

export interface CalendarUsage {
  count: number;
  capacity: number;
}

interface CalendarsPanelProps {
  /** How many the plan allows; undefined while loading, null when it could not be had. */
  usage: CalendarUsage | null | undefined;
  /** Names a saved search's category; the page knows the categories. */
  categoryName?: (id: string) => string | undefined;
}

const calendars = (n: number) => (n === 1 ? 'calendar' : 'calendars');

/** The signed-in person's calendars, how many the plan allows, and the way to a new one. */
export function CalendarsPanel({ usage, categoryName }: CalendarsPanelProps) {
  const list = useCalendars();
  const [creating, setCreating] = useState(false);
  const [serial, setSerial] = useState(0);
  const atCapacity = Boolean(usage && usage.count >= usage.capacity);
  const openNew = () => {
    setSerial((n) => n + 1);
    setCreating(true);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {usage === undefined ? (
          <Skeleton height={16} width={160} />
        ) : usage ? (
          <Text size="sm" data-testid="calendar-usage">
            {formatNumber(usage.count)} of {formatNumber(usage.capacity)} {calendars(usage.capacity)} used
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Usage is not available right now.
          </Text>
        )}
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNew} aria-describedby={atCapacity ? 'calendar-capacity-note' : undefined}>
          New calendar
        </Button>
      </Group>
      {atCapacity && usage && (
        <Alert color="orange" variant="light" id="calendar-capacity-note" data-testid="calendar-capacity-note">
          You have used all {formatNumber(usage.capacity)} {calendars(usage.capacity)} your plan allows. Delete one you no longer need, or{' '}
          <Anchor component={Link} to="/account/subscription" inherit>
            see the plans
          </Anchor>
          .
        </Alert>
      )}

      <QueryState
        query={list}
        loading={
          <Stack gap="sm" role="status" aria-label="Loading your calendars">
            {[0, 1].map((i) => (
              <Skeleton key={i} height={160} radius="md" />
            ))}
          </Stack>
        }
        errorTitle="Your calendars could not be loaded"
        isEmpty={(data) => data.calendars.length === 0}
        empty={<CalendarsEmpty onNew={openNew} />}
      >
        {(data) => (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="My calendars">
            {data.calendars.map((calendar) => (
              <li key={calendar.id}>
                <CalendarRow calendar={calendar} categoryName={categoryName} />
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
      <NewCalendarDialog key={serial} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
