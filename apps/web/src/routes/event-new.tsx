import { Alert } from '@mantine/core';
import type { HubEvent, RepeatPick } from '@hubbub/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { Page } from '@/components/page';
import { useUsage } from '@/features/account/api/get-usage';
import { EventForm } from '@/features/events/components/event-form';
import { QuickCreateForm } from '@/features/events/components/quick-create-form';
import { PlaceField } from '@/features/map/components/place-field';
import { useCreateSeries } from '@/features/series/api/series';
import { RepeatField } from '@/features/series/components/repeat-field';
import { pickedRule } from '@/features/series/rule-words';
import { notifyProblem } from '@/lib/ui';

/** Quick create by default (issue 26); `?form=full` is the form with every field. */
export default function EventNewRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const full = params.get('form') === 'full';
  const user = useSessionUser();
  const usage = useUsage(Boolean(user));
  const atCapacity = usage.data ? usage.data.eventCount >= usage.data.eventCapacity : false;
  const createSeries = useCreateSeries();
  // Published first; then, if a repeat was picked, the event becomes the series' first date.
  const published = async (event: HubEvent, repeat: RepeatPick) => {
    const rule = pickedRule(repeat, event.startDate, event.timeZone);
    if (rule) {
      try {
        await createSeries.mutateAsync({ eventId: event.id, rule });
      } catch (error) {
        notifyProblem(error, 'Your event is published, but it could not be made to repeat; try again from its page');
      }
    }
    void navigate(`/event/${event.id}?published=1`);
  };

  return (
    <Page
      title={full ? 'New event' : 'Create an event'}
      description={full ? 'Fill in the details; you can change them later.' : 'A name, a time and a place are enough to publish. Add the rest afterwards.'}
    >
      {atCapacity && (
        <Alert color="orange" variant="light" title="Your plan’s event limit is reached">
          You have used all {usage.data?.eventCapacity} {usage.data?.eventCapacity === 1 ? 'event' : 'events'} your plan allows, so saving will be refused. Delete an event or change plans first.
        </Alert>
      )}
      {full ? (
        <EventForm
          renderPlace={(field) => <PlaceField {...field} required />}
          onSaved={(event) => void navigate(`/event/${event.id}`)}
          onCancel={() => void navigate('/events')}
        />
      ) : (
        <QuickCreateForm
          renderPlace={(field) => <PlaceField {...field} required />}
          renderRepeat={(field) => <RepeatField {...field} />}
          onPublished={(event, repeat) => void published(event, repeat)}
          fullFormHref="/events/new?form=full"
        />
      )}
    </Page>
  );
}
