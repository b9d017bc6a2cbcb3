import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconMessage, IconPhoto, IconUser } from '@tabler/icons-react';
import { formatDateTime, formatNumber, REPORT_REASON_LABELS, type ReportGroup } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';
import { useAdminEvent } from '../api/admin-event';
import { useAdminPerson } from '../api/person';
import { eventActions } from '../event-moderation';
import { moderationErrorMessage } from '../moderation-error';
import { EventContext } from './event-context';
import { PersonContext } from './person-context';
import { useEventModeration, usePersonModeration } from './use-moderation-actions';
import type { ReasonAction } from './use-reason-action';

const ICONS = { event: IconCalendarEvent, flyer: IconPhoto, user: IconUser, chat: IconMessage };

interface CardProps {
  group: ReportGroup;
  ask: (action: ReasonAction) => void;
  onDismiss: () => void;
}

/** What the reporters said, the target in context, and what can be done about it. */
function GroupShell({ group, context, actions }: { group: ReportGroup; context: ReactNode; actions: ReactNode }) {
  const Icon = ICONS[group.targetType];
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-group" data-target-id={group.targetId} data-target-type={group.targetType}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" color="red" radius="xl">
              <Icon size={16} aria-hidden />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {group.targetType === 'user' ? 'person' : group.targetType === 'chat' ? 'chat message' : group.targetType}
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {group.targetName ?? 'Deleted'}
              </Text>
            </Stack>
          </Group>
          <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
            {group.reporters === 1 ? '1 reporter' : `${formatNumber(group.reporters)} reporters`}
          </Badge>
        </Group>
        <Group gap={6}>
          {group.reasons.map((r) => (
            <Badge key={r.reason} variant="outline" color="gray">
              {REPORT_REASON_LABELS[r.reason]} × {formatNumber(r.count)}
            </Badge>
          ))}
        </Group>
        {group.notes.map((note, i) => (
          <Text key={i} size="sm" c="dimmed" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)', paddingLeft: 8, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note}
          </Text>
        ))}
        {context}
        <Text size="xs" c="dimmed">
          First {formatDateTime(group.firstReported)} · last {formatDateTime(group.lastReported)}
        </Text>
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="default" onClick={onClick}>
      Dismiss
    </Button>
  );
}

function ContextMissing({ error }: { error: unknown }) {
  return (
    <Alert color="gray" variant="light" p="xs">
      <Text size="sm">{moderationErrorMessage(error)}</Text>
    </Alert>
  );
}

/** An event or one of its flyers: the actions act on the event (a flyer has none of its own). */
function EventGroupCard({ group, eventId, ask, onDismiss }: CardProps & { eventId: string }) {
  const event = useAdminEvent(eventId);
  const eventModeration = useEventModeration(ask);
  const personModeration = usePersonModeration(ask);
  const e = event.data;
  const can = e ? eventActions(e) : null;
  const context = (
    <QueryState query={event} loading={<Skeleton h={96} radius="md" />} error={(error) => <ContextMissing error={error} />}>
      {(data) => <EventContext event={data} reportedFlyerId={group.targetType === 'flyer' ? group.targetId : null} />}
    </QueryState>
  );
  const actions = (
    <>
      <DismissButton onClick={onDismiss} />
      {e && can && (
        <>
          {can.hide && (
            <Button size="compact-sm" variant="light" color="orange" onClick={() => eventModeration.hide(e)}>
              Hide event
            </Button>
          )}
          {can.unhide && (
            <Button size="compact-sm" variant="light" onClick={() => eventModeration.unhide(e)}>
              Show event again
            </Button>
          )}
          {can.stop && (
            <Button size="compact-sm" variant="light" color="red" onClick={() => eventModeration.stop(e)}>
              Stop live session
            </Button>
          )}
          {can.cancel && (
            <Button size="compact-sm" variant="light" color="red" onClick={() => eventModeration.cancel(e)}>
              Cancel event
            </Button>
          )}
          {e.host.suspended ? (
            <Button size="compact-sm" variant="light" onClick={() => personModeration.lift(e.host)}>
              Lift suspension
            </Button>
          ) : (
            <Button size="compact-sm" variant="light" color="red" onClick={() => personModeration.suspend(e.host, 'Suspend host')}>
              Suspend host
            </Button>
          )}
          <Anchor component={Link} to={`/admin/people/${e.host.id}`} size="sm" data-testid="person-admin-link">
            Host’s admin page
          </Anchor>
        </>
      )}
    </>
  );
  return <GroupShell group={group} context={context} actions={actions} />;
}

function PersonGroupCard({ group, ask, onDismiss }: CardProps) {
  const person = useAdminPerson(group.targetId);
  const personModeration = usePersonModeration(ask);
  const p = person.data;
  const context = (
    <QueryState query={person} loading={<Skeleton h={96} radius="md" />} error={(error) => <ContextMissing error={error} />}>
      {(data) => <PersonContext person={data} />}
    </QueryState>
  );
  const actions = (
    <>
      <DismissButton onClick={onDismiss} />
      {p &&
        (p.suspended ? (
          <Button size="compact-sm" variant="light" onClick={() => personModeration.lift(p)}>
            Lift suspension
          </Button>
        ) : (
          <Button size="compact-sm" variant="light" color="red" onClick={() => personModeration.suspend(p)}>
            Suspend person
          </Button>
        ))}
      {p && (
        <Anchor component={Link} to={`/admin/people/${p.id}`} size="sm" data-testid="person-admin-link">
          Admin page
        </Anchor>
      )}
    </>
  );
  return <GroupShell group={group} context={context} actions={actions} />;
}

/** A chat message: its author and words are the title; the host deletes messages in the buzz, moderators act on the author's page. */
function ChatGroupCard({ group, onDismiss, eventId }: CardProps & { eventId: string }) {
  const context = (
    <Text size="sm" c="dimmed">
      Said in the chat of{' '}
      <Anchor component={Link} to={`/buzz/${eventId}`} size="sm">
        this event’s buzz
      </Anchor>
      .
    </Text>
  );
  return <GroupShell group={group} context={context} actions={<DismissButton onClick={onDismiss} />} />;
}

export function ReportGroupCard(props: CardProps) {
  const { group } = props;
  if (group.targetType === 'user') return <PersonGroupCard {...props} />;
  if (group.targetType === 'chat' && group.eventId) return <ChatGroupCard {...props} eventId={group.eventId} />;
  if (group.eventId) return <EventGroupCard {...props} eventId={group.eventId} />;
  return <GroupShell group={group} context={<Text size="sm" c="dimmed">The reported item no longer exists.</Text>} actions={<DismissButton onClick={props.onDismiss} />} />;
}
