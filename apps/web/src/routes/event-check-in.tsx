import { useEffect } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { IdSchema } from '@hubbub/contract';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { NotFoundPanel } from '@/components/not-found-panel';
import { Page } from '@/components/page';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { hasCode } from '@/lib/api';
import { forgetDoor, useDoor } from '@/features/check-in/api/check-in';
import { DoorScreen } from '@/features/check-in/components/door-screen';
import { CoHostsPanel } from '@/features/co-hosts/components/co-hosts-panel';
import { MessageGoingButton } from '@/features/going/components/message-going-button';

function Door({ eventId }: { eventId: string }) {
  const door = useDoor(eventId);
  // Turned away now (taken off the door staff, the event gone): the list kept on this device goes too.
  const refused = door.isError && hasCode(door.error, 'not_owner', 'not_found');
  useEffect(() => {
    if (refused) forgetDoor(eventId);
  }, [refused, eventId]);
  // Once read, the list stays on screen when a refresh fails: a door with bad reception keeps working from it.
  if (door.data && !refused) {
    // The host and co-hosts message the room; naming door staff stays the host's.
    const runs = door.data.viewer === 'host' || door.data.viewer === 'co-host';
    const host = door.data.viewer === 'host';
    // People (not seats) whose own seat is not checked in: who "Message those not in yet" reaches.
    const notIn = door.data.seats.filter((s) => s.seat === 0 && !s.checkedIn).length;
    return (
      <Stack gap="lg">
        <DoorScreen door={door.data} />
        {runs && (
          <Group>
            <MessageGoingButton eventId={eventId} going={notIn} audience="not-checked-in" />
          </Group>
        )}
        {host && <CoHostsPanel eventId={eventId} defaultRole="check-in" />}
      </Stack>
    );
  }
  return (
    <QueryState
      query={door}
      loading={<PageLoader label="Loading the list" />}
      error={(error, retry) =>
        hasCode(error, 'not_owner') ? (
          <EmptyState icon={IconLock} color="red">
            <Text>Only the host of this event, its co-hosts and the door staff they named can check people in.</Text>
            <Button component={Link} to={`/event/${eventId}`} variant="light">
              Back to the event
            </Button>
          </EmptyState>
        ) : hasCode(error, 'not_found') ? (
          <NotFoundPanel title="Event not found" message="This event does not exist or was deleted." />
        ) : (
          <ErrorPanel error={error} title="The door list could not be loaded" onRetry={retry} />
        )
      }
    >
      {() => null}
    </QueryState>
  );
}

export default function EventCheckInRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Door check-in" size="lg">
      {IdSchema.safeParse(id).success ? <Door key={id} eventId={id} /> : <NotFoundPanel title="Event not found" message="This link does not point to an event." />}
    </Page>
  );
}
