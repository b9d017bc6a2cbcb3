import { useEffect, useState, type ReactNode } from 'react';
import { Anchor, AspectRatio, Badge, Center, Group, Image, Paper, Stack, Text, Title, type MantineColor } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EVENT_PHASE_LABELS, eventPhase, eventTimes, type EventPhase, type EventSummary } from '@hubbub/contract';

const PHASE_COLORS: Record<EventPhase, MantineColor> = { upcoming: 'blue', happening: 'green', live: 'red', ended: 'gray', canceled: 'red' };

/** "Now", moved on every minute, so a phase read from the dates turns over while the page stays open. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface EventSummaryCardProps {
  event: EventSummary;
  /** Where the name leads: the full page (`/event/{id}`) for a signed-in person, the public one (`/e/{slug}`) for a visitor. */
  href: string;
  /** A page the server renders rather than the web app (the public event page): a plain link that loads it. */
  external?: boolean;
  headingOrder?: 2 | 3 | 4;
  /** Badges after the phase, e.g. "You host". */
  badges?: ReactNode;
  /** Buttons at the end of the card, e.g. "Watch live". */
  actions?: ReactNode;
  /** Fixed by tests; the page's clock otherwise. */
  now?: Date;
}

function place(event: EventSummary): string {
  const area = event.area;
  const where = area ? [area.city, area.state].filter(Boolean).join(', ') || area.name : '';
  return [event.venue, where].filter(Boolean).join(' · ');
}

/**
 * One event in a list (the home, a person's page): picture, name, what it is now in plain words,
 * when in the event's time and the reader's, where, and who hosts it.
 */
export function EventSummaryCard({ event, href, external = false, headingOrder = 3, badges, actions, now: fixedNow }: EventSummaryCardProps) {
  const clock = useMinute();
  const now = fixedNow ?? clock;
  const phase = eventPhase(event, now);
  const times = eventTimes(event, { now });
  const where = place(event);

  return (
    <Paper withBorder radius="md" p="sm" data-testid="event-summary-card" data-event-id={event.id} data-phase={phase}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <AspectRatio ratio={16 / 9} w={{ base: 88, xs: 112 }} style={{ flexShrink: 0 }}>
          {event.thumbnailPath ? (
            <Image src={event.thumbnailPath} alt="" radius="sm" fit="cover" loading="lazy" />
          ) : (
            <Center bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <IconCalendarEvent size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            </Center>
          )}
        </AspectRatio>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={headingOrder} fz="sm" lh={1.3}>
            {external ? (
              <Anchor href={href} inherit lineClamp={2}>
                {event.name}
              </Anchor>
            ) : (
              <Anchor component={Link} to={href} inherit lineClamp={2}>
                {event.name}
              </Anchor>
            )}
          </Title>
          {(phase !== 'upcoming' || badges) && (
            <Group gap={4}>
              {phase !== 'upcoming' && (
                <Badge size="sm" color={PHASE_COLORS[phase]} variant={phase === 'live' ? 'filled' : 'light'} tt="none" data-testid="event-phase">
                  {EVENT_PHASE_LABELS[phase]}
                </Badge>
              )}
              {badges}
            </Group>
          )}
          <Text size="xs">{times.local}</Text>
          {times.viewer && (
            <Text size="xs" c="dimmed">
              Your time: {times.viewer}
            </Text>
          )}
          {where && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {where}
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
