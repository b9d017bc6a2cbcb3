import { type ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, Title, type PaperProps } from '@mantine/core';
import { Link } from 'react-router';
import { eventTimes, formatDate, type EventSummary } from '@hubbub/contract';
import { useNow } from '../use-now';
import { eventPlace } from './event-place';
import { EventThumbnail } from './event-thumbnail';
import { EventPhaseBadge } from './status-badge';

export interface EventCardProps extends Omit<PaperProps, 'children'> {
  event: EventSummary;
  /** Buttons at the end of the card, e.g. Unfollow or Edit. */
  actions?: ReactNode;
  headingOrder?: 2 | 3 | 4;
  /** Marks events whose publish date is still ahead, for the owner's own list. */
  showPublishState?: boolean;
  /** Fixed by tests; the page's clock otherwise. */
  now?: Date;
}

/** One event in a list: picture, name, dates (theirs and yours), place and host. */
export function EventCard({ event, actions, headingOrder = 3, showPublishState = false, now: fixedNow, ...paper }: EventCardProps) {
  const clock = useNow();
  const now = fixedNow ?? clock;
  const times = eventTimes(event, { now });
  const place = eventPlace(event.venue, event.area);
  const unpublished = showPublishState && event.publishOnDate !== null && Date.parse(event.publishOnDate) > now.getTime();

  return (
    <Paper withBorder radius="md" p="sm" data-testid="event-card" data-event-id={event.id} {...paper}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <EventThumbnail path={event.thumbnailPath} width={{ base: 88, xs: 112 }} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={headingOrder} fz="sm" lh={1.3}>
            <Anchor component={Link} to={`/event/${event.id}`} inherit lineClamp={2} data-testid="event-card-link">
              {event.name}
            </Anchor>
          </Title>
          <Group gap={4}>
            <EventPhaseBadge event={event} now={now} size="sm" data-testid="event-card-phase" />
            {unpublished && (
              <Badge size="sm" color="yellow" variant="light" tt="none">
                Publishes {formatDate(event.publishOnDate!, { timeZone: event.timeZone, now })}
              </Badge>
            )}
          </Group>
          <Text size="xs">{times.local}</Text>
          {times.viewer && (
            <Text size="xs" c="dimmed">
              Your time: {times.viewer}
            </Text>
          )}
          {place && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {place}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            by{' '}
            <Anchor component={Link} to={`/person/${event.host.id}`} inherit>
              {event.host.name}
            </Anchor>
          </Text>
        </Stack>
      </Group>
      {actions && (
        <Group justify="flex-end" gap="xs" mt="xs">
          {actions}
        </Group>
      )}
    </Paper>
  );
}
