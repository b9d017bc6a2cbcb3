import { useState } from 'react';
import { formatNumber } from '@hubbub/contract';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { problemMessage } from '@/lib/ui';
import { usePeople } from '../api/people';
import { Pager } from './pager';
import { PersonBadges } from './person-badges';
import { DataTable } from '@/components/data-table';

/** Everyone with an account, searchable by email or name; each row leads to the person's admin page. */
export function PeopleList() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), 300);
  const people = usePeople({ q, pageNumber: page });
  const data = people.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;
  return (
    <Stack gap="sm">
      <TextInput
        label="Search people"
        placeholder="Email or name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={{ base: '100%', xs: 420 }}
        type="search"
        data-testid="people-search"
      />
      {people.isPending && <Skeleton h={160} radius="md" />}
      {people.isError && <Alert color="red">{problemMessage(people.error)}</Alert>}
      {data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {data.totalCount === 1 ? '1 person' : `${formatNumber(data.totalCount)} people`}
          {q ? ` matching “${q}”` : ''}
        </Text>
      )}
      {data && data.people.length > 0 && (
        <DataTable label="People" minWidth={720} testId="people-table" style={{ opacity: people.isPlaceholderData ? 0.6 : 1 }} columns={[{ label: 'Name' }, { label: 'Email' }, { label: 'Plan and roles' }, { label: 'Events', align: 'right' }, { label: 'Open reports', align: 'right' }]}>
          {data.people.map((p) => (
            <Table.Tr key={p.id} data-testid="admin-person-row" data-person-id={p.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/people/${p.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {p.name || 'No name'}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email}</Table.Td>
              <Table.Td>
                <PersonBadges person={p} />
              </Table.Td>
              <Table.Td ta="right">{p.events}</Table.Td>
              <Table.Td ta="right">
                {p.openReports > 0 ? (
                  <Badge color="red" variant="light">
                    {p.openReports}
                  </Badge>
                ) : (
                  0
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {data && data.people.length === 0 && <Text c="dimmed">Nobody {q ? 'matches this search' : 'has an account yet'}.</Text>}
      <Pager total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
