import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconEdit, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { planFromClaims, type AccountUsage } from '@hubbub/contract';
import { useSessionUser } from '@/lib/session';
import { EmptyState } from '@/components/empty-state';
import { PlanBadge } from '@/components/plan-badge';
import { QueryState } from '@/components/query-state';
import { useMyEvents } from '../api/my-events';
import { EventCard } from '@/components/event-card';

type EventUsage = Pick<AccountUsage, 'eventCount' | 'eventCapacity'>;

export function eventsAtCapacity(usage: EventUsage | null | undefined): boolean {
  return Boolean(usage && usage.eventCount >= usage.eventCapacity);
}

/** Disabled at the plan's capacity, pointing at the note that says why. */
export function NewEventButton({ atCapacity }: { atCapacity: boolean }) {
  return atCapacity ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} disabled aria-describedby="capacity-note">
      New event
    </Button>
  ) : (
    <Button component={Link} to="/events/new" leftSection={<IconPlus size={16} aria-hidden />}>
      New event
    </Button>
  );
}

interface MyEventsPanelProps {
  /** The account's usage (the account feature's); undefined while loading, null when unavailable. */
  usage: EventUsage | null | undefined;
  usageLoading: boolean;
}

/** The events the signed-in person hosts, with their plan and how much of it they use. */
export function MyEventsPanel({ usage, usageLoading }: MyEventsPanelProps) {
  const user = useSessionUser();
  const mine = useMyEvents();
  const plan = planFromClaims(user?.claims ?? {});
  const atCapacity = eventsAtCapacity(usage);
  const capacity = usage?.eventCapacity;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" justify="space-between">
          <Group gap="xs">
            <Text size="sm">Your plan:</Text>
            <PlanBadge plan={plan} data-testid="plan-badge" />
          </Group>
          {usageLoading ? (
            <Skeleton height={16} width={140} />
          ) : usage ? (
            <Text size="sm" data-testid="event-usage">
              {usage.eventCount} of {usage.eventCapacity} {usage.eventCapacity === 1 ? 'event' : 'events'} used
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

      <QueryState
        query={mine}
        loading={
          <Stack gap="sm" role="status" aria-label="Loading your events">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={96} radius="md" />
            ))}
          </Stack>
        }
        errorTitle="Your events could not be loaded"
        isEmpty={(data) => data.events.length === 0}
        empty={
          <EmptyState icon={IconCalendarPlus} data-testid="events-empty">
            <Text fw={600}>You have not created any events yet.</Text>
            <Text c="dimmed" size="sm">
              Create one and it will show on the map for everyone once it is published.
            </Text>
            {!atCapacity && (
              <Button component={Link} to="/events/new" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
                Create your first event
              </Button>
            )}
          </EmptyState>
        }
      >
        {(data) => (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="My events">
            {data.events.map((event) => (
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
      </QueryState>
    </Stack>
  );
}
