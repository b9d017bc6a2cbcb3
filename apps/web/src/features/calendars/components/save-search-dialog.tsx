import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { CALENDAR_DAYS_DEFAULT, CALENDAR_NAME_MAX, type CalendarAlert, type CalendarQuery } from '@hubbub/contract';
import { CalendarAlertSelect } from '@/components/calendar-alert-select';
import { notify } from '@/lib/ui';
import { useCreateCalendar } from '../api/save-calendar';
import { searchCalendarName } from '../calendar-names';
import { calendarProblem, type CalendarProblem } from '../calendar-problem';
import { querySummary } from '../calendar-summary';
import { CalendarProblemAlert } from './calendar-problem-alert';

/** The search as the page has it now: everything a saved search keeps but how far ahead. */
export type SearchToSave = Omit<CalendarQuery, 'days'> & {
  /** A place the person went to on the map, for the default name. */
  place?: string | null;
  /** The name of the host or partner the search shows the events of, for the default name. */
  choiceName?: string | null;
};

const DAYS = [7, 14, 30, 90, 180, 365];
const DAY_OPTIONS = DAYS.map((d) => ({ value: String(d), label: `${d} days` }));

interface SaveSearchDialogProps {
  search: SearchToSave;
  opened: boolean;
  onClose: () => void;
  categoryName?: (id: string) => string | undefined;
}

/** Mounted per opening (keyed by the caller), so it starts from the search as it is then. */
export function SaveSearchDialog({ search, opened, onClose, categoryName }: SaveSearchDialogProps) {
  const navigate = useNavigate();
  const create = useCreateCalendar();
  const [name, setName] = useState(() => searchCalendarName(search));
  const [days, setDays] = useState(String(CALENDAR_DAYS_DEFAULT));
  const [alert, setAlert] = useState<CalendarAlert>('off');
  const [problem, setProblem] = useState<CalendarProblem | null>(null);
  const close = () => !create.isPending && onClose();
  const query: CalendarQuery = {
    searchText: search.searchText || null,
    areaText: search.areaText || null,
    categoryId: search.categoryId,
    userId: search.userId,
    partner: search.partner,
    box: search.box,
    days: Number(days),
  };

  const submit = async () => {
    setProblem(null);
    try {
      const calendar = await create.mutateAsync({ name: name.trim(), kind: 'search', query, alert });
      onClose();
      // The notification lives outside the router, so it navigates through this page's navigate.
      // Its own button hides it, so its id is chosen before it is built.
      const id = `calendar-saved-${calendar.id}`;
      notify.success(
        <>
          “{calendar.name}” is saved. Add it to your calendar app from your calendars.{' '}
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => {
              notifications.hide(id);
              void navigate('/events?tab=calendars');
            }}
          >
            See my calendars
          </Button>
        </>,
        undefined,
        { id },
      );
    } catch (error) {
      setProblem(calendarProblem(error, 'The search could not be saved'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Save this search as a calendar" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            Your calendar app will keep up with the events that match this search, as they are added:{' '}
            <Text span fw={500} data-testid="save-search-summary">
              {querySummary(query, categoryName)}
            </Text>
            .
          </Text>
          <TextInput
            label="Name"
            description="As your calendar app will show it."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={CALENDAR_NAME_MAX}
            error={problem?.name}
            required
            data-autofocus
          />
          <Select
            label="How far ahead"
            data={DAY_OPTIONS}
            value={days}
            onChange={(value) => value && setDays(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <CalendarAlertSelect description="Email me the events that match as they are added." value={alert} onChange={setAlert} />
          {problem?.alert && <CalendarProblemAlert alert={problem.alert} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
              Save calendar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
