import { useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { eventPhase, formatRange, type EventList } from '@hubbub/contract';
import { EmptyState } from '@/components/empty-state';
import { PhaseBadge } from '@/components/phase-badge';
import { QueryState } from '@/components/query-state';

type ListedEvent = EventList['events'][number];
type EventListQuery = UseQueryResult<EventList>;

/** Live first, then by start date. */
export function liveFirst(events: ListedEvent[], now: Date): ListedEvent[] {
  const live = (e: ListedEvent) => Number(eventPhase(e, now) === 'live');
  return [...events].sort((a, b) => live(b) - live(a) || Date.parse(a.startDate) - Date.parse(b.startDate));
}

function EventRow({ event, now }: { event: ListedEvent; now: Date }) {
  return (
    <Paper component={Link} to={`/buzz/${event.id}`} withBorder radius="md" p="sm" display="block" style={{ textDecoration: 'none', color: 'inherit' }} data-testid="buzz-pick" data-event-id={event.id}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {event.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {formatRange(event.startDate, event.endDate, { timeZone: event.timeZone, now })} · {event.host.name}
          </Text>
        </Stack>
        <PhaseBadge phase={eventPhase(event, now)} />
      </Group>
    </Paper>
  );
}

function EventRows({ title, query, testId, now, hideWhenEmpty, empty }: { title: string; query: EventListQuery; testId: string; now: Date; hideWhenEmpty: boolean; empty: string }) {
  if (hideWhenEmpty && query.data?.events.length === 0) return null;
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
            {liveFirst(data.events, now).map((event) => (
              <li key={event.id}>
                <EventRow event={event} now={now} />
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

/**
 * /buzz without an id: buzzes live now that the person may watch (theirs, followed and public
 * ones), then their own and followed events. Nothing says "no events" while something is live;
 * with nothing at all, it leads to the search. The lists belong to the events feature, so the page
 * fetches them and hands them in.
 */
export function BuzzPicker({ mine, following, live }: { mine: EventListQuery; following: EventListQuery; live: EventListQuery }) {
  // Rendering stays pure: the phases are read against when the list appeared (the lists refetch).
  const [now] = useState(() => new Date());
  const liveEvents = live.data?.events ?? [];
  const somethingLive = liveEvents.length > 0;
  const nothingAtAll = !somethingLive && mine.data?.events.length === 0 && following.data?.events.length === 0;

  if (nothingAtAll) {
    return (
      <EmptyState icon={IconBroadcast} data-testid="buzz-empty">
        <Text fw={600}>No buzz is live right now.</Text>
        <Text c="dimmed" size="sm" maw={420}>
          Follow events and their buzz shows up here when the host goes live. Or host your own: create an event, design a flyer and go live.
        </Text>
        <Group gap="xs" justify="center">
          <Button component={Link} to="/search" variant="light">
            Find events
          </Button>
          <Button component={Link} to="/events/new" variant="default">
            Create an event
          </Button>
        </Group>
      </EmptyState>
    );
  }

  return (
    <Stack gap="xl">
      {somethingLive && (
        <Stack gap="xs" data-testid="buzz-live-list">
          <Title order={2} fz="lg">
            Live now
          </Title>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {liveEvents.map((event) => (
              <li key={event.id}>
                <EventRow event={event} now={now} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
      <EventRows title="Your events" query={mine} testId="buzz-mine" now={now} hideWhenEmpty={somethingLive} empty="You host no events yet." />
      <EventRows title="Events you follow" query={following} testId="buzz-following" now={now} hideWhenEmpty={somethingLive} empty="You are not following any events." />
    </Stack>
  );
}
