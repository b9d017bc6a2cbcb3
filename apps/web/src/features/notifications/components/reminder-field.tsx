import { Select } from '@mantine/core';
import { REMINDER_LABELS, REMINDERS, type Reminder } from '@hubbub/contract';
import { notify, notifyProblem } from '@/lib/ui';
import { useSaveNotificationSettings } from '../api/save-notification-settings';

const OPTIONS = REMINDERS.map((value) => ({ value, label: REMINDER_LABELS[value] }));
const isReminder = (value: string | null): value is Reminder => (REMINDERS as readonly (string | null)[]).includes(value);

/** Saved as soon as it is chosen; undefined while the settings load. */
export function ReminderField({ reminder }: { reminder: Reminder | undefined }) {
  const save = useSaveNotificationSettings();
  // The choice shows while it saves; a failure falls back to what is stored.
  const value = (save.isPending && save.variables.reminder) || reminder || null;
  return (
    <Select
      label="Event reminders"
      description="Reminders before events I follow or attend. A canceled event sends a notice instead."
      data={OPTIONS}
      value={value}
      disabled={!reminder}
      onChange={(next) =>
        isReminder(next) &&
        save.mutate({ reminder: next }, { onSuccess: () => notify.success('Saved'), onError: (error) => notifyProblem(error, 'The reminders could not be changed') })
      }
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      maw={360}
      data-testid="reminder-select"
    />
  );
}
