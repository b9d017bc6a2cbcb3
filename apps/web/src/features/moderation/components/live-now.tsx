import { Link } from 'react-router';
import { formatDateTime, formatNumber } from '@hubbub/contract';
import { Alert, Anchor, Button, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { problemMessage } from '@/lib/ui';
import { QueryState } from '@/components/query-state';
import { LIVE_REFRESH_MS, useLiveNow } from '../api/live';
import { useEventModeration } from './use-moderation-actions';
import { useReasonAction } from './use-reason-action';
import { DataTable } from '@/components/data-table';

/** The events whose buzz runs now, with the way to stop one. */
export function LiveNowTable() {
  const live = useLiveNow();
  const { ask, dialog } = useReasonAction();
  const moderation = useEventModeration(ask);
  return (
    <QueryState query={live} loading={<Skeleton h={120} radius="md" />} error={(error) => <Alert color="red">{problemMessage(error)}</Alert>}>
      {({ sessions }) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {sessions.length === 1 ? '1 live session' : `${formatNumber(sessions.length)} live sessions`} · refreshed every {LIVE_REFRESH_MS / 1000} seconds
          </Text>
          {sessions.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Text ta="center" c="dimmed">
                No buzz is running right now.
              </Text>
            </Paper>
          ) : (
            <DataTable label="Live sessions" minWidth={600} testId="live-sessions" columns={[{ label: 'Event' }, { label: 'Host' }, { label: 'Watchers', align: 'right' }, { label: 'Event starts' }, { label: 'Actions', hidden: true }]}>
              {sessions.map((s) => (
                <Table.Tr key={s.eventId} data-testid="live-session-row" data-event-id={s.eventId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/event/${s.eventId}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {s.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/people/${s.host.id}`} size="sm">
                      {s.host.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" data-testid="live-watchers">
                    {formatNumber(s.watchers)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.startDate)}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-sm" variant="light" color="red" onClick={() => moderation.stop({ id: s.eventId, name: s.name })}>
                      Stop live session
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
          {dialog}
        </Stack>
      )}
    </QueryState>
  );
}
