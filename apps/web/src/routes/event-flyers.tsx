import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Flyer, HubEvent } from '@hubbub/contract';
import { NotFoundPanel } from '@/components/not-found-panel';
import { Page } from '@/components/page';
import { PageLoader } from '@/components/page-loader';
import { QueryState } from '@/components/query-state';
import { useEventFlyers } from '@/lib/queries/event-flyers';
import { FlyerDesigner } from '@/features/flyers/components/flyer-designer';
import { FlyerList } from '@/features/flyers/components/flyer-list';
import { EventOwnerGate } from './event-owner-gate';

/** `?edit=new` opens the designer for a new flyer, `?edit=<id>` for that one; no parameter lists them. */
const EDIT_PARAM = 'edit';

function FlyersContent({ event }: { event: HubEvent }) {
  const flyers = useEventFlyers(event.id);
  const [params, setParams] = useSearchParams();
  const editing = params.get(EDIT_PARAM);
  // The designer keeps its state when a new flyer's first save moves the address to its id.
  const [session, setSession] = useState(() => editing ?? '');
  // Until the refetched list has it, the flyer just created is known only from the create answer.
  const [created, setCreated] = useState<Flyer | null>(null);

  const open = (target: string) => {
    setSession(`${target}:${Date.now()}`);
    setParams({ [EDIT_PARAM]: target });
  };
  const close = () => setParams({});

  const show = (list: Flyer[]) => {
    if (editing) {
      const flyer = editing === 'new' ? undefined : (list.find((f) => f.id === editing) ?? (created?.id === editing ? created : undefined));
      if (editing !== 'new' && !flyer) return <NotFoundPanel title="Flyer not found" message="This flyer does not exist or was deleted." />;
      return (
        <FlyerDesigner
          key={session}
          eventId={event.id}
          flyer={flyer}
          onCreated={(made) => {
            setCreated(made);
            setParams({ [EDIT_PARAM]: made.id }, { replace: true });
          }}
          onClose={close}
          templateEvent={event}
        />
      );
    }
    return (
      <Stack gap="md">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')} w="fit-content" data-testid="new-flyer">
          New flyer
        </Button>
        {list.length ? (
          <FlyerList eventId={event.id} flyers={list} onEdit={(f) => open(f.id)} />
        ) : (
          <Text c="dimmed">No flyers yet. Design one, then launch it into the event's buzz.</Text>
        )}
      </Stack>
    );
  };

  return (
    <QueryState query={flyers} loading={<PageLoader label="Loading the flyers" />} errorTitle="The flyers could not be loaded">
      {show}
    </QueryState>
  );
}

export default function EventFlyersRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Flyers" size="lg">
      <EventOwnerGate id={id} notYours="Only the host of this event and its co-hosts can design its flyers.">
        {(event) => (
          <Stack gap="md">
            <Text c="dimmed">
              For{' '}
              <Text component={Link} to={`/event/${event.id}`} inherit c="var(--mantine-color-anchor)" td="underline">
                {event.name}
              </Text>
            </Text>
            <FlyersContent event={event} />
          </Stack>
        )}
      </EventOwnerGate>
    </Page>
  );
}
