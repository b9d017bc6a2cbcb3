import { Link, useParams } from 'react-router';
import { Anchor, Container, Group, Skeleton, Stack, Text } from '@mantine/core';
import { EventStatus } from '@hubbub/contract';
import { useDocumentTitle } from '@mantine/hooks';
import { LiveDot } from '@/components/phase-badge';
import { Page } from '@/components/page';
import { QueryState } from '@/components/query-state';
import { useEvent } from '@/features/events/api/get-event';
import { useFollowingEvents } from '@/features/events/api/following-events';
import { useLiveEvents } from '@/features/events/api/live-events';
import { useMyEvents } from '@/features/events/api/my-events';
import { BuzzLive } from '@/features/buzz/components/buzz-live';
import { BuzzPicker } from '@/features/buzz/components/buzz-picker';
import { BuzzChat } from '@/features/chats/components/buzz-chat';
import { LineUp } from '@/features/attractions/components/line-up';
import { useNow } from '@/lib/dates/use-now';
import { ReportButton } from '@/features/moderation/components/report-button';

/** One event's live view with its chat, and the report buttons for viewers. */
function LiveEvent({ id }: { id: string }) {
  const event = useEvent(id);
  const now = useNow();
  return (
    <QueryState
      query={event}
      loading={
        <Stack>
          <Skeleton height={40} width="50%" />
          <Skeleton height={280} />
        </Stack>
      }
      errorTitle="This event could not be loaded"
    >
      {(data) => (
        <BuzzLive
          event={data}
          flyerAction={(flyer) => <ReportButton targetType="flyer" targetId={flyer.id} iconOnly />}
          chat={<BuzzChat eventId={data.id} hostId={data.userId} reportAction={(message) => <ReportButton targetType="chat" targetId={message.id} iconOnly />} />}
          lineUp={<LineUp attractions={data.attractions} event={data} now={now} bare />}
        />
      )}
    </QueryState>
  );
}

function BuzzEvent({ id }: { id: string }) {
  const event = useEvent(id);
  useDocumentTitle(`${event.data?.name ?? 'Buzz'} · Hubbub`);
  return (
    <Container size="lg" py="lg">
      <LiveEvent id={id} />
    </Container>
  );
}

/** Spec 2 `/buzz/{id?}`: the live view of an event, or a list of events to pick from. */
export default function BuzzRoute() {
  const { id } = useParams();
  if (id) return <BuzzEvent key={id} id={id} />;
  return <BuzzPick />;
}

/**
 * Without an id: a live event plays right here (the user's own first, then one they follow, then a
 * public one), so opening the buzz shows something happening; the lists to pick another follow.
 */
function BuzzPick() {
  const mine = useMyEvents();
  const following = useFollowingEvents();
  const liveNow = useLiveEvents();
  const live = [...(mine.data?.events ?? []), ...(following.data?.events ?? []), ...(liveNow.data?.events ?? [])].find((e) => e.status === EventStatus.Started);
  return (
    <Page size="lg" title="Buzz" description="Watch an event live: flyers appear here the moment its host launches them.">
      {live && (
        <Stack gap="sm" component="section" aria-labelledby="buzz-live-now" data-testid="buzz-live-now">
          <Group gap="xs" justify="space-between">
            <Group gap={8}>
              <LiveDot color="var(--mantine-color-red-filled)" />
              <Text id="buzz-live-now" fw={700} fz="lg">
                Live now
              </Text>
            </Group>
            <Anchor component={Link} to={`/buzz/${live.id}`} size="sm">
              Open this buzz on its own page
            </Anchor>
          </Group>
          <LiveEvent key={live.id} id={live.id} />
        </Stack>
      )}
      <BuzzPicker mine={mine} following={following} live={liveNow} />
    </Page>
  );
}
