import type { ReactNode } from 'react';
import { Button, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { formatNumber, type EventSummary } from '@hubbub/contract';
import { useSpotEvents } from '../api/search-events';
import type { SearchBox, SearchFilters } from '../search-state';

interface SpotEventsProps {
  filters: SearchFilters;
  box: SearchBox;
  /** The cluster's count, shown while the names load. */
  count: number;
  renderEvent: (event: EventSummary) => ReactNode;
}

/** The events at one spot of the map (same venue or block), where zooming in would not split them. */
export function SpotEvents({ filters, box, count, renderEvent }: SpotEventsProps) {
  const spot = useSpotEvents(filters, box);
  const shown = spot.data?.events.length ?? 0;
  const total = spot.data?.totalCount ?? count;
  return (
    <Stack gap={6} miw={220} data-testid="spot-events">
      <Text fw={600} size="sm">
        {formatNumber(total)} events here
      </Text>
      {spot.isPending && <Loader size="sm" aria-label="Loading the events here" />}
      {spot.isError && (
        <Text size="sm" c="red">
          The events could not be loaded.{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => void spot.refetch()}>
            Try again
          </Button>
        </Text>
      )}
      {spot.data && (
        <ScrollArea.Autosize mah={240}>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {spot.data.events.map((event) => (
              <li key={event.id}>{renderEvent(event)}</li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {total > shown && shown > 0 && (
        <Text size="xs" c="dimmed">
          The first {shown} by date; the list beside the map has them all.
        </Text>
      )}
    </Stack>
  );
}
