import { useState } from 'react';
import { Anchor, Group, Loader, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { UserAvatar } from '@/components/user-avatar';
import { useUserSearch } from '../api/search-users';
import { FollowButton } from './follow-button';

/** Finds people by name; the signed-in user can follow them from the list. */
export function PeopleSearch({ selfId }: { selfId?: string }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [searchText] = useDebouncedValue(text.trim(), 300);
  const search = useUserSearch(searchText, page);
  const result = search.data;
  const pages = result ? Math.max(1, Math.ceil(result.totalCount / result.pageSize)) : 1;

  return (
    <Stack gap="sm">
      <TextInput
        label="Search people"
        placeholder="Type a name"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={search.isFetching ? <Loader size={16} /> : null}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setPage(1);
        }}
      />
      {search.isError && <ErrorPanel error={search.error} title="Search failed" onRetry={() => void search.refetch()} />}
      {result && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {result.totalCount === 0
              ? searchText
                ? `No one matches “${searchText}”.`
                : 'No other people yet.'
              : `${result.totalCount} ${result.totalCount === 1 ? 'person' : 'people'}${searchText ? ` matching “${searchText}”` : ''}`}
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {result.users.map((person) => (
              <Paper component="li" key={person.id} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <UserAvatar name={person.name} radius="xl" />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={`/person/${person.id}`} fw={600} truncate>
                        {person.name}
                      </Anchor>
                      {person.location && (
                        <Text size="xs" c="dimmed" truncate>
                          {person.location}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  {person.id !== selfId && (
                    <FollowButton userId={person.id} name={person.name} isFollowing={person.isFollowing} size="xs" />
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
