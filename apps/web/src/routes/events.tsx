import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarPlus, IconEdit, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { planFromClaims } from '@hubbub/contract';
import { useSessionUser } from '@/lib/session';
import { ErrorPanel } from '@/components/error-panel';
import { Page } from '@/components/page';
import { PlanBadge } from '@/components/plan-badge';
import { useUsage } from '@/features/account/api/get-usage';
import { useMyEvents } from '@/features/events/api/my-events';
import { EventCard } from '@/features/events/components/event-card';

export default function EventsRoute() {
  const user = useSessionUser();
  const usage = useUsage(Boolean(user));
  const mine = useMyEvents();
  const plan = planFromClaims(user?.claims ?? {});
  const capacity = usage.data?.eventCapacity;
  const count = usage.data?.eventCount;
  const atCapacity = capacity !== undefined && count !== undefined && count >= capacity;

  return (
    <Page
      title="My events"
      description="Events you host, drafts included, soonest first."
      actions={
        atCapacity ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} disabled aria-describedby="capacity-note">
            New event
          </Button>
        ) : (
          <Button component={Link} to="/events/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New event
          </Button>
        )
      }
    >
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" justify="space-between">
          <Group gap="xs">
            <Text size="sm">Your plan:</Text>
            <PlanBadge plan={plan} data-testid="plan-badge" />
          </Group>
          {usage.isPending ? (
            <Skeleton height={16} width={140} />
          ) : usage.data ? (
            <Text size="sm" data-testid="event-usage">
              {usage.data.eventCount} of {usage.data.eventCapacity} {usage.data.eventCapacity === 1 ? 'event' : 'events'} used
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Usage is not available right now.
            </Text>
          )}
        </Group>
        {atCapacity && (
          <Alert color="orange" variant="light" mt="sm" id="capacity-note" data-testid="capacity-note">
            You have used all {capacity} {capacity === 1 ? 'event' : 'events'} your {plan} plan allows, so you cannot create another. Delete an event you no longer need, or{' '}
            <Anchor component={Link} to="/account/subscription" inherit>
              see the plans
            </Anchor>
            .
          </Alert>
        )}
      </Paper>

      {mine.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading your events">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : mine.isError ? (
        <ErrorPanel error={mine.error} title="Your events could not be loaded" onRetry={() => void mine.refetch()} />
      ) : mine.data.events.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="events-empty">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconCalendarPlus size={30} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>You have not created any events yet.</Text>
            <Text c="dimmed" size="sm">
              Create one and it will show on the map for everyone once it is published.
            </Text>
            {!atCapacity && (
              <Button component={Link} to="/events/new" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
                Create your first event
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="My events">
          {mine.data.events.map((event) => (
            <li key={event.id}>
              <EventCard
                event={event}
                headingOrder={2}
                showPublishState
                actions={
                  <Button component={Link} to={`/event/${event.id}/edit`} size="xs" variant="default" leftSection={<IconEdit size={14} aria-hidden />} aria-label={`Edit ${event.name}`}>
                    Edit
                  </Button>
                }
              />
            </li>
          ))}
        </Stack>
      )}
    </Page>
  );
}
