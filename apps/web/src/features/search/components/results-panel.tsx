import type { FocusEvent, MouseEvent, ReactNode } from 'react';
import { Button, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { formatNumber, type EventSummary } from '@hubbub/contract';
import { ErrorPanel } from '@/components/error-panel';

interface ResultsPanelProps {
  events: EventSummary[] | undefined;
  totalCount: number | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  renderEvent: (event: EventSummary) => ReactNode;
  /** The event under the pointer or keyboard focus, so the map can mark it. */
  onHover: (event: EventSummary | null) => void;
  onSelect: (event: EventSummary) => void;
  /** Shown in the empty state when text, a category or "live now" narrows the search. */
  onClearFilters?: () => void;
  /**
   * Names the search the events answer. A new search's list is drawn afresh rather than by moving
   * the cards it shares with the last one: moved cards are layout shifts, new ones are not.
   */
  listKey?: string;
  /** "Live now" is on: an empty list then means nothing in view is live. */
  liveOnly?: boolean;
}

/** Clicks on links and buttons inside a card do their own thing; elsewhere the card selects. */
function isControl(target: EventTarget | null): boolean {
  return target instanceof Element && Boolean(target.closest('a, button, input, [role="button"]'));
}

/** The list of what is in view, with its loading, empty and error states. */
export function ResultsPanel(props: ResultsPanelProps) {
  const { events, totalCount, isPending, error, onRetry, hasMore, loadingMore, onLoadMore, renderEvent, onHover, onSelect, onClearFilters, listKey, liveOnly = false } = props;

  if (error && !events) {
    return (
      <Stack p="sm">
        <ErrorPanel error={error} title="Events could not be loaded" onRetry={onRetry} />
      </Stack>
    );
  }

  if (isPending && !events) {
    return (
      <Stack p="sm" gap="sm" role="status" aria-label="Loading events">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={96} radius="md" />
        ))}
      </Stack>
    );
  }

  if (!events?.length) {
    return (
      <Center p="lg" data-testid="results-empty">
        <Stack align="center" gap="xs" ta="center" maw={300}>
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconMapSearch size={26} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{liveOnly ? 'Nothing here is live right now' : 'No events here on these dates'}</Text>
          <Text size="sm" c="dimmed">
            {liveOnly ? 'Zoom out, move the map, or turn off “Live now” to see what is coming.' : 'Zoom out, move the map or choose more days.'}
          </Text>
          {onClearFilters && (
            <Button size="xs" variant="light" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </Stack>
      </Center>
    );
  }

  return (
    <Stack gap="sm" p="sm">
      <Stack
        key={listKey}
        component="ul"
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label="Events in view"
        onMouseLeave={() => onHover(null)}
        onBlur={(event: FocusEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHover(null);
        }}
      >
        {events.map((event) => (
          <li
            key={event.id}
            onMouseEnter={() => onHover(event)}
            onFocus={() => onHover(event)}
            onClick={(click: MouseEvent<HTMLLIElement>) => {
              if (!isControl(click.target)) onSelect(event);
            }}
            style={{ cursor: 'pointer' }}
          >
            {renderEvent(event)}
          </li>
        ))}
      </Stack>
      {error ? <ErrorPanel error={error} title="More events could not be loaded" onRetry={onRetry} /> : null}
      {hasMore && (
        <Button variant="default" onClick={onLoadMore} loading={loadingMore} data-testid="load-more">
          Load more ({formatNumber(events.length)} of {formatNumber(totalCount ?? events.length)})
        </Button>
      )}
    </Stack>
  );
}
