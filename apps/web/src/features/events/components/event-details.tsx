import { type ReactNode } from 'react';
import { Anchor, AspectRatio, Badge, Box, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconMapPin, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { eventTimes, formatDate, timeZoneLabel, type HubEvent } from '@hubbub/contract';
import { OriginLink } from '@/components/origin-link';
import { useNow } from '@/lib/dates/use-now';
import { eventPlace } from '@/lib/format';
import { EventLinkButtons } from './event-link-buttons';
import { EventPhaseBadge } from './status-badge';

interface EventDetailsProps {
  event: HubEvent;
  /** The small map; it belongs to the map feature, so the page hands it in. */
  map: ReactNode;
  /** Edit and Delete, for the owner only. */
  ownerActions?: ReactNode;
  /** Saying Going (or, for the host, who is coming): the going feature's, handed in by the page. */
  going?: ReactNode;
  /** Fixed by tests; the page's clock otherwise. */
  now?: Date;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box c="dimmed" mt={2} aria-hidden>
        {icon}
      </Box>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/** The event page body. The description is plain text: line breaks kept, nothing interpreted. */
export function EventDetails({ event, map, ownerActions, going, now: fixedNow }: EventDetailsProps) {
  const clock = useNow();
  const now = fixedNow ?? clock;
  const times = eventTimes(event, { now });
  const place = eventPlace(event.venue, event.area, { fullState: true });
  const unpublished = event.publishOnDate !== null && Date.parse(event.publishOnDate) > now.getTime();

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="xs">
          <EventPhaseBadge event={event} now={now} size="lg" data-testid="event-status" />
          {unpublished && (
            <Badge color="yellow" variant="light" size="lg" tt="none">
              Publishes {formatDate(event.publishOnDate!, { timeZone: event.timeZone, now })}
            </Badge>
          )}
          {event.visibility !== 'public' && (
            <Badge color="grape" variant="light" size="lg" tt="none" data-testid="event-visibility">
              {event.visibility === 'invite' ? 'Invite only' : 'Unlisted'}
            </Badge>
          )}
        </Group>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {event.name}
          </Title>
          {ownerActions}
        </Group>
      </Stack>

      {event.thumbnailPath && (
        <AspectRatio ratio={16 / 9} maw={720}>
          <Image src={event.thumbnailPath} alt="" radius="md" fit="cover" />
        </AspectRatio>
      )}

      <EventLinkButtons event={event} />
      {going}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="md">
          <Fact icon={<IconCalendarTime size={20} />} label="When">
            <Text size="sm">{times.local}</Text>
            <Text size="xs" c="dimmed">
              {timeZoneLabel(event.timeZone)}
            </Text>
            {times.viewer && (
              <Text size="sm" c="dimmed">
                Your time: {times.viewer}
              </Text>
            )}
          </Fact>
          <Fact icon={<IconMapPin size={20} />} label="Where">
            <Text size="sm">{place || 'No place given'}</Text>
          </Fact>
          <Fact icon={<IconUser size={20} />} label="Host">
            <Anchor component={Link} to={`/person/${event.host.id}`} size="sm" data-testid="event-host">
              {event.host.name}
            </Anchor>
            {event.origin && (
              <Text size="xs" c="dimmed">
                on{' '}
                <OriginLink origin={event.origin} testId="event-origin" />
              </Text>
            )}
          </Fact>
          {event.tags.length > 0 && (
            <Group gap={6} aria-label="Tags" role="list">
              {event.tags.map((tag) => (
                <Badge key={tag.id} variant="outline" role="listitem">
                  {tag.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        {event.area && <Box>{map}</Box>}
      </SimpleGrid>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="event-about">
        <Title order={2} fz="lg" id="event-about" mb="xs">
          About
        </Title>
        {event.contentJson?.trim() ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="event-description">
            {event.contentJson}
          </Text>
        ) : (
          <Text c="dimmed">The host has not written a description.</Text>
        )}
      </Paper>
    </Stack>
  );
}
