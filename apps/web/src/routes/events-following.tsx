import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { notify, notifyProblem } from '@/lib/ui';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { QueryState } from '@/components/query-state';
import { useUnfollowEvent } from '@/features/events/api/event-links';
import { useFollowingEvents } from '@/features/events/api/following-events';
import { EventCard } from '@/components/event-card';

export default function EventsFollowingRoute() {
  const following = useFollowingEvents();
  const unfollow = useUnfollowEvent();

  return (
    <Page title="Following" description="Events you follow, soonest first.">
      <QueryState
        query={following}
        loading={
          <Stack gap="sm" role="status" aria-label="Loading the events you follow">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={96} radius="md" />
            ))}
          </Stack>
        }
        errorTitle="The events you follow could not be loaded"
        isEmpty={(data) => data.events.length === 0}
        empty={
          <EmptyState icon={IconHeart} data-testid="following-empty">
            <Text fw={600}>You are not following any events yet.</Text>
            <Text c="dimmed" size="sm">
              Find events on the map and press Follow to keep them here.
            </Text>
            <Button component={Link} to="/search" variant="light">
              Search events
            </Button>
          </EmptyState>
        }
      >
        {(data) => (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Events you follow">
            {data.events.map((event) => {
              const linkId = event.followLinkId;
              const pending = unfollow.isPending && unfollow.variables?.eventId === event.id;
              return (
                <li key={event.id}>
                  <EventCard
                    event={event}
                    headingOrder={2}
                    actions={
                      linkId && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconHeartOff size={14} aria-hidden />}
                          loading={pending}
                          aria-label={`Unfollow ${event.name}`}
                          data-testid="unfollow-button"
                          onClick={() => void (async () => {
                            try {
                              await unfollow.mutateAsync({ eventId: event.id, linkId });
                              notify.info(`You no longer follow “${event.name}”.`);
                            } catch (error) {
                              notifyProblem(error, 'Could not unfollow');
                            }
                          })()}
                        >
                          Unfollow
                        </Button>
                      )
                    }
                  />
                </li>
              );
            })}
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
