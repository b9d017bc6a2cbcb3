import type { Calendar } from '@hubbub/contract';
import { notify, notifyProblem } from '@/lib/ui';
import { useUpdateCalendar } from '../api/save-calendar';
import { IncludeDraftsSwitch } from './include-drafts-switch';

/** A "My events" calendar's drafts choice, saved as soon as it is made: a row of a list has no form to submit. */
export function CalendarDraftsField({ calendar }: { calendar: Pick<Calendar, 'id' | 'includeDrafts'> }) {
  const update = useUpdateCalendar();
  // The choice shows while it saves; then the list, updated from the answer, has it. A failure falls back to what is stored.
  const checked = update.isPending && update.variables.includeDrafts !== undefined ? update.variables.includeDrafts : calendar.includeDrafts;
  return (
    <IncludeDraftsSwitch
      checked={checked}
      disabled={update.isPending}
      data-testid="calendar-drafts-switch"
      onChange={(includeDrafts) =>
        update.mutate(
          { id: calendar.id, includeDrafts },
          {
            onSuccess: () => notify.success(includeDrafts ? 'Your drafts are in this calendar now.' : 'Your drafts are no longer in this calendar.'),
            onError: (error) => notifyProblem(error, 'The calendar could not be changed'),
          },
        )
      }
    />
  );
}
