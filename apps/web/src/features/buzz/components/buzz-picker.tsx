import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EventStatus, type EventList } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';

type ListedEvent = EventList['events'][number];
type EventListQuery = UseQueryResult<EventList>;

/** Live (Started) first, then by start date. */
function liveFirst(events: ListedEvent[]): ListedEvent[] {
  return [...events].sort((a, b) => {
    const live = Number(b.status === EventStatus.Started) - Number(a.status === EventStatus.Started);
    return live || Date.parse(a.startDate) - Date.parse(b.startDate);
  });
}

function EventRows({ title, query, empty, testId }: { title: string; query: EventListQuery; empty: string; testId: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      <QueryState
        query={query}
        loading={<Skeleton height={56} radius="md" />}
        errorTitle={`${title} could not be loaded`}
        isEmpty={(data) => data.events.length === 0}
        empty={
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        }
      >
        {(data) => (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {liveFirst(data.events).map((event) => (
              <li key={event.id}>
                <Paper component={Link} to={`/buzz/${event.id}`} withBorder radius="md" p="sm" display="block" style={{ textDecoration: 'none', color: 'inherit' }} data-testid="buzz-pick">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {event.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {new Date(event.startDate).toLocaleString()} · {event.host.name}
                      </Text>
                    </Stack>
                    {event.status === EventStatus.Started && (
                      <Badge color="red" variant="filled">
                        Live
                      </Badge>
                    )}
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/**
 * /buzz without an id: the user's own and followed events to open the buzz of. The lists belong
 * to the events feature, so the page fetches them and hands them in.
 */
export function BuzzPicker({ mine, following }: { mine: EventListQuery; following: EventListQuery }) {
  return (
    <Stack gap="xl">
      <EventRows title="Your events" query={mine} empty="You have no events yet." testId="buzz-mine" />
      <EventRows title="Events you follow" query={following} empty="You are not following any events." testId="buzz-following" />
    </Stack>
  );
}
