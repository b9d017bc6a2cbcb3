import { useNavigate, useParams } from 'react-router';
import type { HubEvent } from '@hubbub/contract';
import { Page } from '@/components/page';
import { EventForm } from '@/features/events/components/event-form';
import { PlaceField } from '@/features/map/components/place-field';
import { EventOwnerGate } from './event-owner-gate';

function EditForm({ event }: { event: HubEvent }) {
  const navigate = useNavigate();
  return (
    <EventForm
      key={event.id}
      event={event}
      renderPlace={(field) => <PlaceField {...field} required />}
      onSaved={(saved) => void navigate(`/event/${saved.id}`)}
      onCancel={() => void navigate(`/event/${event.id}`)}
    />
  );
}

export default function EventEditRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Edit event">
      <EventOwnerGate id={id} notYours="Only the host of this event and its co-hosts can edit it.">
        {(event) => <EditForm event={event} />}
      </EventOwnerGate>
    </Page>
  );
}
