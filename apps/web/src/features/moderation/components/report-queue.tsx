import { Alert, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { formatNumber, type ReportGroup } from '@hubbub/contract';
import { problemMessage } from '@/lib/ui';
import { QueryState } from '@/components/query-state';
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

  return (
    <>
      <QueryState
        query={queue}
        loading={<Skeleton h={120} radius="md" />}
        error={(error) => <Alert color="red">{problemMessage(error)}</Alert>}
        isEmpty={(data) => !data.groups.length}
        empty={
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
        }
      >
        {(data) => (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {formatNumber(data.openReports)} open {data.openReports === 1 ? 'report' : 'reports'} about {formatNumber(data.groups.length)} {data.groups.length === 1 ? 'target' : 'targets'}
            </Text>
            {data.groups.map((group) => (
              <ReportGroupCard key={`${group.targetType}:${group.targetId}`} group={group} ask={ask} onDismiss={() => askDismiss(group)} />
            ))}
          </Stack>
        )}
      </QueryState>
      {/* A dialog (in a portal): it stays mounted while the last report it dismisses leaves the list. */}
      {dialog}
    </>
  );
}
