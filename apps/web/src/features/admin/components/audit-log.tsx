import { useState } from 'react';
import { Alert, Code, Group, Pagination, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IdSchema } from '@hubbub/contract';
import { dayjs } from '@/lib/dates/dayjs';
import { problemMessage } from '@/lib/ui';
import { useAuditLog } from '../api/audit';

const change = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** Every admin action, newest first; read only, as the database keeps it. */
export function AuditLogTable() {
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedAction] = useDebouncedValue(action.trim(), 300);
  const targetId = IdSchema.safeParse(target.trim()).success ? target.trim() : undefined;
  const log = useAuditLog({ action: debouncedAction || undefined, targetId, pageNumber: page });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.totalCount / log.data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <TextInput aria-label="Action" placeholder="Action, e.g. reports.dismiss" value={action} onChange={(e) => (setAction(e.currentTarget.value), setPage(1))} w={{ base: '100%', xs: 240 }} />
        <TextInput
          aria-label="Target id"
          placeholder="Target id"
          value={target}
          onChange={(e) => (setTarget(e.currentTarget.value), setPage(1))}
          error={target.trim() && !targetId ? 'Not an id' : undefined}
          w={{ base: '100%', xs: 340 }}
        />
      </Group>
      {log.isPending && <Skeleton h={120} />}
      {log.isError && <Alert color="red">{problemMessage(log.error)}</Alert>}
      {log.data && log.data.entries.length === 0 && <Text c="dimmed">No admin action recorded{debouncedAction || targetId ? ' with these filters' : ' yet'}.</Text>}
      {log.data && log.data.entries.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" data-testid="audit-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Before → after</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayjs(e.created).format('D MMM YYYY, HH:mm')}</Table.Td>
                  <Table.Td>{e.actorName ?? 'Deleted account'}</Table.Td>
                  <Table.Td>
                    <Code>{e.action}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{e.targetType}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {e.targetId}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.reason}</Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {change(e.before)} → {change(e.after)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
