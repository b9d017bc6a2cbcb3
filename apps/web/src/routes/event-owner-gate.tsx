import type { ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { IdSchema, type HubEvent } from '@hubbub/contract';
import { runsEvent } from '@/lib/event-role';
import { EmptyState } from '@/components/empty-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { useEvent } from '@/features/events/api/get-event';

interface EventOwnerGateProps {
  /** The `:id` of the address, checked here. */
  id: string;
  /** Why someone else is turned away, e.g. "Only the host of this event can edit it." */
  notYours: string;
  /** The host's screen, given the event. */
  children: (event: HubEvent) => ReactNode;
}

function OwnedEvent({ id, notYours, children }: EventOwnerGateProps) {
  const event = useEvent(id);
  return (
    <QueryState
      query={event}
      loading={<PageLoader label="Loading the event" />}
      errorTitle="The event could not be loaded"
      notFound={<NotFoundPanel title="Event not found" message="This event does not exist or was deleted." />}
    >
      {(data) =>
        runsEvent(data) ? (
          children(data)
        ) : (
          <EmptyState icon={IconLock} color="red">
            <Text>{notYours}</Text>
            <Button component={Link} to={`/event/${id}`} variant="light">
              Back to the event
            </Button>
          </EmptyState>
        )
      }
    </QueryState>
  );
}

/** The screens of those who run an event (edit, flyers, buzz console): a valid address, the event loaded, and its host or a co-host signed in. */
export function EventOwnerGate(props: EventOwnerGateProps) {
  if (!IdSchema.safeParse(props.id).success) return <NotFoundPanel title="Event not found" message="This link does not point to an event." />;
  // A new address starts afresh: nothing of the previous event's screen is kept.
  return <OwnedEvent key={props.id} {...props} />;
}
