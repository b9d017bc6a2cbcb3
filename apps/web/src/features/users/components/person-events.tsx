import { useState } from 'react';
import { Pagination, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatNumber, type PersonEvents as PersonEventsPage, type PersonEventsWhen } from '@hubbub/contract';
import { ErrorPanel } from '@/components/error-panel';
import { EventCard } from '@/components/event-card';
import { usePersonEvents } from '../api/get-person-events';

interface PersonEventsProps {
  personId: string;
  /** A signed-in reader opens an event's full page; a visitor its public page, which the server renders. */
  signedIn: boolean;
}

const EMPTY: Record<PersonEventsWhen, string> = { upcoming: 'No upcoming events.', past: 'No past events yet.' };

function EventList({ page, when, signedIn, onPage }: { page: PersonEventsPage; when: PersonEventsWhen; signedIn: boolean; onPage: (n: number) => void }) {
  const pages = Math.max(1, Math.ceil(page.totalCount / page.pageSize));
  if (page.totalCount === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        {EMPTY[when]}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {page.events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} visitor={!signedIn} />
          </li>
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination total={pages} value={page.pageNumber} onChange={onPage} size="sm" getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
      )}
    </Stack>
  );
}

/** The person's public events in two lists, upcoming and past, each counted as it lists. */
export function PersonEvents({ personId, signedIn }: PersonEventsProps) {
  const [tab, setTab] = useState<PersonEventsWhen>('upcoming');
  const [pageOf, setPageOf] = useState<Record<PersonEventsWhen, number>>({ upcoming: 1, past: 1 });
  const lists = {
    upcoming: usePersonEvents(personId, 'upcoming', pageOf.upcoming),
    past: usePersonEvents(personId, 'past', pageOf.past),
  };
  const label = (when: PersonEventsWhen, text: string) => {
    const total = lists[when].data?.totalCount;
    return total === undefined ? text : `${text} (${formatNumber(total)})`;
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="person-events-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="person-events-title">
          Events
        </Title>
        <Tabs value={tab} onChange={(value) => setTab(value === 'past' ? 'past' : 'upcoming')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="upcoming" data-testid="person-events-upcoming-tab">
              {label('upcoming', 'Upcoming')}
            </Tabs.Tab>
            <Tabs.Tab value="past" data-testid="person-events-past-tab">
              {label('past', 'Past')}
            </Tabs.Tab>
          </Tabs.List>
          {(['upcoming', 'past'] as const).map((when) => {
            const query = lists[when];
            return (
              <Tabs.Panel key={when} value={when} pt="md" data-testid={`person-events-${when}`}>
                {query.isPending ? (
                  <Stack gap="sm" aria-label="Loading events" role="status">
                    <Skeleton h={72} radius="md" />
                    <Skeleton h={72} radius="md" />
                  </Stack>
                ) : query.isError ? (
                  <ErrorPanel error={query.error} title="Could not load these events" onRetry={() => void query.refetch()} />
                ) : (
                  <EventList page={query.data} when={when} signedIn={signedIn} onPage={(n) => setPageOf((p) => ({ ...p, [when]: n }))} />
                )}
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </Paper>
  );
}
