import { Alert } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useSessionUser } from '@/lib/session';
import { Page } from '@/components/page';
import { useUsage } from '@/features/account/api/get-usage';
import { EventForm } from '@/features/events/components/event-form';
import { PlaceField } from '@/features/map/components/place-field';

export default function EventNewRoute() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const usage = useUsage(Boolean(user));
  const atCapacity = usage.data ? usage.data.eventCount >= usage.data.eventCapacity : false;

  return (
    <Page title="New event" description="Fill in the details; you can change them later.">
      {atCapacity && (
        <Alert color="orange" variant="light" title="Your plan’s event limit is reached">
          You have used all {usage.data?.eventCapacity} {usage.data?.eventCapacity === 1 ? 'event' : 'events'} your plan allows, so saving will be refused. Delete an event or change plans first.
        </Alert>
      )}
      <EventForm
        renderPlace={(field) => <PlaceField {...field} required />}
        onSaved={(event) => void navigate(`/event/${event.id}`)}
        onCancel={() => void navigate('/events')}
      />
    </Page>
  );
}
