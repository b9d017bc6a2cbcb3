import { type ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, Title, type PaperProps } from '@mantine/core';
import { Link } from 'react-router';
import { IconRepeat } from '@tabler/icons-react';
import { eventPhase, eventTimes, formatDate, publicEventPath, seriesRuleWords, type EventSummary } from '@hubbub/contract';
import { useNow } from '@/lib/dates/use-now';
import { eventPlace } from '@/lib/format';
import { EventThumbnail } from './event-thumbnail';
import { OriginLink } from './origin-link';
import { PhaseBadge } from './phase-badge';

export interface EventCardProps extends Omit<PaperProps, 'children'> {
  event: EventSummary;
  /**
   * A visitor's card leads to the event's public page (`/e/{slug}`, which the server renders: a
   * plain link that loads it), since the full page (`/event/{id}`) asks to sign in.
   */
  visitor?: boolean;
  /** Badges after the phase, e.g. "You host". */
  badges?: ReactNode;
  /** Buttons at the end of the card, e.g. Unfollow or "Watch live". */
  actions?: ReactNode;
  headingOrder?: 2 | 3 | 4;
  /** Marks events whose publish date is still ahead, for the owner's own list. */
  showPublishState?: boolean;
  /** Fixed by tests; the page's clock otherwise. */
  now?: Date;
}

/**
 * One event in any list (search, home, following, a person's page): picture, name, what it is now
 * in plain words, when in the event's time and the reader's, where, and who hosts it.
 */
export function EventCard({ event, visitor = false, badges, actions, headingOrder = 3, showPublishState = false, now: fixedNow, ...paper }: EventCardProps) {
  const clock = useNow();
  const now = fixedNow ?? clock;
  const phase = eventPhase(event, now);
  const times = eventTimes(event, { now });
  const place = eventPlace(event.venue, event.area);
  const unpublished = showPublishState && event.publishOnDate !== null && Date.parse(event.publishOnDate) > now.getTime();
  const name = { inherit: true, lineClamp: 2, 'data-testid': 'event-card-link', children: event.name } as const;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="event-card" data-event-id={event.id} data-phase={phase} {...paper}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <EventThumbnail path={event.thumbnailPath} width={{ base: 88, xs: 112 }} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={headingOrder} fz="sm" lh={1.3}>
            {visitor ? <Anchor href={publicEventPath(event.slug)} {...name} /> : <Anchor component={Link} to={`/event/${event.id}`} {...name} />}
          </Title>
          {(phase !== 'upcoming' || unpublished || badges) && (
            <Group gap={4}>
              {/* "Upcoming" goes without saying in a list; every other phase is named. */}
              {phase !== 'upcoming' && <PhaseBadge phase={phase} size="sm" data-testid="event-card-phase" />}
              {unpublished && (
                <Badge size="sm" color="yellow" variant="light" tt="none">
                  Publishes {formatDate(event.publishOnDate!, { timeZone: event.timeZone, now })}
                </Badge>
              )}
              {badges}
            </Group>
          )}
          <Text size="xs">{times.local}</Text>
          {event.series && (
            // A series shows once in a list, at its next date: the rule says when the others are.
            <Group gap={4} wrap="nowrap" data-testid="event-card-series">
              <IconRepeat size={14} aria-hidden style={{ flex: 'none' }} />
              <Text size="xs">{seriesRuleWords(event.series.rule, event.timeZone)}</Text>
            </Group>
          )}
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
            {event.origin && (
              // Another server's event: where it comes from, and the way there (people say Going there).
              <>
                {' on '}
                <OriginLink origin={event.origin} testId="event-card-origin" />
              </>
            )}
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
