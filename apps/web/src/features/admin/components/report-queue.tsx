import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconChecks, IconPhoto, IconUser } from '@tabler/icons-react';
import { REPORT_REASON_LABELS, type ReportGroup } from '@hubbub/contract';
import { dayjs } from '@/lib/dates/dayjs';
import { notify, problemMessage } from '@/lib/ui';
import { useDismissReports, useReportQueue } from '../api/reports';
import { ReasonDialog } from './reason-dialog';

const ICONS = { event: IconCalendarEvent, flyer: IconPhoto, user: IconUser };

function targetLink(group: ReportGroup): string | null {
  if (group.targetType === 'user') return `/person/${group.targetId}`;
  return group.eventId ? `/event/${group.eventId}` : null;
}

function GroupCard({ group, onDismiss }: { group: ReportGroup; onDismiss: () => void }) {
  const Icon = ICONS[group.targetType];
  const link = targetLink(group);
  const name = group.targetName ?? 'Deleted';
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-group" data-target-id={group.targetId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="red" radius="xl">
              <Icon size={16} aria-hidden />
            </ThemeIcon>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {group.targetType}
              </Text>
              {link ? (
                <Anchor component={Link} to={link} fw={600}>
                  {name}
                </Anchor>
              ) : (
                <Text fw={600}>{name}</Text>
              )}
            </Stack>
          </Group>
          <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
            {group.reporters === 1 ? '1 reporter' : `${group.reporters} reporters`}
          </Badge>
        </Group>
        <Group gap={6}>
          {group.reasons.map((r) => (
            <Badge key={r.reason} variant="outline" color="gray">
              {REPORT_REASON_LABELS[r.reason]} × {r.count}
            </Badge>
          ))}
        </Group>
        {group.notes.map((note, i) => (
          <Text key={i} size="sm" c="dimmed" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)', paddingLeft: 8, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note}
          </Text>
        ))}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            First {dayjs(group.firstReported).format('D MMM, HH:mm')} · last {dayjs(group.lastReported).format('D MMM, HH:mm')}
          </Text>
          <Button size="compact-sm" variant="default" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Open reports by target, most reported first, with what the reporters said. */
export function ReportQueueList() {
  const queue = useReportQueue();
  const dismiss = useDismissReports();
  const [target, setTarget] = useState<ReportGroup | null>(null);
  if (queue.isPending) return <Skeleton h={120} radius="md" />;
  if (queue.isError) return <Alert color="red">{problemMessage(queue.error)}</Alert>;
  if (!queue.data.groups.length) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <ThemeIcon size={44} radius="xl" variant="light" color="green">
            <IconChecks size={24} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>No open reports</Text>
          <Text size="sm" c="dimmed">
            Reports people send about events, flyers and people appear here.
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {queue.data.openReports} open {queue.data.openReports === 1 ? 'report' : 'reports'} about {queue.data.groups.length} {queue.data.groups.length === 1 ? 'target' : 'targets'}
      </Text>
      {queue.data.groups.map((group) => (
        <GroupCard key={`${group.targetType}:${group.targetId}`} group={group} onDismiss={() => setTarget(group)} />
      ))}
      <ReasonDialog
        key={target?.targetId ?? 'none'}
        opened={target !== null}
        title="Dismiss these reports"
        description={`The open reports about “${target?.targetName ?? 'this target'}” are closed without action.`}
        confirmLabel="Dismiss"
        busy={dismiss.isPending}
        error={dismiss.isError ? problemMessage(dismiss.error) : null}
        onCancel={() => {
          setTarget(null);
          dismiss.reset();
        }}
        onConfirm={(reason) =>
          target &&
          dismiss.mutate(
            { targetType: target.targetType, targetId: target.targetId, reason },
            {
              onSuccess: () => {
                notify.success('Reports dismissed.');
                setTarget(null);
              },
            },
          )
        }
      />
    </Stack>
  );
}
