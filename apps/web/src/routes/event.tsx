import { Button, Container, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconEdit, IconPhotoHeart, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { IdSchema, type HubEvent } from '@hubbub/contract';
import { isApiError } from '@/lib/api';
import { useSessionUser } from '@/lib/session';
import { confirm, notify, notifyProblem } from '@/lib/ui';
import { ErrorPanel } from '@/components/error-panel';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { useEvent } from '@/features/events/api/get-event';
import { useDeleteEvent } from '@/features/events/api/save-event';
import { EventDetails } from '@/features/events/components/event-details';
import { isOwner } from '@/features/events/is-owner';
import { PinMap } from '@/features/map/components/lazy-maps';

function OwnerActions({ event }: { event: HubEvent }) {
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  return (
    <Group gap="xs">
      <Button component={Link} to={`/event/${event.id}/edit`} variant="default" leftSection={<IconEdit size={16} aria-hidden />} data-testid="edit-event">
        Edit
      </Button>
      <Button component={Link} to={`/event/${event.id}/flyers`} variant="default" leftSection={<IconPhotoHeart size={16} aria-hidden />} data-testid="event-flyers">
        Flyers
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={remove.isPending}
        data-testid="delete-event"
        onClick={async () => {
          const sure = await confirm({
            title: 'Delete this event?',
            message: `“${event.name}” will be removed for everyone, with its followers and links. This cannot be undone.`,
            confirmLabel: 'Delete event',
            danger: true,
          });
          if (!sure) return;
          try {
            await remove.mutateAsync(event.id);
            notify.success(`“${event.name}” is deleted.`);
            navigate('/events', { replace: true });
          } catch (error) {
            notifyProblem(error, 'The event could not be deleted');
          }
        }}
      >
        Delete
      </Button>
    </Group>
  );
}

function EventContent({ id }: { id: string }) {
  const user = useSessionUser();
  const event = useEvent(id);
  useDocumentTitle(event.data ? `${event.data.name} · Hubbub` : 'Event · Hubbub');

  if (event.isPending) return <PageLoader label="Loading the event" />;
  if (event.isError) {
    if (isApiError(event.error) && event.error.status === 404) {
      return <NotFoundPanel title="Event not found" message="This event does not exist, was deleted, or is not published yet." />;
    }
    return <ErrorPanel error={event.error} title="The event could not be loaded" onRetry={() => void event.refetch()} />;
  }
  const data = event.data;
  return (
    <EventDetails
      event={data}
      ownerActions={isOwner(user?.id, data.userId) ? <OwnerActions event={data} /> : undefined}
      map={
        data.area && (
          <PinMap
            latitude={data.area.latitude}
            longitude={data.area.longitude}
            zoom={Math.min(data.area.zoom, 13)}
            label={`Map showing where “${data.name}” takes place`}
          />
        )
      }
    />
  );
}

export default function EventRoute() {
  const { id = '' } = useParams();
  const valid = IdSchema.safeParse(id).success;
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {valid ? <EventContent key={id} id={id} /> : <NotFoundPanel title="Event not found" message="This link does not point to an event." />}
        <Group>
          <Button component={Link} to="/search" variant="subtle" w="fit-content">
            Back to the map
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
