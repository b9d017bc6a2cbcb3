import { useState } from 'react';
import type { Calendar } from '@hubbub/contract';
import { notify, notifyProblem } from '@/lib/ui';
import { useUpdateCalendar } from '../api/save-calendar';
import { IncludeDraftsSwitch } from './include-drafts-switch';

/** A "My events" calendar's drafts choice, saved as soon as it is made: a row of a list has no form to submit. */
export function CalendarDraftsField({ calendar }: { calendar: Pick<Calendar, 'id' | 'includeDrafts'> }) {
  const update = useUpdateCalendar();
  // The choice shows from the click on, while it saves: kept in the component's own state, set in
  // the same event, because React puts a controlled switch back to its prop right after the click
  // and the mutation's pending state arrives a tick later (the switch flicked back meanwhile). Once
  // saved, the list (updated from the answer) has it; a failure falls back to what is stored.
  const [choice, setChoice] = useState<boolean | null>(null);
  return (
    <IncludeDraftsSwitch
      checked={choice ?? calendar.includeDrafts}
      disabled={update.isPending}
      data-testid="calendar-drafts-switch"
      onChange={(includeDrafts) => {
        setChoice(includeDrafts);
        update.mutate(
          { id: calendar.id, includeDrafts },
          {
            onSuccess: () => notify.success(includeDrafts ? 'Your drafts are in this calendar now.' : 'Your drafts are no longer in this calendar.'),
            onError: (error) => notifyProblem(error, 'The calendar could not be changed'),
            onSettled: () => setChoice(null),
          },
        );
      }}
    />
  );
}
