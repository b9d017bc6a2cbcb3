import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, Title, type PaperProps } from '@mantine/core';
import { Link } from 'react-router';
import { EventStatus, type EventSummary } from '@hubbub/contract';
import { eventTimes, formatDay, viewerTimeZone } from '../event-dates';
import { eventPlace } from './event-place';
import { EventThumbnail } from './event-thumbnail';
import { StatusBadge } from './status-badge';

export interface EventCardProps extends Omit<PaperProps, 'children'> {
  event: EventSummary;
  /** Buttons at the end of the card, e.g. Unfollow or Edit. */
  actions?: ReactNode;
  headingOrder?: 2 | 3 | 4;
  /** Marks events whose publish date is still ahead, for the owner's own list. */
  showPublishState?: boolean;
}

/** One event in a list: picture, name, dates (theirs and yours), place and host. */
export function EventCard({ event, actions, headingOrder = 3, showPublishState = false, ...paper }: EventCardProps) {
  const times = eventTimes(event, viewerTimeZone());
  const place = eventPlace(event.venue, event.area);
  // Rendering stays pure: "still ahead" is judged against when the card appeared.
  const [now] = useState(Date.now);
  const unpublished = showPublishState && event.publishOnDate !== null && Date.parse(event.publishOnDate) > now;

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
          {(event.status !== EventStatus.Created || unpublished) && (
            <Group gap={4}>
              {event.status !== EventStatus.Created && <StatusBadge status={event.status} size="xs" />}
              {unpublished && (
                <Badge size="xs" color="yellow" variant="light">
                  Publishes {formatDay(event.publishOnDate!, event.timeZone)}
                </Badge>
              )}
            </Group>
          )}
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
