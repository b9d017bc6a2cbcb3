import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileText, IconSearch } from '@tabler/icons-react';
import { DOCUMENT_SEARCH_PAGE_SIZE, formatDateTime, formatNumber, type ProjectDocumentHit } from '@hubbub/contract';
import { EmptyState } from '@/components/empty-state';
import { useDocumentSearch, type DocumentSearchParams } from '../api/search-documents';
import { Snippet } from './snippet';
import type { EventOption } from './document-meta-fields';

type Sort = DocumentSearchParams['orderBy'];
const SORTS: { value: Sort; label: string }[] = [
  { value: 'Relevance', label: 'Best match' },
  { value: 'Updated', label: 'Last edited' },
  { value: 'Title', label: 'Title A–Z' },
];

function Hit({ hit, eventName }: { hit: ProjectDocumentHit; eventName: string | undefined }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="document-hit" data-document-id={hit.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/documents/${hit.id}`} fw={600} lineClamp={1}>
            {hit.title}
          </Anchor>
          <Badge variant="light" color={hit.visibility === 'public' ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
            {hit.visibility === 'public' ? 'Public' : 'Private'}
          </Badge>
        </Group>
        <Snippet parts={hit.snippet} />
        <Text size="xs" c="dimmed">
          Edited {formatDateTime(hit.updated)}
          {eventName ? ` · ${eventName}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

function Empty({ searching, onCreate }: { searching: boolean; onCreate: () => void }) {
  if (searching) return <Text c="dimmed">No document matches. Try fewer or other words.</Text>;
  return (
    <EmptyState icon={IconFileText} small radius="md">
      <Text fw={600}>No documents yet</Text>
      <Text size="sm" c="dimmed" maw={420}>
        Keep the programme, the FAQ, the run sheet or the vendor list here: private while you draft, public on the event page when ready.
      </Text>
      <Button onClick={onCreate}>Write the first one</Button>
    </EmptyState>
  );
}

interface DocumentsBrowserProps {
  events: EventOption[] | undefined;
  onCreate: () => void;
}

/** My documents: search as you type (title and body, matched words marked), by event, sorted, a page at a time. */
export function DocumentsBrowser({ events, onCreate }: DocumentsBrowserProps) {
  const [text, setText] = useState('');
  const [searchText] = useDebouncedValue(text.trim(), 250);
  const [eventId, setEventId] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(1);
  // Best match while searching, last edited otherwise, unless the person picked one.
  const orderBy: Sort = sort ?? (searchText ? 'Relevance' : 'Updated');
  const search = useDocumentSearch({ searchText, eventId, orderBy, pageNumber: page });
  const eventNames = new Map(events?.map((e) => [e.value, e.label]));
  const total = search.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / DOCUMENT_SEARCH_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label="Search documents"
          type="search"
          placeholder="Search titles and text"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          aria-label="Event"
          placeholder="All events"
          data={events ?? []}
          value={eventId}
          clearable
          searchable
          onChange={(value) => {
            setEventId(value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          aria-label="Sort"
          data={SORTS.filter((s) => s.value !== 'Relevance' || searchText)}
          value={orderBy}
          allowDeselect={false}
          onChange={(value) => setSort(value as Sort)}
          w={{ base: '100%', xs: 160 }}
        />
      </Group>
      {search.isError && <Alert color="red">Your documents could not be loaded. Check your connection and try again.</Alert>}
      {search.isPending && (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={86} radius="md" />
          ))}
        </Stack>
      )}
      {search.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 1 ? '1 document' : `${formatNumber(total)} documents`}
          </Text>
          {search.data.documents.length === 0 ? (
            <Empty searching={Boolean(searchText || eventId)} onCreate={onCreate} />
          ) : (
            <Stack gap="sm" style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}>
              {search.data.documents.map((hit) => (
                <Hit key={hit.id} hit={hit} eventName={hit.eventId ? eventNames.get(hit.eventId) : undefined} />
              ))}
            </Stack>
          )}
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
