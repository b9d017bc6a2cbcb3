import { useParams } from 'react-router';
import { Container, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Page } from '@/components/page';
import { ErrorPanel } from '@/components/error-panel';
import { useEvent } from '@/features/events/api/get-event';
import { useFollowingEvents } from '@/features/events/api/following-events';
import { useMyEvents } from '@/features/events/api/my-events';
import { BuzzLive } from '@/features/buzz/components/buzz-live';
import { BuzzPicker } from '@/features/buzz/components/buzz-picker';
import { ReportButton } from '@/features/moderation/components/report-button';

function BuzzEvent({ id }: { id: string }) {
  const event = useEvent(id);
  useDocumentTitle(`${event.data?.name ?? 'Buzz'} · Hubbub`);
  return (
    <Container size="lg" py="lg">
      {event.isPending ? (
        <Stack>
          <Skeleton height={40} width="50%" />
          <Skeleton height={280} />
        </Stack>
      ) : event.isError ? (
        <ErrorPanel error={event.error} title="This event could not be loaded" onRetry={() => void event.refetch()} />
      ) : (
        <BuzzLive event={event.data} flyerAction={(flyer) => <ReportButton targetType="flyer" targetId={flyer.id} iconOnly />} />
      )}
    </Container>
  );
}

/** Spec 2 `/buzz/{id?}`: the live view of an event, or a list of events to pick from. */
export default function BuzzRoute() {
  const { id } = useParams();
  if (id) return <BuzzEvent key={id} id={id} />;
  return <BuzzPick />;
}

function BuzzPick() {
  const mine = useMyEvents();
  const following = useFollowingEvents();
  return (
    <Page title="Buzz" description="Pick an event to watch live. Live events come first.">
      <BuzzPicker mine={mine} following={following} />
    </Page>
  );
}
