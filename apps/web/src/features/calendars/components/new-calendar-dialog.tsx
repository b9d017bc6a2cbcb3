import { useState } from 'react';
import { Anchor, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { CALENDAR_NAME_MAX, type CalendarAlert, type CalendarKind } from '@hubbub/contract';
import { CalendarAlertSelect } from '@/components/calendar-alert-select';
import { notify } from '@/lib/ui';
import { useCreateCalendar } from '../api/save-calendar';
import { defaultCalendarName } from '../calendar-names';
import { calendarProblem, type CalendarProblem } from '../calendar-problem';
import { CalendarProblemAlert } from './calendar-problem-alert';
import { IncludeDraftsSwitch } from './include-drafts-switch';

type PlainKind = Exclude<CalendarKind, 'search'>;

const KINDS: { value: PlainKind; description: string }[] = [
  { value: 'following', description: 'Every event you follow; follow another and it appears.' },
  { value: 'going', description: 'The events you have a seat at; say Going to another and it appears.' },
  { value: 'hosts', description: 'What the people you follow put on.' },
  { value: 'mine', description: 'The events you host.' },
];

/** A calendar of one of the kinds that need no search; saved searches are made on the search page. */
export function NewCalendarDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateCalendar();
  const [kind, setKind] = useState<PlainKind>('following');
  // The name follows the kind until the person types one of their own.
  const [ownName, setOwnName] = useState<string | null>(null);
  const name = ownName ?? defaultCalendarName(kind);
  const [alert, setAlert] = useState<CalendarAlert>('off');
  // Off unless chosen, and only for "My events" (the other kinds never carry drafts).
  const [includeDrafts, setIncludeDrafts] = useState(false);
  const [problem, setProblem] = useState<CalendarProblem | null>(null);
  const close = () => !create.isPending && onClose();

  const submit = async () => {
    setProblem(null);
    try {
      const calendar = await create.mutateAsync({ name: name.trim(), kind, alert, ...(kind === 'mine' && includeDrafts ? { includeDrafts } : {}) });
      notify.success(`“${calendar.name}” is ready: copy its address into your calendar app.`);
      onClose();
    } catch (error) {
      setProblem(calendarProblem(error, 'The calendar could not be created'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="New calendar" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Radio.Group label="What it shows" value={kind} onChange={(value) => setKind(value as PlainKind)}>
            <Stack gap="sm" mt="xs">
              {KINDS.map((k) => (
                <Radio key={k.value} value={k.value} label={defaultCalendarName(k.value)} description={k.description} />
              ))}
            </Stack>
          </Radio.Group>
          <TextInput
            label="Name"
            description="As your calendar app will show it."
            value={name}
            onChange={(e) => setOwnName(e.currentTarget.value)}
            maxLength={CALENDAR_NAME_MAX}
            error={problem?.name}
            required
            data-autofocus
          />
          {kind === 'mine' && <IncludeDraftsSwitch checked={includeDrafts} onChange={setIncludeDrafts} data-testid="new-calendar-drafts-switch" />}
          <CalendarAlertSelect description="Email me new events in this calendar." value={alert} onChange={setAlert} />
          <Text size="sm" c="dimmed">
            For events that match a search (some words, a category, a part of the map),{' '}
            <Anchor component={Link} to="/search" inherit onClick={onClose}>
              search the map
            </Anchor>{' '}
            and save the search as a calendar there.
          </Text>
          {problem?.alert && <CalendarProblemAlert alert={problem.alert} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
              Create calendar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
