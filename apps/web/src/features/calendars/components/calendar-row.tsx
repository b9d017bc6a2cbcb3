import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconMail, IconRefresh, IconTrash } from '@tabler/icons-react';
import { CALENDAR_KIND_LABELS, type Calendar } from '@hubbub/contract';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { useDeleteCalendar, useNewCalendarAddress } from '../api/save-calendar';
import { alertSummary, calendarSummary } from '../calendar-summary';
import { CalendarAddress } from './calendar-address';
import { CalendarAlertField } from './calendar-alert-field';
import { CalendarDraftsField } from './calendar-drafts-field';
import { RenameCalendarDialog } from './rename-calendar-dialog';
import { SubscribeMenu } from './subscribe-menu';

interface CalendarRowProps {
  calendar: Calendar;
  categoryName?: (id: string) => string | undefined;
}

/** One calendar: what it shows, its address, and what can be done with it. Names are text, never markup. */
export function CalendarRow({ calendar, categoryName }: CalendarRowProps) {
  const remove = useDeleteCalendar();
  const newAddress = useNewCalendarAddress();
  const [renaming, setRenaming] = useState(false);
  const [serial, setSerial] = useState(0);
  const headingId = `calendar-${calendar.id}-name`;
  const alert = alertSummary(calendar.alert);

  const replaceAddress = async () => {
    const sure = await confirm({
      title: 'Give this calendar a new address?',
      message:
        'The current address stops working at once, for every app subscribed to it: they get no more updates. Subscribe again with the new address wherever you still want this calendar. Do this if the address reached someone it should not have.',
      confirmLabel: 'Replace address',
      danger: true,
    });
    if (!sure) return;
    try {
      await newAddress.mutateAsync(calendar.id);
      notify.success(`“${calendar.name}” has a new address. Subscribe again with it in your calendar apps.`);
    } catch (error) {
      notifyProblem(error, 'The address could not be replaced');
    }
  };

  const deleteIt = async () => {
    const sure = await confirm({
      title: 'Delete this calendar?',
      message: `“${calendar.name}” will stop updating in every app subscribed to it, and its address will stop working. The events themselves stay on Hubbub.`,
      confirmLabel: 'Delete calendar',
      danger: true,
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(calendar.id);
      notify.success(`“${calendar.name}” is deleted.`);
    } catch (error) {
      notifyProblem(error, 'The calendar could not be deleted');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId} data-testid="calendar-row" data-calendar-id={calendar.id}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }} data-testid="calendar-name">
              {calendar.name}
            </Title>
            <Badge variant="light" data-testid="calendar-kind">
              {CALENDAR_KIND_LABELS[calendar.kind]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="calendar-summary">
            {calendarSummary(calendar, categoryName)}
          </Text>
          {alert && (
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconMail size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" data-testid="calendar-alert">
                {alert}
              </Text>
            </Group>
          )}
        </Stack>
        <CalendarAddress calendar={calendar} />
        <CalendarAlertField calendar={calendar} />
        {calendar.kind === 'mine' && <CalendarDraftsField calendar={calendar} />}
        <Group gap="xs" wrap="wrap">
          <SubscribeMenu calendar={calendar} />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={() => {
              setSerial((n) => n + 1);
              setRenaming(true);
            }}
          >
            Rename
          </Button>
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} loading={newAddress.isPending} onClick={() => void replaceAddress()}>
            New address
          </Button>
          <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} aria-hidden />} loading={remove.isPending} onClick={() => void deleteIt()}>
            Delete
          </Button>
        </Group>
      </Stack>
      <RenameCalendarDialog key={serial} calendar={calendar} opened={renaming} onClose={() => setRenaming(false)} />
    </Paper>
  );
}
