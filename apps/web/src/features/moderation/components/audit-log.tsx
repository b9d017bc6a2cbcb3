import { useState } from 'react';
import { Alert, Code, Group, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDateTime, IdSchema } from '@hubbub/contract';
import { problemMessage } from '@/lib/ui';
import { useAuditLog } from '../api/audit';
import { auditChanges } from '../audit-change';
import { Pager } from './pager';
import { DataTable } from '@/components/data-table';

/** Every action the console can take, as the audit log names it. */
export const AUDIT_ACTIONS = [
  'reports.dismiss',
  'event.hide',
  'event.unhide',
  'event.cancel',
  'event.stop',
  'person.suspend',
  'person.lift',
  'person.role',
  'person.plan',
  'person.delete',
] as const;

function Changes({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditChanges(before, after);
  if (!lines.length) return <Text size="xs" c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      {lines.map((line, i) => (
        <Text key={i} size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Every admin action, newest first; read only, as the database keeps it. */
export function AuditLogTable() {
  const [action, setAction] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const targetId = IdSchema.safeParse(target.trim()).success ? target.trim() : undefined;
  const log = useAuditLog({ action: action ?? undefined, targetId, pageNumber: page });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.totalCount / log.data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="flex-start">
        <Select
          label="Action"
          placeholder="Every action"
          data={[...AUDIT_ACTIONS]}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', xs: 240 }}
          data-testid="audit-action-filter"
        />
        <TextInput
          label="Target id"
          placeholder="An event's or a person's id"
          value={target}
          onChange={(e) => {
            setTarget(e.currentTarget.value);
            setPage(1);
          }}
          error={target.trim() && !targetId ? 'Not an id' : undefined}
          w={{ base: '100%', xs: 340 }}
        />
      </Group>
      {log.isPending && <Skeleton h={120} />}
      {log.isError && <Alert color="red">{problemMessage(log.error)}</Alert>}
      {log.data && log.data.entries.length === 0 && <Text c="dimmed">No admin action recorded{action || targetId ? ' with these filters' : ' yet'}.</Text>}
      {log.data && log.data.entries.length > 0 && (
        <DataTable label="Audit log" minWidth={720} testId="audit-log" columns={[{ label: 'When' }, { label: 'Who' }, { label: 'Action' }, { label: 'Target' }, { label: 'Reason' }, { label: 'Changes' }]}>
          {log.data.entries.map((e) => (
            <Table.Tr key={e.id} data-testid="audit-entry" data-action={e.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created)}</Table.Td>
              <Table.Td>{e.actorName ?? (e.action.startsWith('system.') ? 'Hubbub (an upgrade)' : 'Deleted account')}</Table.Td>
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
              <Table.Td maw={320}>
                <Changes before={e.before} after={e.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
