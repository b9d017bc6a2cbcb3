import { Alert, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { ReportGroup } from '@hubbub/contract';
import { problemMessage } from '@/lib/ui';
import { useDismissReports, useReportQueue } from '../api/reports';
import { ReportGroupCard } from './report-group-card';
import { useReasonAction } from './use-reason-action';

/** Open reports by target, most reported first, with what the reporters said and the target in context. */
export function ReportQueueList() {
  const queue = useReportQueue();
  const dismiss = useDismissReports();
  const { ask, dialog } = useReasonAction();
  const askDismiss = (group: ReportGroup) =>
    ask({
      title: 'Dismiss these reports',
      description: `The open reports about “${group.targetName ?? 'this target'}” are closed without action.`,
      confirmLabel: 'Dismiss',
      success: 'Reports dismissed.',
      run: (reason) => dismiss.mutateAsync({ targetType: group.targetType, targetId: group.targetId, reason }),
    });

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
        {dialog}
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {queue.data.openReports} open {queue.data.openReports === 1 ? 'report' : 'reports'} about {queue.data.groups.length} {queue.data.groups.length === 1 ? 'target' : 'targets'}
      </Text>
      {queue.data.groups.map((group) => (
        <ReportGroupCard key={`${group.targetType}:${group.targetId}`} group={group} ask={ask} onDismiss={() => askDismiss(group)} />
      ))}
      {dialog}
    </Stack>
  );
}
