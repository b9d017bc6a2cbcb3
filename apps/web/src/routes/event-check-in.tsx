import { useParams } from 'react-router';
import { Page } from '@/components/page';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { useDoor } from '@/features/check-in/api/check-in';
import { DoorScreen } from '@/features/check-in/components/door-screen';
import { EventOwnerGate } from './event-owner-gate';

function Door({ eventId }: { eventId: string }) {
  const door = useDoor(eventId);
  // Once read, the list stays on screen when a refresh fails: a door with bad reception keeps working from it.
  if (door.data) return <DoorScreen door={door.data} />;
  return (
    <QueryState query={door} loading={<PageLoader label="Loading the list" />} errorTitle="The door list could not be loaded">
      {(data) => <DoorScreen door={data} />}
    </QueryState>
  );
}

export default function EventCheckInRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Door check-in" size="lg">
      <EventOwnerGate id={id} notYours="Only the host of this event can check people in.">
        {(event) => <Door eventId={event.id} />}
      </EventOwnerGate>
    </Page>
  );
}
