import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CALENDAR_NAME_MAX, type Calendar } from '@hubbub/contract';
import { notify } from '@/lib/ui';
import { useUpdateCalendar } from '../api/save-calendar';
import { calendarProblem, type CalendarProblem } from '../calendar-problem';
import { CalendarProblemAlert } from './calendar-problem-alert';

/** Mounted per opening (keyed by the caller), so it starts from the name as it is now. */
export function RenameCalendarDialog({ calendar, opened, onClose }: { calendar: Calendar; opened: boolean; onClose: () => void }) {
  const update = useUpdateCalendar();
  const [name, setName] = useState(calendar.name);
  const [problem, setProblem] = useState<CalendarProblem | null>(null);
  const close = () => !update.isPending && onClose();
  const trimmed = name.trim();

  const submit = async () => {
    if (trimmed === calendar.name) return onClose();
    setProblem(null);
    try {
      const saved = await update.mutateAsync({ id: calendar.id, name: trimmed });
      notify.success(`Renamed to “${saved.name}”. Calendar apps pick up the new name when they next refresh.`);
      onClose();
    } catch (error) {
      setProblem(calendarProblem(error, 'The calendar could not be renamed'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Rename calendar" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={CALENDAR_NAME_MAX}
            error={problem?.name}
            required
            data-autofocus
          />
          {problem?.alert && <CalendarProblemAlert alert={problem.alert} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed} loading={update.isPending}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
