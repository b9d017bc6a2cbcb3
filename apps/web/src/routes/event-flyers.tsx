import { useState } from 'react';
import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { IdSchema, type Flyer, type HubEvent } from '@hubbub/contract';
import { hasCode } from '@/lib/api';
import { isOwner, useSessionUser } from '@/lib/session';
import { ErrorPanel } from '@/components/error-panel';
import { NotFoundPanel } from '@/components/not-found-panel';
import { Page } from '@/components/page';
import { PageLoader } from '@/components/page-loader';
import { useEvent } from '@/features/events/api/get-event';
import { useEventFlyers } from '@/lib/queries/event-flyers';
import { FlyerDesigner } from '@/features/flyers/components/flyer-designer';
import { FlyerList } from '@/features/flyers/components/flyer-list';

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

  if (flyers.isPending) return <PageLoader label="Loading the flyers" />;
  if (flyers.isError) return <ErrorPanel error={flyers.error} title="The flyers could not be loaded" onRetry={() => void flyers.refetch()} />;

  if (editing) {
    const flyer = editing === 'new' ? undefined : (flyers.data.find((f) => f.id === editing) ?? (created?.id === editing ? created : undefined));
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
      />
    );
  }

  return (
    <Stack gap="md">
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')} w="fit-content" data-testid="new-flyer">
        New flyer
      </Button>
      {flyers.data.length ? (
        <FlyerList eventId={event.id} flyers={flyers.data} onEdit={(f) => open(f.id)} />
      ) : (
        <Text c="dimmed">No flyers yet. Design one, then launch it into the event's buzz.</Text>
      )}
    </Stack>
  );
}

function EventFlyers({ id }: { id: string }) {
  const user = useSessionUser();
  const event = useEvent(id);

  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.isError) {
    if (hasCode(event.error, 'not_found')) {
      return <NotFoundPanel title="Event not found" message="This event does not exist or was deleted." />;
    }
    return <ErrorPanel error={event.error} title="The event could not be loaded" onRetry={() => void event.refetch()} />;
  }
  if (!isOwner(user?.id, event.data.userId)) {
    return (
      <Paper withBorder p="xl" radius="lg">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconLock size={30} aria-hidden />
          </ThemeIcon>
          <Text>Only the host of this event can design its flyers.</Text>
          <Button component={Link} to={`/event/${id}`} variant="light">
            Back to the event
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <Text c="dimmed">
        For{' '}
        <Text component={Link} to={`/event/${id}`} inherit c="var(--mantine-color-anchor)" td="underline">
          {event.data.name}
        </Text>
      </Text>
      <FlyersContent event={event.data} />
    </Stack>
  );
}

export default function EventFlyersRoute() {
  const { id = '' } = useParams();
  const valid = IdSchema.safeParse(id).success;
  return (
    <Page title="Flyers" size="lg">
      {valid ? <EventFlyers key={id} id={id} /> : <NotFoundPanel title="Event not found" message="This link does not point to an event." />}
    </Page>
  );
}
