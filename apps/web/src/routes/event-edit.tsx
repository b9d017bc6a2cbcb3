import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { IdSchema } from '@hubbub/contract';
import { hasCode } from '@/lib/api';
import { isOwner, useSessionUser } from '@/lib/session';
import { ErrorPanel } from '@/components/error-panel';
import { NotFoundPanel } from '@/components/not-found-panel';
import { Page } from '@/components/page';
import { PageLoader } from '@/components/page-loader';
import { useEvent } from '@/features/events/api/get-event';
import { EventForm } from '@/features/events/components/event-form';
import { PlaceField } from '@/features/map/components/place-field';

function EditContent({ id }: { id: string }) {
  const navigate = useNavigate();
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
          <Text>Only the host of this event can edit it.</Text>
          <Button component={Link} to={`/event/${id}`} variant="light">
            Back to the event
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <EventForm
      key={event.data.id}
      event={event.data}
      renderPlace={(field) => <PlaceField {...field} required />}
      onSaved={(saved) => navigate(`/event/${saved.id}`)}
      onCancel={() => navigate(`/event/${id}`)}
    />
  );
}

export default function EventEditRoute() {
  const { id = '' } = useParams();
  const valid = IdSchema.safeParse(id).success;
  return (
    <Page title="Edit event">
      {valid ? <EditContent key={id} id={id} /> : <NotFoundPanel title="Event not found" message="This link does not point to an event." />}
    </Page>
  );
}
