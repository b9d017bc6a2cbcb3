import type { Calendar } from '@hubbub/contract';
import { CalendarAlertSelect } from '@/components/calendar-alert-select';
import { notify, notifyProblem } from '@/lib/ui';
import { useUpdateCalendar } from '../api/save-calendar';

/** A calendar's email alerts, saved as soon as they are chosen: a row of a list has no form to submit. */
export function CalendarAlertField({ calendar }: { calendar: Pick<Calendar, 'id' | 'alert'> }) {
  const update = useUpdateCalendar();
  // The choice shows while it saves; then the list, updated from the answer, has it. A failure falls back to what is stored.
  const value = (update.isPending && update.variables.alert) || calendar.alert;
  return (
    <CalendarAlertSelect
      description="Email me new events in this calendar."
      value={value}
      onChange={(alert) =>
        update.mutate(
          { id: calendar.id, alert },
          { onSuccess: () => notify.success('Saved'), onError: (error) => notifyProblem(error, 'The email alerts could not be changed') },
        )
      }
      maw={360}
      data-testid="calendar-alert-select"
    />
  );
}
