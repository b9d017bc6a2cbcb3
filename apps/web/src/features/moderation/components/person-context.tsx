import { Link } from 'react-router';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate, formatDateTime, formatNumber, REPORT_REASON_LABELS, type AdminPerson } from '@hubbub/contract';
import { hiddenLabel } from '../event-moderation';
import { PersonBadges } from './person-badges';

const SHOWN_EVENTS = 5;

/** The reported person as a moderator needs them: who they are, their standing and what they host. */
export function PersonContext({ person }: { person: AdminPerson }) {
  const events = person.eventList.slice(0, SHOWN_EVENTS);
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" data-testid="admin-person-context" data-person-id={person.id}>
      <Stack gap={6}>
        <Group gap={6} wrap="wrap">
          <Anchor component={Link} to={`/admin/people/${person.id}`} fw={600}>
            {person.name}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Text>
        </Group>
        <PersonBadges person={person} />
        {person.suspension && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Suspended on {formatDateTime(person.suspension.at)}: {person.suspension.reason}
          </Text>
        )}
        <Text size="sm">
          Joined {formatDate(person.created, { weekday: false })} · {person.events === 1 ? '1 event' : `${formatNumber(person.events)} events`}
        </Text>
        {person.reasons.length > 0 && (
          <Group gap={6}>
            {person.reasons.map((r) => (
              <Badge key={r.reason} variant="outline" color="gray" size="sm">
                {REPORT_REASON_LABELS[r.reason]} × {formatNumber(r.count)}
              </Badge>
            ))}
          </Group>
        )}
        {events.length > 0 && (
          <Stack gap={2} role="list" aria-label={`Events of ${person.name}`}>
            {events.map((e) => (
              <Group key={e.id} gap={6} role="listitem" wrap="wrap">
                <Anchor component={Link} to={`/event/${e.id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(e.startDate)}
                </Text>
                {e.hidden && (
                  <Badge color="orange" size="xs">
                    {hiddenLabel(e.hidden)}
                  </Badge>
                )}
              </Group>
            ))}
            {person.events > events.length && (
              <Anchor component={Link} to={`/admin/people/${person.id}`} size="xs">
                All their events
              </Anchor>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
