import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title, type MantineColor } from '@mantine/core';
import { formatDateTime, type FederationFollowState, type FederationFollowing } from '@hubbub/contract';
import { DataTable } from '@/components/data-table';
import { notify, problemMessage } from '@/lib/ui';
import { useFollowRemote, useUnfollowRemote } from '../api/federation-overview';

const STATES: Record<FederationFollowState, { label: string; color: MantineColor }> = {
  finding: { label: 'Looking it up…', color: 'gray' },
  asked: { label: 'Waiting for its server', color: 'yellow' },
  following: { label: 'Following', color: 'green' },
  refused: { label: 'Refused by its server', color: 'red' },
  failed: { label: 'Could not follow', color: 'red' },
  leaving: { label: 'Unfollowing…', color: 'gray' },
};

/**
 * The accounts on other servers the site follows (another Hubbub's site, a Mobilizon group, a
 * Gancio server): their public events show here, marked with their origin.
 */
export function FollowingSection({ following, enabled }: { following: FederationFollowing[]; enabled: boolean }) {
  const follow = useFollowRemote();
  const unfollow = useUnfollowRemote();
  const [target, setTarget] = useState('');
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Servers the site follows
      </Title>
      <Text size="sm" c="dimmed">
        Their public events show in search and on the map here, marked with the server they come from and linking to it; people say Going there. Follow another
        Hubbub site (@hubbub@its.host), a Mobilizon server (@relay@its.host) or group, or a Gancio server by its handle: a server&apos;s own account brings all of
        its public events, any other account its own.
      </Text>
      {enabled && (
        <Paper withBorder radius="md" p="md">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!target.trim()) return;
              follow.mutate(
                { target: target.trim() },
                {
                  onSuccess: () => {
                    notify.success(`Asking to follow ${target.trim()}.`);
                    setTarget('');
                  },
                },
              );
            }}
          >
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Account to follow"
                description="Its handle, as on Mastodon (@events@other.example), or its address."
                placeholder="@events@other.example"
                value={target}
                onChange={(e) => setTarget(e.currentTarget.value)}
                maxLength={500}
                required
                style={{ flex: '1 1 260px' }}
                data-testid="federation-follow-target"
              />
              <Button type="submit" disabled={!target.trim()} loading={follow.isPending}>
                Follow
              </Button>
            </Group>
            {follow.error && (
              <Alert color="red" mt="sm" data-testid="federation-follow-error">
                {problemMessage(follow.error)}
              </Alert>
            )}
          </form>
        </Paper>
      )}
      {following.length === 0 ? (
        <Text size="sm" c="dimmed">
          The site follows no other server yet.
        </Text>
      ) : (
        <DataTable label="Servers the site follows" minWidth={640} testId="federation-following" columns={[{ label: 'Account' }, { label: 'Status' }, { label: 'Since' }, { label: 'Actions', hidden: true }]}>
          {following.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {f.actor ? (
                  <Anchor href={f.actor} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                    {f.handle ?? f.target}
                  </Anchor>
                ) : (
                  <Text size="sm">{f.target}</Text>
                )}
                {f.problem ? (
                  <Text size="xs" c="dimmed">
                    {f.problem}
                  </Text>
                ) : (
                  f.actor && (
                    <Text size="xs" c="dimmed">
                      {f.wholeServer ? "All of its server's public events" : 'Its own public events'}
                    </Text>
                  )
                )}
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATES[f.state].color} tt="none" data-testid="federation-following-state">
                  {STATES[f.state].label}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.since)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="light"
                  color={f.state === 'failed' || f.state === 'refused' ? 'gray' : 'red'}
                  loading={unfollow.isPending && unfollow.variables === f.id}
                  onClick={() => unfollow.mutate(f.id, { onSuccess: () => notify.success(`The site no longer follows ${f.handle ?? f.target}.`) })}
                  aria-label={`${f.state === 'failed' || f.state === 'refused' ? 'Remove' : 'Unfollow'} ${f.handle ?? f.target}`}
                >
                  {f.state === 'failed' || f.state === 'refused' ? 'Remove' : 'Unfollow'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {unfollow.error && <Alert color="red">{problemMessage(unfollow.error)}</Alert>}
    </Stack>
  );
}
