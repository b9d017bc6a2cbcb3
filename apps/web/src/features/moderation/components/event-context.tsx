import { Link } from 'react-router';
import { Anchor, Badge, Group, Image, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { eventPhase, formatDateTime, formatRange, REPORT_REASON_LABELS, type AdminEvent } from '@hubbub/contract';
import { PhaseBadge } from '@/components/phase-badge';
import { hiddenLabel } from '../event-moderation';

/** In the event's own time zone, as its host entered it; the zone is named so nobody misreads it. */
export function eventWhen(event: Pick<AdminEvent, 'startDate' | 'endDate' | 'timeZone'>): string {
  return formatRange(event.startDate, event.endDate, { timeZone: event.timeZone });
}

export function EventBadges({ event }: { event: Pick<AdminEvent, 'status' | 'hidden' | 'startDate' | 'endDate'> & { published?: boolean } }) {
  return (
    <Group gap={6}>
      <PhaseBadge phase={eventPhase(event)} data-testid="admin-event-status" />
      {event.hidden && (
        <Tooltip label={`${formatDateTime(event.hidden.at)}: ${event.hidden.reason}`} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
          <Badge color="orange" variant="filled" tabIndex={0} data-testid="admin-event-hidden">
            {hiddenLabel(event.hidden)}
          </Badge>
        </Tooltip>
      )}
      {event.published === false && (
        <Badge color="yellow" variant="light">
          Not published yet
        </Badge>
      )}
    </Group>
  );
}

/** The reported event as a moderator needs it: who hosts it, when, its state and its flyers. */
export function EventContext({ event, reportedFlyerId }: { event: AdminEvent; reportedFlyerId?: string | null }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" data-testid="admin-event-context" data-event-id={event.id}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {event.thumbnailPath && <Image src={event.thumbnailPath} alt="" w={72} h={48} radius="sm" fit="cover" style={{ flexShrink: 0 }} />}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/event/${event.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {event.name}
            </Anchor>
            <Text size="sm">{eventWhen(event)}</Text>
            {event.venue && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {event.venue}
              </Text>
            )}
          </Stack>
        </Group>
        <EventBadges event={event} />
        {event.hidden && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {hiddenLabel(event.hidden)} on {formatDateTime(event.hidden.at)}: {event.hidden.reason}
          </Text>
        )}
        <Group gap={6} wrap="wrap">
          <Text size="sm">Host:</Text>
          <Anchor component={Link} to={`/admin/people/${event.host.id}`} size="sm" fw={500}>
            {event.host.name}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {event.host.email}
          </Text>
          {event.host.suspended && (
            <Badge color="red" variant="filled" size="sm">
              Suspended
            </Badge>
          )}
        </Group>
        {event.description?.trim() && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {event.description}
          </Text>
        )}
        {event.reasons.length > 0 && (
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              Open reports about the event:
            </Text>
            {event.reasons.map((r) => (
              <Badge key={r.reason} variant="outline" color="gray" size="sm">
                {REPORT_REASON_LABELS[r.reason]} × {r.count}
              </Badge>
            ))}
          </Group>
        )}
        <FlyerList event={event} reportedFlyerId={reportedFlyerId ?? null} />
      </Stack>
    </Paper>
  );
}

function FlyerList({ event, reportedFlyerId }: { event: AdminEvent; reportedFlyerId: string | null }) {
  if (!event.flyers.length) {
    return (
      <Text size="xs" c="dimmed">
        No flyers.
      </Text>
    );
  }
  return (
    <Stack gap={4} role="list" aria-label={`Flyers of ${event.name}`}>
      {event.flyers.map((flyer) => {
        const reported = flyer.id === reportedFlyerId;
        return (
          <Group
            key={flyer.id}
            role="listitem"
            gap={6}
            wrap="wrap"
            px={8}
            py={4}
            data-testid="admin-flyer"
            data-reported={reported || undefined}
            aria-current={reported || undefined}
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              border: `1px solid ${reported ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-default-border)'}`,
            }}
          >
            <Text size="sm" fw={reported ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
              {flyer.name}
            </Text>
            {reported && (
              <Badge color="red" size="xs">
                Reported
              </Badge>
            )}
            {flyer.isActivated && (
              <Badge color="green" variant="light" size="xs">
                Active
              </Badge>
            )}
            {flyer.openReports > 0 && (
              <Badge color="red" variant="outline" size="xs">
                {flyer.openReports === 1 ? '1 open report' : `${flyer.openReports} open reports`}
              </Badge>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
