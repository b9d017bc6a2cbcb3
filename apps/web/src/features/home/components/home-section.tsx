import { useId, useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber, type HomeEvent } from '@hubbub/contract';
import { EmptyState } from '@/components/empty-state';
import { EventCard } from '@/components/event-card';

const RELATION_LABELS = { host: 'You host', 'co-host': 'You co-host', 'check-in': 'Door staff', attendee: 'Going', offered: 'Seat offered: confirm it', waitlisted: 'Waitlist', pending: 'Awaiting approval', follower: 'Following' } as const;

/** A way on from an empty section, or past a full one. */
export interface SectionLink {
  label: string;
  to: string;
}

interface HomeSectionProps {
  title: string;
  /** When the section covers, under its title. */
  description?: ReactNode;
  events: HomeEvent[];
  icon: Icon;
  /** What an empty section says, and where it leads. */
  empty: { text: string; links: SectionLink[] };
  /** A link beside the title (more of the same elsewhere). */
  more?: SectionLink;
  /** Buttons on each card (e.g. "Watch live"). */
  actions?: (event: HomeEvent) => ReactNode;
  testId: string;
  now?: Date;
}

function RelationBadges({ event, now }: { event: HomeEvent; now?: Date }) {
  // "Still a draft" is judged against when the card appeared, so rendering stays pure.
  const [shownAt] = useState(() => Date.now());
  if (!event.relation) return null;
  const draft = event.relation === 'host' && event.publishOnDate !== null && Date.parse(event.publishOnDate) > (now?.getTime() ?? shownAt);
  return (
    <>
      <Badge size="sm" variant={event.relation === 'offered' ? 'filled' : 'outline'} color={event.relation === 'offered' ? 'teal' : 'grape'} tt="none" data-testid="home-relation">
        {event.relation === 'waitlisted' && event.waitlistPlace ? `Waitlist #${formatNumber(event.waitlistPlace)}` : RELATION_LABELS[event.relation]}
      </Badge>
      {draft && (
        <Badge size="sm" variant="light" color="yellow" tt="none">
          Draft
        </Badge>
      )}
      {/* Nobody going yet: nothing to check in, so nothing to say. */}
      {event.door && event.door.going > 0 && (
        <Badge
          component={Link}
          to={`/event/${event.id}/check-in`}
          size="sm"
          variant="light"
          color={event.door.checkedIn >= event.door.going ? 'green' : 'blue'}
          tt="none"
          style={{ cursor: 'pointer' }}
          data-testid="home-door"
        >
          {formatNumber(event.door.checkedIn)} of {formatNumber(event.door.going)} checked in
        </Badge>
      )}
    </>
  );
}

/** One section of the home: a heading, the events as cards, or an empty state that leads somewhere. */
export function HomeSection({ title, description, events, icon, empty, more, actions, testId, now }: HomeSectionProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {more && events.length > 0 && (
          <Anchor component={Link} to={more.to} size="sm">
            {more.label}
          </Anchor>
        )}
      </Group>
      {events.length ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} badges={<RelationBadges event={event} now={now} />} actions={actions?.(event)} now={now} />
            </li>
          ))}
        </SimpleGrid>
      ) : (
        <EmptyState icon={icon} small p="lg" data-testid={`${testId}-empty`}>
          <Text size="sm">{empty.text}</Text>
          <Group gap="xs" justify="center">
            {empty.links.map((link, i) => (
              <Button key={link.to} component={Link} to={link.to} size="xs" variant={i === 0 ? 'light' : 'default'}>
                {link.label}
              </Button>
            ))}
          </Group>
        </EmptyState>
      )}
    </Stack>
  );
}
