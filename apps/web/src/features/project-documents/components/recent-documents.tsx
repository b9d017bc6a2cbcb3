import { Link } from 'react-router';
import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@hubbub/contract';
import { QueryState } from '@/components/query-state';
import { useDocumentSearch } from '../api/search-documents';

const RECENT = 5;

/** The documents edited last, for the dashboard. */
export function RecentDocuments() {
  const search = useDocumentSearch({ searchText: '', eventId: null, orderBy: 'Updated', pageNumber: 1 });
  return (
    <QueryState
      query={search}
      loading={<Skeleton h={60} />}
      error={() => (
        <Text size="sm" c="dimmed">
          Your documents could not be loaded.
        </Text>
      )}
      isEmpty={(data) => !data.documents.length}
      empty={
        <Text size="sm" c="dimmed">
          No documents yet.{' '}
          <Anchor component={Link} to="/documents">
            Start one
          </Anchor>{' '}
          for your next event's programme or FAQ.
        </Text>
      }
    >
      {(data) => (
        <Stack gap={6} data-testid="recent-documents">
          {data.documents.slice(0, RECENT).map((doc) => (
            <Group key={doc.id} justify="space-between" wrap="nowrap" gap="sm">
              <Anchor component={Link} to={`/documents/${doc.id}`} size="sm" lineClamp={1}>
                {doc.title}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatDateTime(doc.updated)}
              </Text>
            </Group>
          ))}
          <Anchor component={Link} to="/documents" size="sm">
            All documents
          </Anchor>
        </Stack>
      )}
    </QueryState>
  );
}
